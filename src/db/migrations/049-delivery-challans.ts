import type { Kysely } from 'kysely';
import { withLineColumns } from './document-columns';
import type { BahiMigration } from './migration';

/**
 * Delivery challans (CGST Rule 55; docs/rules/documents-and-notes.md, "Delivery challans"):
 * goods moved without a sale, numbered from their own series (DC-), posting no journal. The
 * consignee is a contact (kept as issued in `party`) or, for a transfer within one GSTIN, a
 * branch; an on-approval challan records the invoice that later made it a supply.
 */
export const deliveryChallans: BahiMigration = {
  name: '049-delivery-challans',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    const money = ['sub_total', 'tax_total', 'cgst_total', 'sgst_total', 'igst_total', 'cess_total', 'total'] as const;
    let header = s.createTable('delivery_challans')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('delivery_challan_id', 'text', (c) => c.notNull())
      .addColumn('delivery_challan_number', 'text', (c) => c.notNull())
      .addColumn('series_id', 'text')
      .addColumn('branch_id', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('contact_id', 'text')
      .addColumn('contact_name', 'text')
      .addColumn('party', 'text')
      .addColumn('to_branch_id', 'text')
      .addColumn('challan_date', 'text', (c) => c.notNull())
      .addColumn('place_of_supply', 'text', (c) => c.notNull())
      .addColumn('supply_type', 'text', (c) => c.notNull());
    for (const column of money) header = header.addColumn(column, 'bigint', (c) => c.notNull());
    await header
      .addColumn('dispatch_from', 'text')
      .addColumn('ship_to', 'text')
      .addColumn('transport_mode', 'text')
      .addColumn('distance_km', 'integer')
      .addColumn('vehicle_no', 'text')
      .addColumn('transporter_id', 'text')
      .addColumn('trans_doc_no', 'text')
      .addColumn('trans_doc_date', 'text')
      .addColumn('vehicle_type', 'text')
      .addColumn('transporter_name', 'text')
      .addColumn('invoice_id', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reference_number', 'text')
      .addColumn('notes', 'text')
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addColumn('last_modified_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('delivery_challans_pk', ['org_id', 'delivery_challan_id'])
      .execute();
    await s.createIndex('delivery_challans_reason').on('delivery_challans').columns(['org_id', 'reason', 'challan_date']).execute();
    await s.createIndex('delivery_challans_branch_date').on('delivery_challans').columns(['org_id', 'branch_id', 'challan_date']).execute();

    await withLineColumns(s.createTable('delivery_challan_lines')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('delivery_challan_id', 'text', (c) => c.notNull())
      .addColumn('cess_rate_centi', 'integer', (c) => c.notNull())
      .addColumn('cess_per_unit', 'bigint', (c) => c.notNull())
      .addColumn('cess', 'bigint', (c) => c.notNull()))
      .addPrimaryKeyConstraint('delivery_challan_lines_pk', ['org_id', 'line_item_id'])
      .execute();
    await s.createIndex('delivery_challan_lines_challan').on('delivery_challan_lines').columns(['org_id', 'delivery_challan_id', 'position']).execute();
  },
};
