import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertBalanced, type PostingLine } from '../ledger/ledger.posting';
import { computeExpense, type ExpenseTaxMode } from './expense-amounts.rules';
import { expensePostingLines, type ExpenseGstAccounts } from './expenses.posting';

const gstAccounts: ExpenseGstAccounts = {
  cgstInput: 'cgst_in', sgstInput: 'sgst_in', igstInput: 'igst_in', cessInput: 'cess_in', rcmInput: 'rcm_in', rcmPayable: 'rcm_payable',
};

interface Case {
  name: string;
  /** Amounts in paise, rates in percent × 100. */
  lines: { accountId: string; amountPaise: number; taxRateCenti: number }[];
  mode: ExpenseTaxMode;
  itcBlocked?: boolean;
  /** The exact entry, as [account, debit, credit] in paise, in posting order. */
  entry: [string, number, number][];
  /** What left the bank (the expense's total). */
  total: number;
}

const intra = (extra: Partial<ExpenseTaxMode> = {}): ExpenseTaxMode => ({ supply: 'INTRA', inclusive: false, reverseCharge: false, ...extra });
const inter = (extra: Partial<ExpenseTaxMode> = {}): ExpenseTaxMode => ({ supply: 'INTER', inclusive: false, reverseCharge: false, ...extra });

function post(c: Pick<Case, 'lines' | 'mode' | 'itcBlocked'>) {
  const amounts = computeExpense(c.lines, c.mode);
  const lines = expensePostingLines({
    paidThroughAccountId: 'bank', reverseCharge: c.mode.reverseCharge, itcBlocked: c.itcBlocked ?? false,
    lines: c.lines.map((l, i) => ({ accountId: l.accountId, note: null, ...amounts.lines[i]! })),
  }, gstAccounts);
  return { amounts, lines };
}

const triples = (lines: PostingLine[]) => lines.map((l) => [l.accountId, l.debit, l.credit]);

const CASES: Case[] = [
  {
    // ₹101.00 at 5%, intra-state: CGST = SGST = 10100 × 250 / 10000 = 252.5 → 253 paise each; tax 506.
    // Paid 10100 + 506 = 10606. Debits 10100 + 253 + 253 = 10606 = credits.
    name: 'plain, intra-state: Dr expense net, Dr CGST and SGST input, Cr bank the total',
    lines: [{ accountId: 'travel', amountPaise: 10100, taxRateCenti: 500 }], mode: intra(),
    entry: [['travel', 10100, 0], ['cgst_in', 253, 0], ['sgst_in', 253, 0], ['bank', 0, 10606]], total: 10606,
  },
  {
    // ₹1,000.00 at 18%, inter-state: IGST = 100000 × 1800 / 10000 = 18000. Paid 118000.
    name: 'plain, inter-state: IGST input',
    lines: [{ accountId: 'travel', amountPaise: 100000, taxRateCenti: 1800 }], mode: inter(),
    entry: [['travel', 100000, 0], ['igst_in', 18000, 0], ['bank', 0, 118000]], total: 118000,
  },
  {
    // ₹1,000.00 including 18%, intra: net = 100000 × 10000 / 11800 = 84745.76… → 84746 (half-up);
    // CGST = SGST = 84746 × 900 / 10000 = 7627.14 → 7627; tax 15254. Paid is the amount: 100000 = 84746 + 15254.
    name: 'inclusive tax, intra-state: net and tax add back to the amount exactly',
    lines: [{ accountId: 'travel', amountPaise: 100000, taxRateCenti: 1800 }], mode: intra({ inclusive: true }),
    entry: [['travel', 84746, 0], ['cgst_in', 7627, 0], ['sgst_in', 7627, 0], ['bank', 0, 100000]], total: 100000,
  },
  {
    // ₹500.00 including 5%, inter: net = 50000 × 10000 / 10500 = 47619.04… → 47619; IGST = 47619 × 5% = 2380.95 → 2381; 47619 + 2381 = 50000.
    name: 'inclusive tax, inter-state',
    lines: [{ accountId: 'travel', amountPaise: 50000, taxRateCenti: 500 }], mode: inter({ inclusive: true }),
    entry: [['travel', 47619, 0], ['igst_in', 2381, 0], ['bank', 0, 50000]], total: 50000,
  },
  {
    // Three lines, intra: ₹500.00 at 18% → tax 9000 (4500 + 4500); ₹200.00 at 5% → tax 1000 (500 + 500);
    // ₹100.00 untaxed → 0. Input CGST 4500 + 500 = 5000, SGST 5000. Paid 50000 + 20000 + 10000 + 10000 = 90000.
    name: 'split lines: one debit per line, GST input summed, one credit for the whole',
    lines: [
      { accountId: 'travel', amountPaise: 50000, taxRateCenti: 1800 },
      { accountId: 'meals', amountPaise: 20000, taxRateCenti: 500 },
      { accountId: 'office', amountPaise: 10000, taxRateCenti: 0 },
    ],
    mode: intra(),
    entry: [['travel', 50000, 0], ['meals', 20000, 0], ['office', 10000, 0], ['cgst_in', 5000, 0], ['sgst_in', 5000, 0], ['bank', 0, 90000]],
    total: 90000,
  },
  {
    // RCM at 5%, intra, on ₹2,500.50: CGST = SGST = 250050 × 250 / 10000 = 6251.25 → 6251 each; tax 12502.
    // The vendor is paid the amount alone (250050). Debits 250050 + 6251 + 6251 = 262552; credits 6251 + 6251 + 250050 = 262552.
    name: 'reverse charge, intra-state: Dr the reverse-charge input, Cr the reverse-charge liability (a line per head), Cr bank the amount only',
    lines: [{ accountId: 'freight', amountPaise: 250050, taxRateCenti: 500 }], mode: intra({ reverseCharge: true }),
    entry: [
      ['freight', 250050, 0], ['rcm_in', 6251, 0], ['rcm_in', 6251, 0],
      ['rcm_payable', 0, 6251], ['rcm_payable', 0, 6251], ['bank', 0, 250050],
    ],
    total: 250050,
  },
  {
    // RCM at 18%, inter, on ₹3,333.33: IGST = 333333 × 1800 / 10000 = 59999.94 → 60000.
    // Debits 333333 + 60000 = 393333; credits 60000 + 333333 = 393333.
    name: 'reverse charge, inter-state: IGST on the reverse-charge ledgers',
    lines: [{ accountId: 'legal', amountPaise: 333333, taxRateCenti: 1800 }], mode: inter({ reverseCharge: true }),
    entry: [['legal', 333333, 0], ['rcm_in', 60000, 0], ['rcm_payable', 0, 60000], ['bank', 0, 333333]], total: 333333,
  },
  {
    // Blocked (17(5)(b), food), ₹1,500.00 at 18% intra: tax 27000 (13500 + 13500) is part of the cost:
    // Dr meals 150000 + 27000 = 177000, no input line; Cr bank 177000.
    name: 'blocked ITC: the GST is capitalised into the expense line, no input GST',
    lines: [{ accountId: 'meals', amountPaise: 150000, taxRateCenti: 1800 }], mode: intra(), itcBlocked: true,
    entry: [['meals', 177000, 0], ['bank', 0, 177000]], total: 177000,
  },
  {
    // Blocked with inclusive tax, ₹1,000.00 including 18% intra: net 84746 + tax 15254 = 100000 on the expense; Cr bank 100000.
    name: 'blocked ITC with inclusive tax: the whole amount is the cost',
    lines: [{ accountId: 'meals', amountPaise: 100000, taxRateCenti: 1800 }], mode: intra({ inclusive: true }), itcBlocked: true,
    entry: [['meals', 100000, 0], ['bank', 0, 100000]], total: 100000,
  },
  {
    // RCM and blocked, ₹1,000.00 at 5% inter: IGST 5000 is still owed (Cr output) but is no credit,
    // so it joins the cost: Dr vehicle 100000 + 5000 = 105000; Cr the reverse-charge liability 5000; Cr bank 100000.
    name: 'reverse charge with blocked ITC: liability due, input capitalised',
    lines: [{ accountId: 'vehicle', amountPaise: 100000, taxRateCenti: 500 }], mode: inter({ reverseCharge: true }), itcBlocked: true,
    entry: [['vehicle', 105000, 0], ['rcm_payable', 0, 5000], ['bank', 0, 100000]], total: 100000,
  },
  {
    // Untaxed: ₹42.00, no GST lines at all.
    name: 'no tax: Dr expense, Cr bank',
    lines: [{ accountId: 'office', amountPaise: 4200, taxRateCenti: 0 }], mode: intra(),
    entry: [['office', 4200, 0], ['bank', 0, 4200]], total: 4200,
  },
];

describe('expense postings, by hand', () => {
  it.each(CASES)('$name', (c) => {
    const { amounts, lines } = post(c);
    expect(triples(lines)).toEqual(c.entry);
    expect(amounts.total).toBe(c.total);
    const debits = lines.reduce((s, l) => s + l.debit, 0);
    const credits = lines.reduce((s, l) => s + l.credit, 0);
    expect(debits).toBe(credits);
    expect(assertBalanced(lines)).toBe(debits);
  });

  it('refuses inclusive tax under reverse charge (the vendor charged none)', () => {
    expect(() => computeExpense([{ amountPaise: 100, taxRateCenti: 500 }], intra({ inclusive: true, reverseCharge: true }))).toThrow(RangeError);
  });
});

describe('expense postings, any input', () => {
  const line = fc.record({
    accountId: fc.constantFrom('travel', 'meals', 'office'),
    amountPaise: fc.integer({ min: 1, max: 10_000_000_000 }),
    taxRateCenti: fc.constantFrom(0, 25, 300, 500, 1200, 1800, 2800, 4000),
  });
  const mode = fc.record({ supply: fc.constantFrom('INTRA' as const, 'INTER' as const), inclusive: fc.boolean(), reverseCharge: fc.boolean() })
    .filter((m) => !(m.inclusive && m.reverseCharge));

  it('balances, pays the computed total, and inclusive lines add back to their amount', () => {
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), mode, fc.boolean(), (lines, m, itcBlocked) => {
      const { amounts, lines: entry } = post({ lines, mode: m, itcBlocked });
      assertBalanced(entry);
      expect(entry.filter((l) => l.accountId === 'bank').reduce((s, l) => s + l.credit, 0)).toBe(amounts.total);
      for (const [i, a] of amounts.lines.entries()) {
        expect(a.cgst + a.sgst + a.igst).toBe(a.tax);
        if (m.inclusive) expect(a.net + a.tax).toBe(lines[i]!.amountPaise);
        else expect(a.net).toBe(lines[i]!.amountPaise);
      }
    }));
  });
});
