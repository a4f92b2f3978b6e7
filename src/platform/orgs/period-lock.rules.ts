import { DomainError, invalidValue, type ErrorCode } from '../../kernel/errors';
import type { LocalDate } from '../../kernel/local-date';

/** Whether a date falls in the locked period: on or before the lock date (docs/rules/ledger-and-periods.md, "Period lock"). */
export const isLocked = (date: LocalDate, lockDate: LocalDate | null): boolean => lockDate !== null && date <= lockDate;

/**
 * The refusal of anything dated in the locked period. `remedy` tells the caller what to do
 * instead (a void's or delete's: issue a credit or debit note dated after the lock).
 */
export function periodLocked(date: LocalDate, lockDate: LocalDate, remedy?: string): DomainError {
  const message = `The books are locked through ${lockDate}; ${date} is on or before the lock date`;
  return new DomainError('conflict.period_locked', remedy ? `${message}. ${remedy}` : message, { details: { lock_date: lockDate, date } });
}

/** A document dated before the organisation's books start belongs to no period of its books (docs/rules/ledger-and-periods.md, "Books start"). */
export function beforeBooksStart(field: string, date: LocalDate, booksStart: LocalDate): DomainError | null {
  return date < booksStart ? invalidValue(field, `${field} ${date} is before the books start date ${booksStart}`, { details: { books_start_date: booksStart } }) : null;
}

/**
 * Whether moving the lock from `previous` to `next` opens days that were locked: removing it,
 * or moving it earlier. That is the act the activity log records as PERIOD_UNLOCKED.
 */
export const opensLockedDays = (previous: LocalDate | null, next: LocalDate | null): boolean =>
  previous !== null && (next === null || next < previous);

/** What a route that dates, posts or reverses entries declares it can answer (route `failsWithCodes`, listed in OpenAPI). */
export const PERIOD_LOCKED: readonly ErrorCode[] = ['conflict.period_locked'];

/** What a route that issues, voids or reposts a document a GST return reports can answer: the lock's 409, or a filed return's (filed-returns.ts). */
export const PERIOD_CLOSED: readonly ErrorCode[] = [...PERIOD_LOCKED, 'conflict.period_filed'];
