import type { NoteSide } from '../documents/notes.rules';
import type { DocumentNumbering } from '../documents/numbering.rules';

/** A vendor's credit is numbered by the vendor: ours is a reference of our own, from a per-organisation counter. */
export const VENDOR_CREDIT_NUMBERING: DocumentNumbering = { counterKey: 'vendor-credit', prefix: 'VC-' };

/** Stored as note_type. */
export type CreditNoteType = 'CUSTOMER' | 'VENDOR';

/**
 * Whose credit it is (spec: "bill_id … its presence selects vendor direction"): a bill makes it
 * a vendor's, an invoice a customer's; with neither, the contact decides — a VENDOR contact's
 * credit is a vendor credit, a CUSTOMER's (or BOTH's) a customer credit.
 */
export function creditNoteTypeOf(input: { invoice_id?: string; bill_id?: string }, contactType: string): CreditNoteType {
  if (input.bill_id) return 'VENDOR';
  if (input.invoice_id) return 'CUSTOMER';
  return contactType === 'VENDOR' ? 'VENDOR' : 'CUSTOMER';
}

export const sideOf = (type: string): NoteSide => (type === 'VENDOR' ? 'purchase' : 'sales');
