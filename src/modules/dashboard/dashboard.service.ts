import type { Db } from '../../db/database';
import type { Clock } from '../../kernel/clock';
import { istDateOf } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import type { AgeingService } from '../ageing';
import { unmatchedLineCounts } from '../banking';
import { catalogRepository } from '../catalog';
import { pendingEInvoiceCount } from '../einvoice';
import { accountMovements } from '../financial-statements';
import { closingOf } from '../financial-statements/account-movement.rules';
import { rowsToReview } from '../itc-reconciliation';
import { byAccountCode } from '../ledger/account-order.rules';
import { ageingSummary, gstPayable, monthsAndTotals } from './dashboard-figures.rules';
import { dashboardPeriod, monthsOf } from './dashboard-period.rules';
import { draftCounts, moneyAccounts, monthlyFlows } from './dashboard.reader';
import type { DashboardQuery } from './dashboard.schemas';

/** The dashboard (docs/rules/reports.md, "The dashboard"): each figure from the ledger or the reader that owns it. */
export function dashboardService(deps: { db: Db; clock: Clock; ageing: AgeingService }) {
  const { db } = deps;
  return {
    async dashboard(orgId: string, query: DashboardQuery) {
      const range = dashboardPeriod(query.from_date, query.to_date, istDateOf(deps.clock.now()));
      const [flows, receivables, payables, movements, drafts, einvoicesPending, unmatched, itcToReview, accounts] = await Promise.all([
        monthlyFlows(db, orgId, range, await catalogRepository.roundOffAccountId(db, orgId)),
        deps.ageing.report(orgId, 'receivables', { date: range.to }),
        deps.ageing.report(orgId, 'payables', { date: range.to }),
        // Balances before the period as openings, the period's debits and credits beside them.
        accountMovements(db, orgId, { from: range.from, to: range.to, branchId: null, withOpening: true }),
        draftCounts(db, orgId),
        pendingEInvoiceCount(db, orgId),
        unmatchedLineCounts(db, orgId, range),
        rowsToReview(db, orgId, range),
        moneyAccounts(db, orgId),
      ]);
      const movementOf = new Map(movements.map((m) => [m.account_id, m]));
      return {
        from_date: range.from, to_date: range.to,
        ...monthsAndTotals(monthsOf(range), flows),
        receivables: ageingSummary(receivables),
        payables: ageingSummary(payables),
        gst_payable: gstPayable(movements),
        waiting: {
          ...drafts, einvoices_pending: einvoicesPending, itc_to_review: itcToReview,
          unmatched_bank_lines: [...unmatched.values()].reduce((sum, n) => sum + n, 0),
        },
        bank_accounts: accounts.sort(byAccountCode).map((a) => {
          const movement = movementOf.get(a.account_id);
          return { account_id: a.account_id, name: a.account_name, balance: toRupees(movement ? closingOf(movement) : 0), unmatched_lines: unmatched.get(a.account_id) ?? 0 };
        }),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof dashboardService>;
