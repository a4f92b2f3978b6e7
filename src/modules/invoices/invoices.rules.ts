import type { LocalDate } from '../../kernel/local-date';

/** Stored statuses; OVERDUE is never stored, it is how an open invoice past its due date reads. */
export type StoredInvoiceStatus = 'DRAFT' | 'SENT' | 'PARTIALLY_PAID' | 'PAID' | 'CANCELLED' | 'CREDIT_APPLIED';

/** Approved and still owed: payments act on these (and on OVERDUE, which is one of them). */
export const OPEN_STATUSES: readonly StoredInvoiceStatus[] = ['SENT', 'PARTIALLY_PAID'];

/**
 * operator.md: an approved invoice with a balance above 0 whose due date (IST) has passed
 * shows OVERDUE, in responses and in list filters.
 */
export function displayedStatus(status: string, balance: number, dueDate: LocalDate, today: LocalDate): string {
  return (OPEN_STATUSES as readonly string[]).includes(status) && balance > 0 && dueDate < today ? 'OVERDUE' : status;
}

/** A paid (even partly) invoice cannot be voided directly: the payment is reversed first. */
export const hasMoneyApplied = (invoice: { payment_made: number; credits_applied: number }) =>
  invoice.payment_made > 0 || invoice.credits_applied > 0;
