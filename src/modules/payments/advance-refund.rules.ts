import { invalidState, invalidValue } from '../../kernel/errors';
import type { LocalDate } from '../../kernel/local-date';
import { toRupees, type Paise } from '../../kernel/money';

/*
 * A refund of an advance received (CGST Rule 51; docs/rules/returns-gstr1-gstr3b.md, "Advances
 * received"): the part of the advance that no invoice adjusted, paid back because the supply will
 * not happen.
 */

/** The advance as the refund finds it: `unadjusted` is what neither an allocation nor an earlier refund has used, in paise. */
export interface RefundableAdvance { flow: string; advanceFor: string | null; receivedOn: LocalDate; unadjusted: Paise }

/**
 * Refuses what cannot be refunded: a payment that is no advance received is in the wrong state
 * (409); an amount beyond the unadjusted part, or a date before the receipt, is 400 on its field.
 */
export function assertRefundable(advance: RefundableAdvance, refund: { amount: Paise; date: LocalDate }): void {
  if (advance.flow !== 'INCOMING' || advance.advanceFor === null) {
    throw invalidState('only an advance received (an INCOMING payment with advance_for) is refunded with a refund voucher', { flow: advance.flow, advance_for: advance.advanceFor });
  }
  if (refund.amount > advance.unadjusted) {
    throw invalidValue('amount', 'the refund exceeds what is left of the advance, neither adjusted against an invoice nor refunded', { details: { refundable: toRupees(advance.unadjusted) } });
  }
  if (refund.date < advance.receivedOn) throw invalidValue('date', 'a refund cannot be dated before the advance was received', { details: { received_on: advance.receivedOn } });
}
