import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * Refunds of advances received (docs/rules/returns-gstr1-gstr3b.md, "Advances received"): the
 * part of an advance paid back when the supply does not happen, with the refund voucher issued
 * for it (CGST Rule 51) and the tax on it taken back as posted, which GSTR-1 Table 11 reads.
 * A refund is never edited or deleted: its voucher stays issued.
 */
export const advanceRefunds: BahiMigration = {
  name: '047-advance-refunds',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.createTable('advance_refunds')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('refund_id', 'text', (c) => c.notNull())
      .addColumn('payment_id', 'text', (c) => c.notNull())
      .addColumn('branch_id', 'text', (c) => c.notNull())
      .addColumn('refund_date', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('advance_taxable', 'bigint', (c) => c.notNull())
      .addColumn('advance_igst', 'bigint', (c) => c.notNull())
      .addColumn('advance_cgst', 'bigint', (c) => c.notNull())
      .addColumn('advance_sgst', 'bigint', (c) => c.notNull())
      .addColumn('paid_through_account_id', 'text', (c) => c.notNull())
      .addColumn('reference', 'text')
      .addColumn('voucher_number', 'text')
      .addColumn('voucher_series_id', 'text')
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('advance_refunds_pk', ['org_id', 'refund_id'])
      .execute();
    await s.createIndex('advance_refunds_by_payment').on('advance_refunds').columns(['org_id', 'payment_id']).execute();
    await s.createIndex('advance_refunds_by_date').on('advance_refunds').columns(['org_id', 'refund_date']).execute();
  },
};
