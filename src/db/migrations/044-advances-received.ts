import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * Advances received (docs/rules/returns-gstr1-gstr3b.md, "Advances received"): a customer
 * receipt marked as an advance for goods or services. One for services carries its place of
 * supply, rate and the tax on it as posted (CGST Rule 50: paid when the advance is received),
 * and the receipt voucher's number; each allocation keeps the tax it took back when it adjusted
 * the advance against an invoice, and the date it did so, which GSTR-1's `txpd` reads.
 */
export const advancesReceived: BahiMigration = {
  name: '044-advances-received',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    const money = ['advance_taxable', 'advance_igst', 'advance_cgst', 'advance_sgst'] as const;
    await s.alterTable('payments').addColumn('advance_for', 'text').execute();
    await s.alterTable('payments').addColumn('advance_place_of_supply', 'text').execute();
    await s.alterTable('payments').addColumn('advance_supply_type', 'text').execute();
    await s.alterTable('payments').addColumn('advance_rate_centi', 'integer').execute();
    for (const column of money) await s.alterTable('payments').addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await s.alterTable('payments').addColumn('voucher_number', 'text').execute();
    await s.alterTable('payments').addColumn('voucher_series_id', 'text').execute();
    for (const column of money) await s.alterTable('payment_allocations').addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await s.alterTable('payment_allocations').addColumn('applied_date', 'text').execute();
    await s.createIndex('payments_advances').on('payments').columns(['org_id', 'advance_for', 'payment_date']).execute();
  },
};
