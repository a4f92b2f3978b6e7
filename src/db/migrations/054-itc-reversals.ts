import type { Kysely } from 'kysely';
import { monotonicFactory } from 'ulidx';
import type { BahiMigration } from './migration';

/** chart-of-accounts.ts's row, copied: a migration must not change when that file does. */
const ACCOUNT = { key: 'itc_reversed_rule37', name: 'ITC reversed under Rule 37', type: 'GST_ASSET', code: '1360' };

/**
 * Rule 37 reversals (docs/rules/itc-reconciliation.md, "Rule 37: pay within 180 days"): a row
 * per credit given back on a bill unpaid 180 days after its date (REVERSAL) and per credit taken
 * again once it is paid (RECLAIM), each with its journal; and the ledger that holds the credit
 * while it waits, which every organisation gets as new ones are created with it.
 */
export const itcReversals: BahiMigration = {
  name: '054-itc-reversals',
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('itc_reversals')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('itc_reversal_id', 'text', (c) => c.notNull())
      .addColumn('bill_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('reversal_date', 'text', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('igst', 'bigint', (c) => c.notNull())
      .addColumn('cgst', 'bigint', (c) => c.notNull())
      .addColumn('sgst', 'bigint', (c) => c.notNull())
      .addColumn('cess', 'bigint', (c) => c.notNull())
      .addColumn('interest', 'bigint', (c) => c.notNull())
      .addColumn('journal_id', 'text', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('itc_reversals_pk', ['org_id', 'itc_reversal_id'])
      .execute();
    await db.schema.createIndex('itc_reversals_by_bill').on('itc_reversals').columns(['org_id', 'bill_id']).execute();
    // GSTR-3B reads a period's reversals and reclaims by their date.
    await db.schema.createIndex('itc_reversals_by_date').on('itc_reversals').columns(['org_id', 'reversal_date']).execute();

    // Typed loosely: the migration runs against the schema of its time, not today's.
    const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const ulid = monotonicFactory();
    const have = new Set((await raw.selectFrom('accounts').select('org_id').where('system_key', '=', ACCOUNT.key).execute()).map((a) => a.org_id));
    // Dated with their organisation, as its seeded chart is: a migration has no clock of its own.
    const orgs = (await raw.selectFrom('orgs').select(['org_id', 'created_time']).orderBy('org_id').execute()).filter((o) => !have.has(o.org_id));
    for (const { org_id: orgId, created_time: created } of orgs) {
      await raw.insertInto('accounts').values({
        org_id: orgId, account_id: `acc_${ulid()}`, account_name: ACCOUNT.name, account_code: ACCOUNT.code, account_type: ACCOUNT.type,
        system_key: ACCOUNT.key, is_active: 1, created_time: created,
      }).execute();
    }
  },
};
