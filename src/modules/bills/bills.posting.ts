import { toBase } from '../documents/currency.rules';
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
 * may claim), ± the manual round-off, and Cr Accounts Payable for the whole. Converted to the
 * base currency line by line; the payable is the sum of the converted debits, so the entry
 * balances by construction.
 */
export function billApprovalLines(bill: BillForPosting, accounts: BillAccounts): PostingLine[] {
  const base = (paise: number) => toBase(paise, bill.exchangeRateMicro);
  const debits: PostingLine[] = bill.lines.map((l) => ({ accountId: l.accountId, debit: base(l.itemTotal), credit: 0, description: l.name }));
  const taxes = [
    { accountId: accounts.cgstInput, amount: bill.lines.reduce((s, l) => s + l.cgst, 0), description: 'CGST input' },
    { accountId: accounts.sgstInput, amount: bill.lines.reduce((s, l) => s + l.sgst, 0), description: 'SGST input' },
    { accountId: accounts.igstInput, amount: bill.lines.reduce((s, l) => s + l.igst, 0), description: 'IGST input' },
  ];
  for (const tax of taxes) debits.push({ accountId: tax.accountId, debit: base(tax.amount), credit: 0, description: tax.description });
  if (bill.roundOff !== 0 && accounts.roundOff) {
    // A positive round-off raises what we owe (an expense, debit); a negative one is flipped by normaliseSides.
    debits.push({ accountId: accounts.roundOff, debit: base(bill.roundOff), credit: 0, description: 'Round off' });
  }
  const payable = debits.reduce((s, l) => s + l.debit, 0);
  return [...debits, { accountId: accounts.payable, debit: 0, credit: payable, contactId: bill.vendorId, description: 'Bill total' }];
}
