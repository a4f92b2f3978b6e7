import { sum, type Paise } from '../../kernel/money';
import { documentInBase, toBase } from '../documents/currency.rules';
import { purchaseTaxEntry, type PurchaseTaxAccounts } from '../documents/purchase-tax.posting';
import { chargedLines } from '../documents/reverse-charge.rules';
import type { PostingLine } from '../ledger/ledger.posting';

export interface BillAccounts extends PurchaseTaxAccounts {
  payable: string;
  roundOff: string | null;
}

interface BillLineForPosting {
  accountId: string;
  itemTotal: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  cess?: Paise;
  name: string;
  /** Section 17(5): no credit; the line's tax is part of its cost. */
  blocked: boolean;
}

export interface BillForPosting {
  vendorId: string;
  exchangeRateMicro: number;
  roundOff: number;
  /** The tax is self-assessed: the vendor is owed the lines (and round-off) alone. */
  reverseCharge: boolean;
  lines: readonly BillLineForPosting[];
}

const HEADS = ['cgst', 'sgst', 'igst', 'cess'] as const;
type Heads = Record<(typeof HEADS)[number], Paise>;

/**
 * Approval: the purchase's GST part (purchaseTaxEntry, as an expense's: each line's account,
 * the credit on the input ledgers, or under reverse charge on its own ledgers with the
 * liability; a blocked line's tax on the line), ± the manual round-off, and Cr Accounts
 * Payable with what the vendor is owed. In the base currency by documentInBase: the payable is
 * the total converted once, each GST head its own tax converted, and the conversion difference
 * sits on the largest line. Under reverse charge the payable excludes the tax, which is
 * converted on its own.
 */
export function billApprovalLines(bill: BillForPosting, accounts: BillAccounts): PostingLine[] {
  const roundOff = accounts.roundOff ? bill.roundOff : 0;
  const base = documentInBase(chargedLines(bill.lines, bill.reverseCharge), roundOff, bill.exchangeRateMicro);
  const selfAssessed = (head: (typeof HEADS)[number]) => toBase(sum(bill.lines.map((l) => l[head] ?? 0)), bill.exchangeRateMicro);
  const heads: Heads = bill.reverseCharge
    ? { cgst: selfAssessed('cgst'), sgst: selfAssessed('sgst'), igst: selfAssessed('igst'), cess: selfAssessed('cess') }
    : { cgst: base.cgst, sgst: base.sgst, igst: base.igst, cess: base.cess };
  const taxes = lineTaxesInBase(bill.lines, heads, bill.exchangeRateMicro);
  const { lines } = purchaseTaxEntry(bill.lines.map((l, i) => ({
    accountId: l.accountId, description: l.name, net: base.items[i]!, ...taxes[i]!, blocked: l.blocked,
  })), bill.reverseCharge, accounts);
  if (roundOff !== 0 && accounts.roundOff) {
    // A positive round-off raises what we owe (an expense, debit); a negative one is flipped by normaliseSides.
    lines.push({ accountId: accounts.roundOff, debit: base.roundOff, credit: 0, description: 'Round off' });
  }
  return [...lines, { accountId: accounts.payable, debit: 0, credit: base.party, contactId: bill.vendorId, description: 'Bill total' }];
}

/**
 * Each line's GST heads in the base currency, adding up to the document's converted heads:
 * each converted on its own, and what that misses of the head's total (a paisa or so) on the
 * line with the most of that head. In the base currency every amount is itself.
 */
function lineTaxesInBase(lines: readonly BillLineForPosting[], heads: Heads, exchangeRateMicro: number): Heads[] {
  const converted: Heads[] = lines.map((l) => ({
    cgst: toBase(l.cgst, exchangeRateMicro), sgst: toBase(l.sgst, exchangeRateMicro), igst: toBase(l.igst, exchangeRateMicro), cess: toBase(l.cess ?? 0, exchangeRateMicro),
  }));
  for (const head of HEADS) {
    const missing = heads[head] - sum(converted.map((c) => c[head]));
    if (missing === 0) continue;
    const largest = lines.reduce((best, l, i) => ((l[head] ?? 0) > (lines[best]![head] ?? 0) ? i : best), 0);
    converted[largest]![head] += missing;
  }
  return converted;
}
