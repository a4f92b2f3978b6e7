import type { PostingLine } from '../ledger/ledger.posting';

/**
 * A conversion difference on a party's control account: `amount` raises it (Dr a receivable,
 * Cr a payable, by `raises`), against Exchange Gain or Loss. Settlements use it where two
 * conversions of one movement round a paisa apart, so the control account keeps holding each
 * open document converted once. A negative amount lowers it; an amount of 0 posts nothing.
 */
export function conversionDifferenceLines(
  d: { amount: number; raises: 'debit' | 'credit'; contactId: string; description: string },
  accounts: { control: string; exchange: string },
): PostingLine[] {
  const control = d.raises === 'debit' ? { debit: d.amount, credit: 0 } : { debit: 0, credit: d.amount };
  return [
    { accountId: accounts.control, ...control, contactId: d.contactId, description: d.description },
    { accountId: accounts.exchange, debit: control.credit, credit: control.debit, description: 'Exchange difference' },
  ];
}
