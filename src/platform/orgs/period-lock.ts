import type { Db, Tx } from '../../db/database';
import type { LocalDate } from '../../kernel/local-date';
import { orgReading } from './org-reading';
import { beforeBooksStart, isLocked, periodLocked } from './period-lock.rules';

/** The organisation's lock date as this transaction sees it (org-reading.ts: held FOR SHARE on PostgreSQL until it ends). */
export const lockDateIn = async (tx: Tx, orgId: string): Promise<LocalDate | null> => (await orgReading(tx, orgId)).lock_date;

/** Refuses (409 conflict.period_locked) a date on or before the lock date; `remedy` says what to do instead. */
export async function assertPeriodOpen(tx: Tx, orgId: string, date: LocalDate, remedy?: string): Promise<void> {
  const lockDate = await lockDateIn(tx, orgId);
  if (lockDate !== null && isLocked(date, lockDate)) throw periodLocked(date, lockDate, remedy);
}

/** Refuses (400 on `field`) a document dated before the organisation's books start. */
export async function assertWithinBooks(db: Db | Tx, orgId: string, date: LocalDate, field: string): Promise<void> {
  const org = await orgReading(db, orgId);
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
