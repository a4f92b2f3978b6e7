/** Stored statuses; OVERDUE is never stored, it is how an open invoice past its due date reads. */
export type StoredInvoiceStatus = 'DRAFT' | 'SENT' | 'PARTIALLY_PAID' | 'PAID' | 'CANCELLED' | 'CREDIT_APPLIED';

/** Approved and still owed: payments act on these (and on OVERDUE, which is one of them). */
export const OPEN_STATUSES: readonly StoredInvoiceStatus[] = ['SENT', 'PARTIALLY_PAID'];

/** A paid (even partly) invoice cannot be voided directly: the payment is reversed first. */
export const hasMoneyApplied = (invoice: { payment_made: number; credits_applied: number }) =>
  invoice.payment_made > 0 || invoice.credits_applied > 0;
