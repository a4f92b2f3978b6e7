import type { Paise } from '../../kernel/money';
import { purchaseTaxEntry, type PurchaseTaxAccounts } from '../documents/purchase-tax.posting';
import { withoutZeroLines, type PostingLine } from '../ledger/ledger.posting';

/** The GST ledgers an expense may post to, found by the caller; only those the entry uses need be real. */
export type ExpenseGstAccounts = PurchaseTaxAccounts;

export interface ExpenseForPosting {
  paidThroughAccountId: string;
  /** Reverse charge: the tax is self-assessed (Cr the reverse-charge liability) and not paid to the vendor. */
  reverseCharge: boolean;
  /** Section 17(5): the tax is no credit; it is part of the cost. */
  itcBlocked: boolean;
  lines: readonly { accountId: string; note: string | null; net: Paise; tax: Paise; cgst: Paise; sgst: Paise; igst: Paise }[];
}

/**
 * One balanced entry for an expense: the purchase's GST part as a bill's (purchaseTaxEntry:
 * lines, input credit or capitalised tax, reverse-charge liability), then Cr the paid-through
 * account with what left it: net + tax, or the net alone under reverse charge.
 */
export function expensePostingLines(expense: ExpenseForPosting, accounts: ExpenseGstAccounts): PostingLine[] {
  const { lines, owed } = purchaseTaxEntry(expense.lines.map((l) => ({
    accountId: l.accountId, description: l.note ?? 'Expense', net: l.net, cgst: l.cgst, sgst: l.sgst, igst: l.igst, blocked: expense.itcBlocked,
  })), expense.reverseCharge, accounts);
  lines.push({ accountId: expense.paidThroughAccountId, debit: 0, credit: owed, description: 'Paid through' });
  return withoutZeroLines(lines);
}
