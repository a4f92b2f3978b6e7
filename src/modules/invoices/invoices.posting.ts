import { documentInBase } from '../documents/currency.rules';
import { chargedLines } from '../documents/reverse-charge.rules';
import type { PostingLine } from '../ledger/ledger.posting';

/** The accounts an invoice posts to, found by the caller. */
export interface InvoiceAccounts {
  receivable: string;
  cgstOutput: string;
  sgstOutput: string;
  igstOutput: string;
  cessOutput: string;
  roundOff: string | null;
}

export interface InvoiceForPosting {
  customerId: string;
  exchangeRateMicro: number;
  roundOff: number;
  /** The recipient pays the tax (CGST s.9(3)): none is charged, so no output ledger is credited. */
  reverseCharge: boolean;
  lines: readonly { accountId: string; itemTotal: number; cgst: number; sgst: number; igst: number; cess?: number; name: string }[];
}

/**
 * Approval: Cr each line's revenue account, Cr CGST/SGST/IGST output and Output Cess, ± Round Off, and
 * Dr Accounts Receivable for the whole. In the base currency by documentInBase: the
 * receivable is the total converted once, each GST head its own tax converted, and the
 * conversion difference sits on the largest revenue line, so the entry balances. Under reverse
 * charge the lines are posted without their tax: the receivable is the taxable value (and
 * round-off) and the output heads are 0 (docs/rules/returns-gstr1-gstr3b.md, "Outward reverse charge").
 */
export function invoiceApprovalLines(invoice: InvoiceForPosting, accounts: InvoiceAccounts): PostingLine[] {
  const roundOff = accounts.roundOff ? invoice.roundOff : 0;
  const base = documentInBase(chargedLines(invoice.lines, invoice.reverseCharge), roundOff, invoice.exchangeRateMicro);
  const credits: PostingLine[] = invoice.lines.map((line, i) => ({ accountId: line.accountId, debit: 0, credit: base.items[i]!, description: line.name }));
  credits.push(
    { accountId: accounts.cgstOutput, debit: 0, credit: base.cgst, description: 'CGST output' },
    { accountId: accounts.sgstOutput, debit: 0, credit: base.sgst, description: 'SGST output' },
    { accountId: accounts.igstOutput, debit: 0, credit: base.igst, description: 'IGST output' },
    { accountId: accounts.cessOutput, debit: 0, credit: base.cess, description: 'Cess output' },
  );
  if (roundOff !== 0 && accounts.roundOff) {
    // A positive round-off is income (credit); a negative one is a debit — normaliseSides flips it.
    credits.push({ accountId: accounts.roundOff, debit: 0, credit: base.roundOff, description: 'Round off' });
  }
  return [{ accountId: accounts.receivable, debit: base.party, credit: 0, contactId: invoice.customerId, description: 'Invoice total' }, ...credits];
}
