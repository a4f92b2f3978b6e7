import type { CreateTableBuilder, Kysely } from 'kysely';
import { withLineColumns } from './document-columns';
import type { BahiMigration } from './migration';

/** A document header's party, GST and totals columns: estimates and sales orders share them. */
function withSalesHeader<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('branch_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull())
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

/** Estimates and sales orders with their lines. Neither posts a journal. */
export const estimatesAndSalesOrders: BahiMigration = {
  name: '004-estimates-sales-orders',
  async up(db: Kysely<unknown>) {
    const s = db.schema;

    await withSalesHeader(s.createTable('estimates')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('estimate_id', 'text', (c) => c.notNull())
      .addColumn('estimate_number', 'text', (c) => c.notNull())
      .addColumn('estimate_date', 'text', (c) => c.notNull())
      .addColumn('expiry_date', 'text')
      .addColumn('converted_to_sales_order_id', 'text'))
      .addPrimaryKeyConstraint('estimates_pk', ['org_id', 'estimate_id'])
      .execute();
    // Numbers come from one counter per organisation; the index is the guarantee behind it.
    await s.createIndex('estimates_number').unique().on('estimates').columns(['org_id', 'estimate_number']).execute();
    await s.createIndex('estimates_status').on('estimates').columns(['org_id', 'status', 'estimate_id']).execute();
    await s.createIndex('estimates_customer').on('estimates').columns(['org_id', 'customer_id', 'estimate_id']).execute();

    await withLineColumns(s.createTable('estimate_lines')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('estimate_id', 'text', (c) => c.notNull()))
      .addPrimaryKeyConstraint('estimate_lines_pk', ['org_id', 'line_item_id'])
      .execute();
    await s.createIndex('estimate_lines_estimate').on('estimate_lines').columns(['org_id', 'estimate_id', 'position']).execute();

    await withSalesHeader(s.createTable('sales_orders')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('sales_order_id', 'text', (c) => c.notNull())
      .addColumn('sales_order_number', 'text', (c) => c.notNull())
      .addColumn('order_date', 'text', (c) => c.notNull())
      .addColumn('shipment_date', 'text')
      .addColumn('estimate_id', 'text')
      .addColumn('invoice_id', 'text'))
      .addPrimaryKeyConstraint('sales_orders_pk', ['org_id', 'sales_order_id'])
      .execute();
    await s.createIndex('sales_orders_number').unique().on('sales_orders').columns(['org_id', 'sales_order_number']).execute();
    await s.createIndex('sales_orders_status').on('sales_orders').columns(['org_id', 'status', 'sales_order_id']).execute();
    await s.createIndex('sales_orders_customer').on('sales_orders').columns(['org_id', 'customer_id', 'sales_order_id']).execute();

    await withLineColumns(s.createTable('sales_order_lines')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('sales_order_id', 'text', (c) => c.notNull()))
      .addPrimaryKeyConstraint('sales_order_lines_pk', ['org_id', 'line_item_id'])
      .execute();
    await s.createIndex('sales_order_lines_order').on('sales_order_lines').columns(['org_id', 'sales_order_id', 'position']).execute();
  },
};
