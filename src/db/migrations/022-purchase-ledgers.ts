import type { Kysely } from 'kysely';
import { monotonicFactory } from 'ulidx';
import type { BahiMigration } from './migration';

/**
 * Purchases on their own ledgers:
 *  - bills carry reverse charge (`is_rcm`) and each bill line the s.17(5) clause that blocks
 *    its credit (`itc_blocked_reason`);
 *  - each tax says what kind of supply it marks (`supply_type`, TAXABLE for the existing ones:
 *    their 0% is zero-rated), and every organisation gets a 0% tax of each non-taxable kind;
 *  - every organisation gets the accounts new ones are created with since: Fixed Assets,
 *    Accumulated Depreciation, and the reverse-charge input and liability ledgers.
 * The rows are those of chart-of-accounts.ts, copied: a migration must not change when that file does.
 */
const ACCOUNTS = [
  { key: 'rcm_input', name: 'Input GST under reverse charge', type: 'GST_ASSET', code: '1340' },
  { key: 'fixed_assets', name: 'Fixed Assets', type: 'FIXED_ASSET', code: '1500' },
  { key: 'accumulated_depreciation', name: 'Accumulated Depreciation', type: 'ACCUMULATED_DEPRECIATION', code: '1510' },
  { key: 'rcm_payable', name: 'GST payable under reverse charge', type: 'GST_LIABILITY', code: '2340' },
];
const NON_TAXABLE = [
  { name: 'Nil rated 0%', supplyType: 'NIL_RATED' },
  { name: 'Exempt 0%', supplyType: 'EXEMPT' },
  { name: 'Non-GST 0%', supplyType: 'NON_GST' },
];

export const purchaseLedgers: BahiMigration = {
  name: '022-purchase-ledgers',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.alterTable('bills').addColumn('is_rcm', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await s.alterTable('bill_lines').addColumn('itc_blocked_reason', 'text').execute();
    await s.alterTable('taxes').addColumn('supply_type', 'text', (c) => c.notNull().defaultTo('TAXABLE')).execute();

    // Typed loosely: the migration runs against the schema of its time, not today's.
    const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const ulid = monotonicFactory();
    // Dated with their organisation, as its seeded chart is: a migration has no clock of its own.
    const orgs = await raw.selectFrom('orgs').select(['org_id', 'created_time']).execute();
    for (const { org_id: orgId, created_time: created } of orgs) {
      const have = new Set((await raw.selectFrom('accounts').select('system_key').where('org_id', '=', orgId).execute()).map((a) => a.system_key));
      const accounts = ACCOUNTS.filter((a) => !have.has(a.key)).map((a) => ({
        org_id: orgId, account_id: `acc_${ulid()}`, account_name: a.name, account_code: a.code, account_type: a.type,
        system_key: a.key, is_active: 1, created_time: created,
      }));
      if (accounts.length > 0) await raw.insertInto('accounts').values(accounts).execute();
      await raw.insertInto('taxes').values(NON_TAXABLE.map((t) => ({
        org_id: orgId, tax_id: `tax_${ulid()}`, tax_name: t.name, rate_centi: 0, supply_type: t.supplyType, created_time: created,
      }))).execute();
    }
  },
};
