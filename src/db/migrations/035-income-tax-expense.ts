import type { Kysely } from 'kysely';
import { monotonicFactory } from 'ulidx';
import type { BahiMigration } from './migration';

/**
 * Every organisation gets the Income Tax Expense account new ones are created with since: the
 * tax on profit, which the statement of profit and loss takes off profit before tax to show the
 * net profit. The row is chart-of-accounts.ts's, copied: a migration must not change when that file does.
 */
const ACCOUNT = { key: 'income_tax_expense', name: 'Income Tax Expense', type: 'OTHER_EXPENSE', code: '6950' };

export const incomeTaxExpense: BahiMigration = {
  name: '035-income-tax-expense',
  async up(db: Kysely<unknown>) {
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
