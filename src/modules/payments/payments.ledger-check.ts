import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { DocumentLedgerCheck } from '../ledger';

/** No payment is applied beyond its amount. */
export const paymentsLedgerCheck: DocumentLedgerCheck = async (db: Db, orgId?: string) => {
  let query = db.selectFrom('payments as p')
    .innerJoin('payment_allocations as a', (join) => join.onRef('a.org_id', '=', 'p.org_id').onRef('a.payment_id', '=', 'p.payment_id'))
    .select(['p.org_id', 'p.payment_id', 'p.amount', sql<number>`sum(a.amount)`.as('applied')])
    .where('a.released', '=', 0).where('p.deleted', '=', 0);
  if (orgId) query = query.where('p.org_id', '=', orgId);
  const rows = await query.groupBy(['p.org_id', 'p.payment_id', 'p.amount']).having(sql<boolean>`sum(a.amount) > p.amount`).execute();
  return rows.map((r) => `payment ${r.payment_id} of ${r.org_id} is applied ${Number(r.applied)} paise, beyond its amount ${r.amount}`);
};
