import type { Db } from '../../db/database';
import type { Clock } from '../../kernel/clock';
import { invalidValue } from '../../kernel/errors';
import { financialYearStart, istDateOf } from '../../kernel/local-date';
import { branchOfOrg, type LedgerReports } from '../ledger';
import type { TrialBalanceQuery } from '../ledger/ledger.schemas';
import { buildBalanceSheet } from './balance-sheet.rules';
import { buildPeriodTrialBalance } from './period-trial-balance.rules';
import { buildProfitAndLoss } from './profit-and-loss.rules';
import { comparisonRange, statementRange, yearEarlier, type DateRange } from './report-periods.rules';
import { accountMovements } from './statements.repository';
import { yearOpenings } from './year-openings';
import type { BalanceSheetQuery, ProfitAndLossQuery } from './statements.schemas';

export function financialStatements(deps: { db: Db; clock: Clock; ledgerReports: LedgerReports }) {
  const { db } = deps;
  const today = () => istDateOf(deps.clock.now());
  const checkedBranch = async (orgId: string, branchId: string | undefined) => {
    if (branchId) await branchOfOrg(db, orgId, branchId);
    return branchId ?? null;
  };
  const periodOf = (from: string | undefined, to: string | undefined): DateRange => {
    const range = statementRange(from, to, today());
    if (range.to < range.from) throw invalidValue(to ? 'to_date' : 'from_date', 'to_date is before from_date');
    return range;
  };
  /** Sums as the balance sheet reads them: before the date's financial year, and from its start through the date. */
  const asAt = (orgId: string, date: string, branchId: string | null) =>
    accountMovements(db, orgId, { from: financialYearStart(date), to: date, branchId, withOpening: true });

  return {
    /** The trial balance through a date (or to date), or, with from_date or to_date, over a period. */
    async trialBalance(orgId: string, query: TrialBalanceQuery) {
      const period = query.from_date !== undefined || query.to_date !== undefined;
      if (!period) return deps.ledgerReports.trialBalance(orgId, query.date ?? null, query.branch_id ?? null);
      if (query.date !== undefined) throw invalidValue('date', 'date is the form through a day; from_date and to_date the form over a period: send one form');
      const branchId = await checkedBranch(orgId, query.branch_id);
      const range = periodOf(query.from_date, query.to_date);
      const [openings, movements] = await Promise.all([
        yearOpenings(db, orgId, { date: range.from, branchId }), accountMovements(db, orgId, { ...range, branchId, withOpening: false }),
      ]);
      const moved = new Map(movements.map((m) => [m.account_id, m]));
      const accounts = openings.map((a) => ({ ...a, debit: moved.get(a.account_id)?.debit ?? 0, credit: moved.get(a.account_id)?.credit ?? 0 }));
      return { trial_balance: buildPeriodTrialBalance(accounts, range, branchId) };
    },

    async profitAndLoss(orgId: string, query: ProfitAndLossQuery) {
      const branchId = await checkedBranch(orgId, query.branch_id);
      const range = periodOf(query.from_date, query.to_date);
      const previous = query.compare ? comparisonRange(range, query.compare) : null;
      const sums = (r: DateRange) => accountMovements(db, orgId, { ...r, branchId, withOpening: false });
      const [current, before] = await Promise.all([sums(range), previous ? sums(previous) : null]);
      return {
        profit_and_loss: {
          from_date: range.from, to_date: range.to, branch_id: branchId, compare: query.compare ?? null,
          previous_from_date: previous?.from ?? null, previous_to_date: previous?.to ?? null,
          ...buildProfitAndLoss(current, before),
        },
      };
    },

    async balanceSheet(orgId: string, query: BalanceSheetQuery) {
      const branchId = await checkedBranch(orgId, query.branch_id);
      const date = query.date ?? today();
      const previousDate = query.compare ? yearEarlier(date) : null;
      const [current, before] = await Promise.all([asAt(orgId, date, branchId), previousDate ? asAt(orgId, previousDate, branchId) : null]);
      return {
        balance_sheet: { date, branch_id: branchId, compare: query.compare ?? null, previous_date: previousDate, ...buildBalanceSheet(current, before) },
      };
    },
  };
}

export type FinancialStatements = ReturnType<typeof financialStatements>;
