import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * How many bank lines of each account are dated within the range and still UNMATCHED (an
 * excluded line is EXCLUDED, so not counted): by account id; an account without one is absent.
 */
export async function unmatchedLineCounts(db: Db, orgId: string, range: { from: string; to: string }): Promise<Map<string, number>> {
  const rows = await db.selectFrom('bank_transactions').select(['account_id', sql<number | string>`count(*)`.as('count')])
    .where('org_id', '=', orgId).where('status', '=', 'UNMATCHED').where('txn_date', '>=', range.from).where('txn_date', '<=', range.to)
    .groupBy('account_id').execute();
  return new Map(rows.map((r) => [r.account_id, Number(r.count)]));
}
