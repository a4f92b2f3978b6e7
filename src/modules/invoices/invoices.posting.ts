import { toBase } from '../documents/currency.rules';
import type { PostingLine } from '../ledger/ledger.posting';

/** The accounts an invoice posts to, found by the caller. */
export interface InvoiceAccounts {
  receivable: string;
  cgstOutput: string;
  sgstOutput: string;
  igstOutput: string;
  roundOff: string | null;
}

export interface InvoiceForPosting {
  customerId: string;
  exchangeRateMicro: number;
  roundOff: number;
  lines: readonly { accountId: string; itemTotal: number; cgst: number; sgst: number; igst: number; name: string }[];
}

/**
 * Approval: Cr each line's revenue account, Cr CGST/SGST/IGST output, ± Round Off, and
 * Dr Accounts Receivable for the whole. Amounts go to the base currency line by line, and
 * the receivable is the sum of the converted credits, so the entry balances by construction
 * (in INR the receivable is exactly the total).
 */
export function invoiceApprovalLines(invoice: InvoiceForPosting, accounts: InvoiceAccounts): PostingLine[] {
  const base = (paise: number) => toBase(paise, invoice.exchangeRateMicro);
  const credits: PostingLine[] = [];
  for (const line of invoice.lines) {
    credits.push({ accountId: line.accountId, debit: 0, credit: base(line.itemTotal), description: line.name });
  }
  const taxes = [
    { accountId: accounts.cgstOutput, amount: invoice.lines.reduce((s, l) => s + l.cgst, 0), description: 'CGST output' },
    { accountId: accounts.sgstOutput, amount: invoice.lines.reduce((s, l) => s + l.sgst, 0), description: 'SGST output' },
    { accountId: accounts.igstOutput, amount: invoice.lines.reduce((s, l) => s + l.igst, 0), description: 'IGST output' },
  ];
  for (const tax of taxes) credits.push({ accountId: tax.accountId, debit: 0, credit: base(tax.amount), description: tax.description });
  if (invoice.roundOff !== 0 && accounts.roundOff) {
    // A positive round-off is income (credit); a negative one is a debit — normaliseSides flips it.
    credits.push({ accountId: accounts.roundOff, debit: 0, credit: base(invoice.roundOff), description: 'Round off' });
  }
  const receivable = credits.reduce((s, l) => s + l.credit, 0);
  return [{ accountId: accounts.receivable, debit: receivable, credit: 0, contactId: invoice.customerId, description: 'Invoice total' }, ...credits];
}
