import type { CreateTableBuilder } from 'kysely';

/** The line columns of db/schema.ts DocumentLineColumns, as invoice_lines has them. */
export function withLineColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('line_item_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('hsn_or_sac', 'text')
    .addColumn('quantity_milli', 'bigint', (c) => c.notNull())
    .addColumn('unit', 'text')
    .addColumn('rate', 'bigint', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull())
    .addColumn('tax_id', 'text')
    .addColumn('tax_rate_centi', 'integer', (c) => c.notNull())
    .addColumn('item_total', 'bigint', (c) => c.notNull())
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .addColumn('cgst', 'bigint', (c) => c.notNull())
    .addColumn('sgst', 'bigint', (c) => c.notNull())
    .addColumn('igst', 'bigint', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull());
}
