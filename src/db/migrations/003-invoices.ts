import type { Kysely } from 'kysely';
import { withLineColumns } from './document-columns';
import type { BahiMigration } from './migration';

/** Invoices with their lines, and the counters behind document numbers. */
export const invoices: BahiMigration = {
  name: '003-invoices',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.createTable('document_counters')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('counter_key', 'text', (c) => c.notNull())
      .addColumn('next_value', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('document_counters_pk', ['org_id', 'counter_key'])
      .execute();

    await s.createTable('invoices')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('invoice_id', 'text', (c) => c.notNull())
      .addColumn('invoice_number', 'text', (c) => c.notNull())
      .addColumn('branch_id', 'text', (c) => c.notNull())
      .addColumn('series_id', 'text')
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('invoice_date', 'text', (c) => c.notNull())
      .addColumn('due_date', 'text', (c) => c.notNull())
      .addColumn('reference_number', 'text')
      .addColumn('place_of_supply', 'text', (c) => c.notNull())
      .addColumn('supply_type', 'text', (c) => c.notNull())
      .addColumn('currency_code', 'text', (c) => c.notNull())
      .addColumn('exchange_rate_micro', 'bigint', (c) => c.notNull())
      .addColumn('sub_total', 'bigint', (c) => c.notNull())
      .addColumn('tax_total', 'bigint', (c) => c.notNull())
      .addColumn('cgst_total', 'bigint', (c) => c.notNull())
      .addColumn('sgst_total', 'bigint', (c) => c.notNull())
      .addColumn('igst_total', 'bigint', (c) => c.notNull())
      .addColumn('round_off', 'bigint', (c) => c.notNull())
      .addColumn('total', 'bigint', (c) => c.notNull())
      .addColumn('payment_made', 'bigint', (c) => c.notNull())
      .addColumn('credits_applied', 'bigint', (c) => c.notNull())
      .addColumn('balance', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('salesperson_id', 'text')
      .addColumn('notes', 'text')
      .addColumn('sales_order_id', 'text')
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addColumn('last_modified_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('invoices_pk', ['org_id', 'invoice_id'])
      .execute();
    // An invoice number is unique within its branch (the spec), which the counter relies on too.
    await s.createIndex('invoices_number').unique().on('invoices').columns(['org_id', 'branch_id', 'invoice_number']).execute();
    await s.createIndex('invoices_status').on('invoices').columns(['org_id', 'status', 'invoice_id']).execute();
    await s.createIndex('invoices_customer').on('invoices').columns(['org_id', 'customer_id', 'invoice_id']).execute();
    await s.createIndex('invoices_date').on('invoices').columns(['org_id', 'invoice_date']).execute();

    await withLineColumns(s.createTable('invoice_lines')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('invoice_id', 'text', (c) => c.notNull()))
      .addPrimaryKeyConstraint('invoice_lines_pk', ['org_id', 'line_item_id'])
      .execute();
    await s.createIndex('invoice_lines_invoice').on('invoice_lines').columns(['org_id', 'invoice_id', 'position']).execute();
  },
};
