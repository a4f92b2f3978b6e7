import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AccountMovement } from './account-movement.rules';

export interface MovementQuery {
  from: string;
  to: string;
  branchId: string | null;
  /** Whether to sum everything before `from` too (the balance sheet, from its year's start), or only the range (profit and loss, trial balance movements). */
  withOpening: boolean;
}

/**
 * Every account's sums over a range, aggregated in the database from the day balances (one
 * row per account, branch and day with a posting, kept with each posting): net before the
 * range, debits and credits within it. The cost follows accounts × days, not journal lines.
 * Accounts without a posting in what was scanned are left out.
 */
export async function accountMovements(db: Db, orgId: string, q: MovementQuery): Promise<AccountMovement[]> {
  let lines = db.selectFrom('ledger_balances')
    .select([
      'account_id',
      sql<string | number>`sum(case when entry_date < ${q.from} then debit - credit else 0 end)`.as('opening'),
      sql<string | number>`sum(case when entry_date >= ${q.from} then debit else 0 end)`.as('debit'),
      sql<string | number>`sum(case when entry_date >= ${q.from} then credit else 0 end)`.as('credit'),
    ])
    .where('org_id', '=', orgId).where('entry_date', '<=', q.to);
  if (!q.withOpening) lines = lines.where('entry_date', '>=', q.from);
  if (q.branchId) lines = lines.where('branch_id', '=', q.branchId);
  const [sums, accounts] = await Promise.all([
    lines.groupBy('account_id').execute(),
    db.selectFrom('accounts').select(['account_id', 'account_name', 'account_code', 'account_type', 'system_key']).where('org_id', '=', orgId).execute(),
  ]);
  const byId = new Map(accounts.map((a) => [a.account_id, a]));
  return sums.flatMap((s) => {
    const account = byId.get(s.account_id);
    return account ? [{ ...account, opening: Number(s.opening), debit: Number(s.debit), credit: Number(s.credit) }] : [];
  });
}
