/** Stored bill statuses that still owe the vendor money; OVERDUE is derived from them when read. */
export const BILL_OPEN_STATUSES: readonly string[] = ['OPEN', 'PARTIALLY_PAID'];

/** Statuses whose journal is posted: what the anti-duplicate guard compares against. */
export const POSTED_BILL_STATUSES: readonly string[] = ['OPEN', 'PARTIALLY_PAID', 'PAID'];

export interface BillFingerprint {
  bill_id?: string;
  vendor_id: string;
  bill_date: string;
  total: number;
  reference_number: string | null;
}

/**
 * The anti-duplicate guard (spec, Bills): a bill with the same vendor, date and total as a
 * posted bill is the same bill entered twice, unless the reference numbers differ, which is
 * how a legitimate repeat (two identical deliveries on a day) is told apart.
 */
export function duplicateOf(candidate: BillFingerprint, posted: readonly BillFingerprint[]): BillFingerprint | undefined {
  return posted.find((b) => b.bill_id !== candidate.bill_id && b.vendor_id === candidate.vendor_id && b.bill_date === candidate.bill_date
    && b.total === candidate.total && (b.reference_number ?? '') === (candidate.reference_number ?? ''));
}

/** A bill with money applied cannot be voided: the payment or credit is reversed first. */
export const hasMoneyApplied = (bill: { payment_made: number; vendor_credits_applied: number }) =>
  bill.payment_made > 0 || bill.vendor_credits_applied > 0;

/** A bill that is a supplier's debit note (CGST s.34(3)), raising the bill it names. */
export const SUPPLIER_DEBIT_NOTE = 'SUPPLIER_DEBIT_NOTE';

export type OriginalBill = Pick<BillFingerprint, 'vendor_id'> & { status: string; document_type: string };

/**
 * Why a bill cannot be the one a supplier's debit note raises, or null when it can
 * (docs/rules/documents-and-notes.md, "Debit notes from suppliers"): the note raises a bill of
 * its own vendor that was received (approved, not void), and an invoice, not another note.
 */
export function originalBillProblem(vendorId: string, original: OriginalBill): string | null {
  if (original.vendor_id !== vendorId) return "the bill is from another vendor than the debit note's";
  if (original.status === 'DRAFT' || original.status === 'CANCELLED') return `the bill is ${original.status}: a debit note raises an approved bill`;
  if (original.document_type === SUPPLIER_DEBIT_NOTE) return 'the bill is itself a debit note: name the invoice it raises';
  return null;
}
