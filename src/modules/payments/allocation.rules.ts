import { DomainError, invalidValue, requiredField } from '../../kernel/errors';
import { toRupees, type Paise } from '../../kernel/money';

/** A live allocation of this payment to the same document, if any. */
export interface ExistingAllocation {
  amount: Paise;
  document_amount: Paise;
}

export interface AllocationRequest {
  requested: Paise;
  /** The payment's amount and what is already applied from it. */
  paymentAmount: Paise;
  alreadyApplied: Paise;
  /** The document's outstanding balance. */
  balance: Paise;
  /** paymentRoundOffTolerance in paise. */
  tolerance: Paise;
  existing: ExistingAllocation | undefined;
  field: string;
}

export type AllocationDecision =
  | { kind: 'already_applied' }
  | {
      kind: 'allocate';
      /** Taken from the payment (counts against its unapplied balance). */
      consumed: Paise;
      /** Taken off the document's balance. */
      documentAmount: Paise;
      /** What the caps wrote off, as the spec reports it. */
      allocatedAmount: Paise;
      roundOffAmount: Paise;
    };

/** What an existing allocation was asked for: the larger of its two sides (round-offs shave one). */
export const requestedOf = (a: ExistingAllocation): Paise => Math.max(a.amount, a.document_amount);

/**
 * The spec's apply rules, in its order:
 * 1. same document and amount as a live allocation → already applied, nothing written;
 * 2. same document, other amount → 409 conflict.already_allocated (before the ceilings);
 * 3. ceiling A (the payment's unapplied balance) and ceiling B (the document's balance);
 * 5. beyond a ceiling by no more than the tolerance: capped at it, the excess to Round Off;
 * 4. beyond it by more: 400 with the details the spec names.
 */
export function decideAllocation(r: AllocationRequest): AllocationDecision {
  if (r.existing) {
    if (requestedOf(r.existing) === r.requested) return { kind: 'already_applied' };
    throw new DomainError('conflict.already_allocated', 'This payment is already applied to that document with another amount; unapply it first', {
      details: { applied_amount: toRupees(requestedOf(r.existing)), requested: toRupees(r.requested) },
    });
  }
  if (r.requested <= 0) throw invalidValue(r.field, 'amount must be above 0');
  const unapplied = r.paymentAmount - r.alreadyApplied;
  let consumed = r.requested;
  let documentAmount = r.requested;
  if (r.requested > unapplied) {
    if (r.requested - unapplied > r.tolerance) {
      throw invalidValue(r.field, "amount exceeds the payment's unapplied balance", {
        details: { payment_amount: toRupees(r.paymentAmount), already_applied: toRupees(r.alreadyApplied), unapplied_balance: toRupees(unapplied), requested: toRupees(r.requested) },
      });
    }
    consumed = unapplied;
  }
  if (r.requested > r.balance) {
    if (r.requested - r.balance > r.tolerance) {
      throw invalidValue(r.field, "amount exceeds the document's outstanding balance", {
        details: { balance: toRupees(r.balance), requested: toRupees(r.requested) },
      });
    }
    documentAmount = r.balance;
  }
  if (consumed <= 0 || documentAmount <= 0) throw invalidValue(r.field, 'nothing is left to apply', { details: { unapplied_balance: toRupees(unapplied), balance: toRupees(r.balance) } });
  return {
    kind: 'allocate', consumed, documentAmount,
    allocatedAmount: Math.min(consumed, documentAmount),
    roundOffAmount: Math.abs(documentAmount - consumed),
  };
}

/** Which document an allocation names; INCOMING payments settle invoices and OUTGOING ones bills (spec rule 3). */
export function sideOf(flow: string, a: { invoice_id?: string; bill_id?: string }, at: string) {
  const prefix = at ? `${at}.` : '';
  if (a.invoice_id && a.bill_id) throw invalidValue(`${prefix}bill_id`, 'send one of invoice_id or bill_id, not both');
  if (flow === 'INCOMING') {
    if (a.bill_id) throw invalidValue(`${prefix}bill_id`, 'an INCOMING payment settles invoices, not bills');
    if (!a.invoice_id) throw requiredField(`${prefix}invoice_id`);
    return { side: 'invoice' as const, id: a.invoice_id };
  }
  if (a.invoice_id) throw invalidValue(`${prefix}invoice_id`, 'an OUTGOING payment settles bills, not invoices');
  if (!a.bill_id) throw requiredField(`${prefix}bill_id`);
  return { side: 'bill' as const, id: a.bill_id };
}
