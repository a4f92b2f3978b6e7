import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * Bills of Entry: the customs document on which imported goods pay IGST with the customs duty,
 * and the document for its credit (docs/rules/returns-gstr1-gstr3b.md, "Imports of goods: the
 * Bill of Entry"). Each posts one journal when recorded and is never edited; the bills of
 * overseas vendors it covers are listed beside it.
 */
export const billsOfEntry: BahiMigration = {
  name: '043-bills-of-entry',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.createTable('bills_of_entry')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('bill_of_entry_id', 'text', (c) => c.notNull())
      .addColumn('branch_id', 'text', (c) => c.notNull())
      .addColumn('boe_number', 'text', (c) => c.notNull())
      .addColumn('boe_date', 'text', (c) => c.notNull())
      .addColumn('port_code', 'text', (c) => c.notNull())
      .addColumn('assessable_value', 'bigint', (c) => c.notNull())
      .addColumn('basic_customs_duty', 'bigint', (c) => c.notNull())
      .addColumn('social_welfare_surcharge', 'bigint', (c) => c.notNull())
      .addColumn('igst_taxable_value', 'bigint', (c) => c.notNull())
      .addColumn('igst', 'bigint', (c) => c.notNull())
      .addColumn('total', 'bigint', (c) => c.notNull())
      .addColumn('paid_through_account_id', 'text', (c) => c.notNull())
      .addColumn('goods_account_id', 'text', (c) => c.notNull())
      .addColumn('sez_supplier_gstin', 'text')
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addColumn('last_modified_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('bills_of_entry_pk', ['org_id', 'bill_of_entry_id'])
      .execute();
    // Customs numbers a Bill of Entry at its port and date: the same one twice would claim its credit twice.
    await s.createIndex('bills_of_entry_by_customs_number').on('bills_of_entry').columns(['org_id', 'port_code', 'boe_number', 'boe_date']).unique().execute();
    await s.createIndex('bills_of_entry_by_date').on('bills_of_entry').columns(['org_id', 'boe_date']).execute();

    await s.createTable('bill_of_entry_bills')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('bill_of_entry_id', 'text', (c) => c.notNull())
      .addColumn('bill_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('bill_of_entry_bills_pk', ['org_id', 'bill_of_entry_id', 'bill_id'])
      .execute();
    await s.createIndex('bill_of_entry_bills_by_bill').on('bill_of_entry_bills').columns(['org_id', 'bill_id']).execute();
  },
};
