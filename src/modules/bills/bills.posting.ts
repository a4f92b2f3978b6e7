import { documentInBase } from '../documents/currency.rules';
import type { PostingLine } from '../ledger/ledger.posting';

export interface BillAccounts {
  payable: string;
  cgstInput: string;
  sgstInput: string;
  igstInput: string;
  roundOff: string | null;
}

export interface BillForPosting {
  vendorId: string;
  exchangeRateMicro: number;
  roundOff: number;
  lines: readonly { accountId: string; itemTotal: number; cgst: number; sgst: number; igst: number; name: string }[];
}

/**
 * Approval: Dr each line's expense or purchase account, Dr CGST/SGST/IGST input (credit we
 * may claim), ± the manual round-off, and Cr Accounts Payable for the whole. In the base
 * currency by documentInBase: the payable is the total converted once, each GST head its own
 * tax converted, and the conversion difference sits on the largest expense line.
 */
export function billApprovalLines(bill: BillForPosting, accounts: BillAccounts): PostingLine[] {
  const roundOff = accounts.roundOff ? bill.roundOff : 0;
  const base = documentInBase(bill.lines, roundOff, bill.exchangeRateMicro);
  const debits: PostingLine[] = bill.lines.map((l, i) => ({ accountId: l.accountId, debit: base.items[i]!, credit: 0, description: l.name }));
  debits.push(
    { accountId: accounts.cgstInput, debit: base.cgst, credit: 0, description: 'CGST input' },
    { accountId: accounts.sgstInput, debit: base.sgst, credit: 0, description: 'SGST input' },
    { accountId: accounts.igstInput, debit: base.igst, credit: 0, description: 'IGST input' },
  );
  if (roundOff !== 0 && accounts.roundOff) {
    // A positive round-off raises what we owe (an expense, debit); a negative one is flipped by normaliseSides.
    debits.push({ accountId: accounts.roundOff, debit: base.roundOff, credit: 0, description: 'Round off' });
  }
  return [...debits, { accountId: accounts.payable, debit: 0, credit: base.party, contactId: bill.vendorId, description: 'Bill total' }];
}
