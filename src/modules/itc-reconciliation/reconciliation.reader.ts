import type { Db, Tx } from '../../db/database';
import { toPaise, type Paise } from '../../kernel/money';
import { orgSettings } from '../../platform/orgs/org-settings';
import { branchesOfGstin, requestedPeriod, type ReturnPeriod } from '../gst-reports';
import { booksDocuments } from './books-documents.reader';
import { currentGstr2bDocuments } from './gstr2b.reader';
import { decisionsOf } from './itc-links.repository';
import { matchDocuments, type Pair } from './matcher.rules';
import { monthsAround, periodMonths } from './reconciliation-window.rules';

export interface PeriodReconciliation {
  gstin: string;
  period: ReturnPeriod;
  /** Every pair of the window: documents of the months around the period, so that one booked in another month than 2B reports it is still paired. */
  pairs: Pair[];
  /** The period's own: its 2B's documents with what they were paired to, and its books' documents no 2B reports. */
  rows: Pair[];
  /** Whether a 2B return period (MMYYYY) is one of the period's months. */
  inPeriod(gstr2bPeriod: string): boolean;
}

/**
 * The GSTR-2B of a period matched to the books (docs/rules/itc-reconciliation.md, "Matching"):
 * the 2B uploads and the inward documents of six months before the period to two after, and the
 * links and refusals people recorded, paired as one set.
 */
export async function reconcilePeriod(db: Db, scope: { orgId: string; gstin: string; branches: string[] }, period: ReturnPeriod, tolerance: Paise): Promise<PeriodReconciliation> {
  const window = monthsAround(period);
  const [gstr2b, books, decisions] = await Promise.all([
    currentGstr2bDocuments(db, scope.orgId, scope.gstin, window.months),
    booksDocuments(db, { orgId: scope.orgId, branches: scope.branches, from: window.from, to: window.to }),
    decisionsOf(db, scope.orgId, scope.gstin),
  ]);
  const pairs = matchDocuments(gstr2b, books, { tolerance, decisions, period: period.fp });
  const own = new Set(periodMonths(period));
  const inPeriod = (gstr2bPeriod: string) => own.has(gstr2bPeriod);
  const rows = pairs.filter((p) => (p.gstr2b ? inPeriod(p.gstr2b.period) : p.books !== null && p.books.documentDate >= period.from && p.books.documentDate <= period.to));
  return { gstin: scope.gstin, period, pairs, rows, inPeriod };
}

/** A GSTIN's reconciliation of a return period (MMYYYY or YYYY-Qn), at the organisation's tolerance: what GET /gst/reconciliation lists. */
export async function reconcile(db: Db | Tx, orgId: string, query: { gstin: string; period: string }): Promise<PeriodReconciliation> {
  const { gstin, branches } = await branchesOfGstin(db, orgId, query.gstin);
  const { prefs } = await orgSettings(db, orgId);
  return reconcilePeriod(db, { orgId, gstin, branches }, requestedPeriod(query.period), toPaise(prefs.itcMatchTolerance));
}
