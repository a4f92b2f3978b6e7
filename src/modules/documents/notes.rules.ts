import { invalidState, invalidValue } from '../../kernel/errors';
import { toRupees } from '../../kernel/money';

/**
 * Credit and debit notes (spec: Credit notes and debit notes; docs/rules/documents-and-notes.md: created ISSUED
 * with their journal posted; only an ISSUED note with nothing applied can be voided).
 */
export const NOTE_STATUSES = ['DRAFT', 'ISSUED', 'APPLIED', 'CANCELLED'] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];

/** Which trade a note corrects: a sale (customer credit note) or a purchase (vendor credit note, debit note). */
export type NoteSide = 'sales' | 'purchase';

/** Goods a customer returns come in; goods we return to a vendor go out. */
export const stockDirectionOf = (side: NoteSide) => (side === 'sales' ? 'SALES_RETURN_IN' : 'PURCHASE_RETURN_OUT');

export interface NoteState {
  status: string;
  applied_amount: number;
}

/** Void: ISSUED with nothing applied. Applied credit would be left pointing at a note that no longer exists. */
export function assertVoidable(document: string, note: NoteState): void {
  if (note.status !== 'ISSUED' || note.applied_amount > 0) {
    throw invalidState(`only an ISSUED ${document} with nothing applied can be voided`, { status: note.status, applied_amount: toRupees(note.applied_amount) });
  }
}

/** Header edits: refused once anything is applied (spec) and on a voided note. */
export function assertHeaderEditable(document: string, note: NoteState): void {
  if (note.status === 'CANCELLED' || note.applied_amount > 0) {
    throw invalidState(`a ${document} cannot be updated once applied or voided`, { status: note.status, applied_amount: toRupees(note.applied_amount) });
  }
}

/** A note corrects a posted document: a DRAFT has nothing to correct yet, a CANCELLED one nothing any more. */
export function assertParentPosted(parent: 'invoice' | 'bill', status: string): void {
  if (status === 'DRAFT' || status === 'CANCELLED') {
    throw invalidState(`a note can be raised only against a posted ${parent}; this one is ${status}`, { [`${parent}_status`]: status });
  }
}

export interface CreditToApply {
  status: string;
  contact_id: string;
  currency_code: string;
  exchange_rate_micro: number;
  applied_amount: number;
  balance_amount: number;
}

export interface CreditTarget {
  kind: 'invoice' | 'bill';
  contactId: string;
  currencyCode: string;
  exchangeRateMicro: number;
  status: string;
  balance: number;
  /** The target's statuses that take money (see settlement.rules). */
  open: readonly string[];
}

/**
 * Judges applying `amount` of a credit note to an invoice or bill and returns the note's new
 * amounts. Wrong state (a CANCELLED or fully applied note, a target that takes no money) is
 * 409; wrong input (another contact, another currency or rate, above the limit) is 400, as the
 * spec lists "applied across contacts or above limits" under validation.invalid_value.
 */
export function applyCredit(
  note: CreditToApply, target: CreditTarget, amount: number, document: 'credit note' | 'debit note' = 'credit note',
): Pick<CreditToApply, 'status' | 'applied_amount' | 'balance_amount'> {
  const field = `${target.kind}_id`;
  const key = document.replace(' ', '_');
  if (note.status !== 'ISSUED') {
    throw invalidState(`only an ISSUED ${document} can be applied; this one is ${note.status}`, { status: note.status });
  }
  if (target.contactId !== note.contact_id) {
    throw invalidValue(field, `the ${document} and the ${target.kind} belong to different contacts`, {
      details: { [`${key}_contact_id`]: note.contact_id, [`${target.kind}_contact_id`]: target.contactId },
    });
  }
  // No exchange difference is posted for a credit, so it settles only a document at its own currency and rate.
  if (target.currencyCode !== note.currency_code || target.exchangeRateMicro !== note.exchange_rate_micro) {
    throw invalidValue(field, `the ${target.kind} is in another currency or at another exchange rate than the ${document}`, {
      details: { [`${key}_currency`]: note.currency_code, [`${target.kind}_currency`]: target.currencyCode },
    });
  }
  if (!target.open.includes(target.status)) {
    throw invalidState(`this ${target.kind} is ${target.status}; only an approved ${target.kind} with a balance takes credits`, { status: target.status });
  }
  const limit = Math.min(note.balance_amount, target.balance);
  if (amount > limit) {
    throw invalidValue('amount', `amount exceeds the smaller of the ${document}'s balance and the ${target.kind}'s balance`, {
      details: {
        limit: toRupees(limit), [`${key}_balance`]: toRupees(note.balance_amount),
        [`${target.kind}_balance`]: toRupees(target.balance), requested: toRupees(amount),
      },
    });
  }
  const balance = note.balance_amount - amount;
  return { status: balance === 0 ? 'APPLIED' : 'ISSUED', applied_amount: note.applied_amount + amount, balance_amount: balance };
}

/** Unapplying: the application's amount goes back onto the note, which is ISSUED again (a note is APPLIED only at balance 0). */
export function releaseCredit(
  note: Pick<CreditToApply, 'applied_amount' | 'balance_amount'>, amount: number,
): Pick<CreditToApply, 'status' | 'applied_amount' | 'balance_amount'> {
  if (amount <= 0 || amount > note.applied_amount) throw new RangeError(`cannot release ${amount} of ${note.applied_amount} paise applied`);
  return { status: 'ISSUED', applied_amount: note.applied_amount - amount, balance_amount: note.balance_amount + amount };
}
