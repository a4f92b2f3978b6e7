import { sum, type Paise } from '../../kernel/money';
import { withoutZeroLines, type PostingLine } from '../ledger/ledger.posting';

/** The GST ledgers an expense may post to, found by the caller; only those the entry uses need be real. */
export interface ExpenseGstAccounts {
  cgstInput: string;
  sgstInput: string;
  igstInput: string;
  cgstOutput: string;
  sgstOutput: string;
  igstOutput: string;
}

export interface ExpenseForPosting {
  paidThroughAccountId: string;
  /** Reverse charge: the tax is self-assessed (Cr output) and not paid to the vendor. */
  reverseCharge: boolean;
  /** Section 17(5): the tax is no credit; it is part of the cost. */
  itcBlocked: boolean;
  lines: readonly { accountId: string; note: string | null; net: Paise; tax: Paise; cgst: Paise; sgst: Paise; igst: Paise }[];
}

/**
 * One balanced entry for an expense:
 *  - Dr each line's account with its net, or net + tax when the credit is blocked;
 *  - Dr CGST/SGST/IGST input with the tax, unless blocked;
 *  - Cr CGST/SGST/IGST output with the tax under reverse charge (the liability stays due
 *    even when the credit is blocked);
 *  - Cr the paid-through account with what left it: net + tax, or the net alone under reverse charge.
 * Debits = Σ net + Σ tax either way; credits = paid + output = the same sum.
 */
export function expensePostingLines(expense: ExpenseForPosting, accounts: ExpenseGstAccounts): PostingLine[] {
  const { lines, itcBlocked, reverseCharge } = expense;
  const gst = {
    cgst: sum(lines.map((l) => l.cgst)),
    sgst: sum(lines.map((l) => l.sgst)),
    igst: sum(lines.map((l) => l.igst)),
  };
  const debit = (accountId: string, amount: Paise, description: string): PostingLine => ({ accountId, debit: amount, credit: 0, description });
  const credit = (accountId: string, amount: Paise, description: string): PostingLine => ({ accountId, debit: 0, credit: amount, description });
  const rc = reverseCharge ? ' (reverse charge)' : '';

  const entry: PostingLine[] = lines.map((l) => debit(l.accountId, itcBlocked ? l.net + l.tax : l.net, l.note ?? 'Expense'));
  if (!itcBlocked) {
    entry.push(debit(accounts.cgstInput, gst.cgst, `CGST input${rc}`), debit(accounts.sgstInput, gst.sgst, `SGST input${rc}`),
      debit(accounts.igstInput, gst.igst, `IGST input${rc}`));
  }
  if (reverseCharge) {
    entry.push(credit(accounts.cgstOutput, gst.cgst, 'CGST output (reverse charge)'), credit(accounts.sgstOutput, gst.sgst, 'SGST output (reverse charge)'),
      credit(accounts.igstOutput, gst.igst, 'IGST output (reverse charge)'));
  }
  const paid = sum(lines.map((l) => (reverseCharge ? l.net : l.net + l.tax)));
  entry.push(credit(expense.paidThroughAccountId, paid, 'Paid through'));
  return withoutZeroLines(entry);
}
