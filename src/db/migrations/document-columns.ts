import type { CreateTableBuilder } from 'kysely';

/**
 * A document header's party, GST and totals columns: `customer` documents (estimates, sales
 * orders) and `vendor` documents (bills, purchase orders) differ only in the party's name.
 */
export function withDocumentHeader<T extends string, C extends string>(table: CreateTableBuilder<T, C>, party: 'customer' | 'vendor') {
  return table
    .addColumn('branch_id', 'text', (c) => c.notNull())
    .addColumn(`${party}_id`, 'text', (c) => c.notNull())
    .addColumn(`${party}_name`, 'text', (c) => c.notNull())
    .addColumn('reference_number', 'text')
    .addColumn('place_of_supply', 'text', (c) => c.notNull())
    .addColumn('supply_type', 'text', (c) => c.notNull())
    .addColumn('sub_total', 'bigint', (c) => c.notNull())
    .addColumn('tax_total', 'bigint', (c) => c.notNull())
    .addColumn('cgst_total', 'bigint', (c) => c.notNull())
    .addColumn('sgst_total', 'bigint', (c) => c.notNull())
    .addColumn('igst_total', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_time', 'text', (c) => c.notNull())
    .addColumn('last_modified_time', 'text', (c) => c.notNull());
}

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
