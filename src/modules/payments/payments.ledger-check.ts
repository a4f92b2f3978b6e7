import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { DocumentLedgerCheck } from '../ledger';

/**
 * No payment is applied beyond its amount, and each keeps what its live allocations and the
 * refunds of it (an advance received) leave of it (0 once deleted) as its unapplied amount,
 * which the ageing reads.
 */
export const paymentsLedgerCheck: DocumentLedgerCheck = async (db: Db, orgId?: string) => {
  const refunded = sql<number>`coalesce((select sum(r.amount) from advance_refunds r where r.org_id = p.org_id and r.payment_id = p.payment_id), 0)`;
  const applied = sql<number>`(coalesce(sum(a.amount), 0) + ${refunded})`;
  let query = db.selectFrom('payments as p')
    .leftJoin('payment_allocations as a', (join) => join.onRef('a.org_id', '=', 'p.org_id').onRef('a.payment_id', '=', 'p.payment_id').on('a.released', '=', 0))
    .select(['p.org_id', 'p.payment_id', 'p.amount', 'p.deleted', 'p.unapplied_amount', applied.as('applied')]);
  if (orgId) query = query.where('p.org_id', '=', orgId);
  const rows = await query.groupBy(['p.org_id', 'p.payment_id', 'p.amount', 'p.deleted', 'p.unapplied_amount'])
    .having(sql<boolean>`${applied} > p.amount or p.unapplied_amount <> case when p.deleted = 1 then 0 else p.amount - ${applied} end`).execute();
  return rows.map((r) => (Number(r.applied) > Number(r.amount)
    ? `payment ${r.payment_id} of ${r.org_id} is applied ${Number(r.applied)} paise, beyond its amount ${r.amount}`
    : `payment ${r.payment_id} of ${r.org_id} keeps ${r.unapplied_amount} paise unapplied where its allocations and refunds leave ${r.deleted ? 0 : Number(r.amount) - Number(r.applied)}`));
};
