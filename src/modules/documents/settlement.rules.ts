import { invalidState, invalidValue } from '../../kernel/errors';
import { toRupees } from '../../kernel/money';

/**
 * How money settles a document (invoice or bill): payments and credits lower its balance,
 * releasing them raises it again. Pure: the caller locks the document, applies the outcome
 * and posts the journal.
 */
export type SettlementKind = 'payment' | 'credit';

export interface Settleable {
  status: string;
  total: number;
  balance: number;
  /** Paid by payments so far. */
  paid: number;
  /** Settled by credit notes so far. */
  credited: number;
}

export interface SettlementStatuses {
  /** Statuses that can take money (invoices: SENT, PARTIALLY_PAID; bills: OPEN, PARTIALLY_PAID). */
  open: readonly string[];
  /** The status of an approved document with nothing settled (SENT for invoices, OPEN for bills). */
  unpaid: string;
  partly: string;
  paid: string;
  /** The status when a credit clears the balance (CREDIT_APPLIED for invoices; PAID for bills). */
  clearedByCredit: string;
}

export interface SettlementOutcome {
  status: string;
  balance: number;
  paid: number;
  credited: number;
  /** True when this settlement brought the balance to 0 (INVOICE_PAID / BILL_PAID). */
  cleared: boolean;
}

/** Applies money to an open document; refuses more than its balance. */
export function settle(doc: Settleable, kind: SettlementKind, amount: number, statuses: SettlementStatuses, field: string): SettlementOutcome {
  if (!statuses.open.includes(doc.status)) {
    throw invalidState(`this document is ${doc.status}; only an approved, unpaid document takes payments and credits`, { status: doc.status });
  }
  if (amount <= 0) throw invalidValue(field, 'amount must be above 0');
  if (amount > doc.balance) {
    throw invalidValue(field, 'amount exceeds the outstanding balance', { details: { balance: toRupees(doc.balance), requested: toRupees(amount) } });
  }
  const balance = doc.balance - amount;
  const paid = doc.paid + (kind === 'payment' ? amount : 0);
  const credited = doc.credited + (kind === 'credit' ? amount : 0);
  const cleared = balance === 0;
  const status = cleared ? (kind === 'credit' ? statuses.clearedByCredit : statuses.paid) : statuses.partly;
  return { status, balance, paid, credited, cleared };
}

/** Takes money back off a document (payment deleted, allocation or credit released). */
export function release(doc: Settleable, kind: SettlementKind, amount: number, statuses: SettlementStatuses): SettlementOutcome {
  const already = kind === 'payment' ? doc.paid : doc.credited;
  if (amount <= 0 || amount > already) throw new RangeError(`cannot release ${amount} of ${already} paise`);
  const paid = doc.paid - (kind === 'payment' ? amount : 0);
  const credited = doc.credited - (kind === 'credit' ? amount : 0);
  const balance = doc.balance + amount;
  const status = paid + credited === 0 ? statuses.unpaid : statuses.partly;
  return { status, balance, paid, credited, cleared: false };
}

/** What is wrong with a document's balance, if anything: it is never negative and always total − paid − credited (0 once voided). */
export function balanceProblem(doc: Settleable): string | null {
  const expected = doc.status === 'CANCELLED' ? 0 : doc.total - doc.paid - doc.credited;
  if (doc.balance < 0) return `has a negative balance ${doc.balance}`;
  return doc.balance === expected ? null : `has balance ${doc.balance}; total − paid − credited is ${expected}`;
}
