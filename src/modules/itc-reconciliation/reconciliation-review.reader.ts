import type { Db } from '../../db/database';
import { monthsUploaded } from './gstr2b.store';
import { reconcile } from './reconciliation.reader';
import { periodMonths } from './reconciliation-window.rules';

/**
 * How many reconciliation rows of the dates' months need a person: for each GSTIN and month with
 * a GSTR-2B uploaded, the rows its reconciliation (GET /gst/reconciliation of that month) shows
 * with a status other than matched. A month without an upload counts nothing.
 */
export async function rowsToReview(db: Db, orgId: string, range: { from: string; to: string }): Promise<number> {
  const months = periodMonths(range);
  if (months.length === 0) return 0;
  const uploaded = await monthsUploaded(db, orgId, months);
  const counts = await Promise.all(uploaded.map(async ({ gstin, period }) =>
    (await reconcile(db, orgId, { gstin, period })).rows.filter((row) => row.status !== 'matched').length));
  return counts.reduce((sum, n) => sum + n, 0);
}
