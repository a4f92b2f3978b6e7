import type { Kysely } from 'kysely';
import { withDocumentHeader, withLineColumns } from './document-columns';
import type { BahiMigration } from './migration';

/** Bills (posted to payables) and purchase orders (not posted), with their lines. */
export const purchases: BahiMigration = {
  name: '005-purchases',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await withDocumentHeader(s.createTable('bills')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('bill_id', 'text', (c) => c.notNull())
      .addColumn('bill_number', 'text', (c) => c.notNull())
      .addColumn('bill_date', 'text', (c) => c.notNull())
      .addColumn('due_date', 'text', (c) => c.notNull())
      .addColumn('currency_code', 'text', (c) => c.notNull())
      .addColumn('exchange_rate_micro', 'bigint', (c) => c.notNull())
      .addColumn('round_off', 'bigint', (c) => c.notNull())
      .addColumn('payment_made', 'bigint', (c) => c.notNull())
      .addColumn('vendor_credits_applied', 'bigint', (c) => c.notNull())
      .addColumn('balance', 'bigint', (c) => c.notNull())
      .addColumn('purchase_order_id', 'text'), 'vendor')
      .addPrimaryKeyConstraint('bills_pk', ['org_id', 'bill_id'])
      .execute();
    await s.createIndex('bills_vendor').on('bills').columns(['org_id', 'vendor_id', 'bill_id']).execute();
    await s.createIndex('bills_status').on('bills').columns(['org_id', 'status', 'bill_id']).execute();
    // The anti-duplicate guard looks bills up by vendor, date and total.
    await s.createIndex('bills_duplicate_guard').on('bills').columns(['org_id', 'vendor_id', 'bill_date', 'total']).execute();

    await withLineColumns(s.createTable('bill_lines')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('bill_id', 'text', (c) => c.notNull()))
      .addPrimaryKeyConstraint('bill_lines_pk', ['org_id', 'line_item_id'])
      .execute();
    await s.createIndex('bill_lines_bill').on('bill_lines').columns(['org_id', 'bill_id', 'position']).execute();

    await withDocumentHeader(s.createTable('purchase_orders')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('purchase_order_id', 'text', (c) => c.notNull())
      .addColumn('purchase_order_number', 'text', (c) => c.notNull())
      .addColumn('order_date', 'text', (c) => c.notNull())
      .addColumn('expected_date', 'text')
      .addColumn('bill_id', 'text'), 'vendor')
      .addPrimaryKeyConstraint('purchase_orders_pk', ['org_id', 'purchase_order_id'])
      .execute();
    await s.createIndex('purchase_orders_vendor').on('purchase_orders').columns(['org_id', 'vendor_id', 'purchase_order_id']).execute();

    await withLineColumns(s.createTable('purchase_order_lines')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('purchase_order_id', 'text', (c) => c.notNull()))
      .addPrimaryKeyConstraint('purchase_order_lines_pk', ['org_id', 'line_item_id'])
      .execute();
    await s.createIndex('purchase_order_lines_order').on('purchase_order_lines').columns(['org_id', 'purchase_order_id', 'position']).execute();
  },
};
