import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { financialYearStart } from '../../kernel/local-date';
import type { Paise } from '../../kernel/money';
import { openingNets, RETAINED_EARNINGS_KEY } from './year-opening.rules';

export interface OpeningQuery {
  /** The day the balances open: they are everything before it, by the year-opening rule. */
  date: string;
  branchId: string | null;
  /** One account's opening only (a general ledger's); every account's when absent. */
  account?: { account_id: string; account_type: string; system_key: string | null };
}

/** An account with the net it opens the day with, in paise (debit positive). */
export interface AccountOpening {
  account_id: string;
  account_name: string;
  account_code: string | null;
  account_type: string;
  system_key: string | null;
  opening: Paise;
}

/**
 * Every account of the chart with the balance it opens a day with (year-opening.rules.ts):
 * income and expense accounts from the day's 1 April, Retained Earnings with the earlier years'
 * profit. One grouped scan of the day balances before the day. One account's opening reads only
 * its own balances, except Retained Earnings', which needs every income and expense account's.
 */
export async function yearOpenings(db: Db, orgId: string, q: OpeningQuery): Promise<AccountOpening[]> {
  const wholeChart = q.account === undefined || q.account.system_key === RETAINED_EARNINGS_KEY;
  let sums = db.selectFrom('ledger_balances')
    .select([
      'account_id',
      sql<string | number>`sum(case when entry_date < ${financialYearStart(q.date)} then debit - credit else 0 end)`.as('before_year'),
      sql<string | number>`sum(debit - credit)`.as('before_day'),
    ])
    .where('org_id', '=', orgId).where('entry_date', '<', q.date);
  if (q.branchId) sums = sums.where('branch_id', '=', q.branchId);
  let chart = db.selectFrom('accounts').select(['account_id', 'account_name', 'account_code', 'account_type', 'system_key']).where('org_id', '=', orgId);
  if (!wholeChart) {
    sums = sums.where('account_id', '=', q.account!.account_id);
    chart = chart.where('account_id', '=', q.account!.account_id);
  }
  const [rows, accounts] = await Promise.all([sums.groupBy('account_id').execute(), chart.execute()]);
  const byId = new Map(rows.map((r) => [r.account_id, { beforeYear: Number(r.before_year), beforeDay: Number(r.before_day) }]));
  const opened = openingNets(accounts.map((a) => ({ ...a, ...(byId.get(a.account_id) ?? { beforeYear: 0, beforeDay: 0 }) })));
  return opened.map(({ beforeYear: _year, beforeDay: _day, ...a }) => a);
}

/** The net one account opens a day with (a general ledger's opening balance). */
export async function accountOpening(db: Db, orgId: string, account: Required<OpeningQuery>['account'], date: string, branchId: string | null): Promise<Paise> {
  const openings = await yearOpenings(db, orgId, { date, branchId, account });
  return openings.find((a) => a.account_id === account.account_id)?.opening ?? 0;
}
