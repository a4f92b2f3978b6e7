import { sum, type Paise } from '../../kernel/money';
import type { PostingLine } from '../ledger/ledger.posting';

/** The GST ledgers a purchase may post to, found by the caller; only those the entry uses need be real. */
export interface PurchaseTaxAccounts {
  cgstInput: string;
  sgstInput: string;
  igstInput: string;
  /** GST_ASSET: credit of compensation cess (Input Cess), set off against cess alone (Compensation Act s.11(2)). */
  cessInput: string;
  /** GST_ASSET: credit of tax self-assessed under reverse charge (GSTR-3B 4(A)(3), 4(A)(2) for imported services). */
  rcmInput: string;
  /** GST_LIABILITY: tax owed under reverse charge, paid in cash (GSTR-3B 3.1(d)); never set off against ordinary output tax. */
  rcmPayable: string;
}

/** A purchase line in the posting currency. */
export interface PurchaseLineForPosting {
  accountId: string;
  description: string;
  net: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /** Compensation cess; a purchase without it (an expense) leaves it out. */
  cess?: Paise;
  /** Section 17(5): the line's tax is no credit; it is part of the line's cost. */
  blocked: boolean;
}

export interface PurchaseTaxEntry {
  /** The debits of the lines and their credit, and under reverse charge the tax owed. */
  lines: PostingLine[];
  /** What the vendor is owed (or was paid) for the lines: Σ net, plus Σ tax unless under reverse charge. */
  owed: Paise;
}

const HEADS = [['cgst', 'CGST'], ['sgst', 'SGST'], ['igst', 'IGST'], ['cess', 'Cess']] as const;

/**
 * The GST part of a bill's or an expense's entry, one rule for both:
 *  - Dr each line's account with its net, or net + tax when its credit is blocked (s.17(5));
 *  - Dr the credit of the lines not blocked, per head: the CGST/SGST/IGST and cess input ledgers, or
 *    under reverse charge the reverse-charge input ledger;
 *  - under reverse charge, Cr the reverse-charge liability with all the tax, blocked or not
 *    (the tax is due either way: CGST s.9(3)/(4), IGST s.5(3)/(4)).
 * The caller adds the credit of `owed` (payables or the paid-through account) and anything
 * else its document carries. Zero lines are left in; the poster drops them.
 */
export function purchaseTaxEntry(purchaseLines: readonly PurchaseLineForPosting[], reverseCharge: boolean, accounts: PurchaseTaxAccounts): PurchaseTaxEntry {
  const taxOf = (l: PurchaseLineForPosting) => l.cgst + l.sgst + l.igst + (l.cess ?? 0);
  const lines: PostingLine[] = purchaseLines.map((l) => ({
    accountId: l.accountId, debit: l.blocked ? l.net + taxOf(l) : l.net, credit: 0, description: l.description,
  }));
  const claimed = purchaseLines.filter((l) => !l.blocked);
  const rc = reverseCharge ? ' (reverse charge)' : '';
  for (const [head, label] of HEADS) {
    const input = reverseCharge ? accounts.rcmInput : accounts[`${head}Input`];
    lines.push({ accountId: input, debit: sum(claimed.map((l) => l[head] ?? 0)), credit: 0, description: `${label} input${rc}` });
  }
  if (reverseCharge) {
    for (const [head, label] of HEADS) {
      lines.push({ accountId: accounts.rcmPayable, debit: 0, credit: sum(purchaseLines.map((l) => l[head] ?? 0)), description: `${label} payable (reverse charge)` });
    }
  }
  const owed = sum(purchaseLines.map((l) => (reverseCharge ? l.net : l.net + taxOf(l))));
  return { lines, owed };
}
