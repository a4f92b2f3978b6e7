import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import type { LocalDate } from '../../kernel/local-date';
import { beforeBooksStart, isLocked, periodLocked } from './period-lock.rules';

/** Each transaction's reading of its organisation's lock: read once, then held until it ends. */
const readings = new WeakMap<Tx, Map<string, Promise<LocalDate | null>>>();

/**
 * The organisation's lock date as this transaction sees it. On PostgreSQL the lock row is
 * held FOR SHARE until COMMIT, so an admin moving the lock waits for every posting in flight,
 * and a posting that reads after the move sees it (READ COMMITTED). SQLite runs one writing
 * transaction at a time, so the reading cannot go stale there either.
 */
export function lockDateIn(tx: Tx, orgId: string): Promise<LocalDate | null> {
  const byOrg = readings.get(tx) ?? new Map<string, Promise<LocalDate | null>>();
  readings.set(tx, byOrg);
  let reading = byOrg.get(orgId);
  if (!reading) {
    let q = tx.selectFrom('period_locks').select('lock_date').where('org_id', '=', orgId);
    if (engineOf(tx) === 'postgres') q = q.forShare();
    reading = q.executeTakeFirst().then((row) => row?.lock_date ?? null);
    byOrg.set(orgId, reading);
  }
  return reading;
}

/** Refuses (409 conflict.period_locked) a date on or before the lock date; `remedy` says what to do instead. */
export async function assertPeriodOpen(tx: Tx, orgId: string, date: LocalDate, remedy?: string): Promise<void> {
  const lockDate = await lockDateIn(tx, orgId);
  if (lockDate !== null && isLocked(date, lockDate)) throw periodLocked(date, lockDate, remedy);
}

/** Refuses (400 on `field`) a document dated before the organisation's books start. */
export async function assertWithinBooks(db: Db | Tx, orgId: string, date: LocalDate, field: string): Promise<void> {
  const org = await db.selectFrom('orgs').select('books_start_date').where('org_id', '=', orgId).executeTakeFirstOrThrow();
  const refusal = beforeBooksStart(field, date, org.books_start_date);
  if (refusal) throw refusal;
}

/**
 * A document's own date on a create, edit, approval, void or delete: within the books
 * (400 on `field`) and outside the locked period (409), drafts included.
 */
export async function assertDocumentDate(tx: Tx, orgId: string, date: LocalDate, field: string, remedy?: string): Promise<void> {
  await assertWithinBooks(tx, orgId, date, field);
  await assertPeriodOpen(tx, orgId, date, remedy);
}
