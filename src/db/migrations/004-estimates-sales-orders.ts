import type { Kysely } from 'kysely';
import { withDocumentHeader, withLineColumns } from './document-columns';
import type { BahiMigration } from './migration';

/** Estimates and sales orders with their lines. Neither posts a journal. */
export const estimatesAndSalesOrders: BahiMigration = {
  name: '004-estimates-sales-orders',
  async up(db: Kysely<unknown>) {
    const s = db.schema;

    await withDocumentHeader(s.createTable('estimates')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('estimate_id', 'text', (c) => c.notNull())
      .addColumn('estimate_number', 'text', (c) => c.notNull())
      .addColumn('estimate_date', 'text', (c) => c.notNull())
      .addColumn('expiry_date', 'text')
      .addColumn('converted_to_sales_order_id', 'text'), 'customer')
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

    await withDocumentHeader(s.createTable('sales_orders')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('sales_order_id', 'text', (c) => c.notNull())
      .addColumn('sales_order_number', 'text', (c) => c.notNull())
      .addColumn('order_date', 'text', (c) => c.notNull())
      .addColumn('shipment_date', 'text')
      .addColumn('estimate_id', 'text')
      .addColumn('invoice_id', 'text'), 'customer')
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
