import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openInBase } from '../documents/currency.rules';
import { assertBalanced, type PostingLine } from '../ledger/ledger.posting';
import { billApprovalLines, type BillForPosting } from './bills.posting';
import { owedTotals } from '../documents/reverse-charge.rules';

const accounts = {
  payable: 'payable', roundOff: 'round_off', cgstInput: 'cgst_in', sgstInput: 'sgst_in', igstInput: 'igst_in', cessInput: 'cess_in', rcmInput: 'rcm_in', rcmPayable: 'rcm_payable',
};
const line = (over: Partial<BillForPosting['lines'][number]>) => ({ accountId: 'purchases', itemTotal: 0, cgst: 0, sgst: 0, igst: 0, name: 'line', blocked: false, ...over });
const bill = (over: Partial<BillForPosting>): BillForPosting => ({ vendorId: 'v', exchangeRateMicro: 1_000_000, roundOff: 0, reverseCharge: false, lines: [], ...over });
const triples = (lines: PostingLine[]) => lines.filter((l) => l.debit !== 0 || l.credit !== 0).map((l) => [l.accountId, l.debit, l.credit]);

describe('a bill\'s approval entry, by hand', () => {
  it('adds a blocked line\'s tax to its account and claims the others\'', () => {
    // Meals 2000.00 at 5% intra (50 + 50) blocked: 2100.00; paper 1000.00 at 18% (90 + 90) claimed. Owed 3280.00.
    const entry = billApprovalLines(bill({
      lines: [line({ accountId: 'meals', itemTotal: 200000, cgst: 5000, sgst: 5000, blocked: true }), line({ itemTotal: 100000, cgst: 9000, sgst: 9000 })],
    }), accounts);
    expect(triples(entry)).toEqual([['meals', 210000, 0], ['purchases', 100000, 0], ['cgst_in', 9000, 0], ['sgst_in', 9000, 0], ['payable', 0, 328000]]);
  });

  it('under reverse charge in a foreign currency: the payable is the lines converted, the tax converted on its own', () => {
    // 1000.00 USD at 83.5: 83500.00 owed; IGST 180.00 USD → 15030.00 self-assessed.
    const entry = billApprovalLines(bill({
      exchangeRateMicro: 83_500_000, reverseCharge: true, lines: [line({ accountId: 'hosting', itemTotal: 100000, igst: 18000 })],
    }), accounts);
    expect(triples(entry)).toEqual([['hosting', 8350000, 0], ['rcm_in', 1503000, 0], ['rcm_payable', 0, 1503000], ['payable', 0, 8350000]]);
  });

  it('converts each line\'s tax so the lines add up to the converted heads', () => {
    // Rate 1.5. Two lines of 1.01 with 0.09 + 0.09 each, the first blocked. Each 0.09 → 0.135 → 0.14, but the head
    // 0.18 → 0.27: the first line (the largest, first on a tie) gives back a paisa, 0.13. Items 1.01 → 1.515 → 1.52
    // each; the payable is the total 2.38 → 3.57, one paisa under 1.52 + 1.52 + 0.27 + 0.27, taken off the first item:
    // 1.51 + 0.13 + 0.13 = 1.77 on the blocked line.
    const entry = billApprovalLines(bill({
      exchangeRateMicro: 1_500_000,
      lines: [line({ accountId: 'a', itemTotal: 101, cgst: 9, sgst: 9, blocked: true }), line({ accountId: 'b', itemTotal: 101, cgst: 9, sgst: 9 })],
    }), accounts);
    expect(triples(entry)).toEqual([['a', 177, 0], ['b', 152, 0], ['cgst_in', 14, 0], ['sgst_in', 14, 0], ['payable', 0, 357]]);
  });
});

describe('a bill\'s approval entry, any input', () => {
  const arbitraryLine = fc.record({
    accountId: fc.constantFrom('a', 'b'), itemTotal: fc.integer({ min: 100, max: 1_000_000_000 }), rateCenti: fc.constantFrom(0, 500, 1800, 2800),
    intra: fc.boolean(), blocked: fc.boolean(), name: fc.constant('line'),
  }).map(({ rateCenti, intra, ...l }) => {
    const half = Math.round((l.itemTotal * rateCenti) / 20000);
    return intra ? { ...l, cgst: half, sgst: half, igst: 0 } : { ...l, cgst: 0, sgst: 0, igst: half * 2 };
  });

  // Rates and amounts the service accepts: nothing converts to 0.00 (assertDocumentConvertible).
  it('balances, and puts on payables what the vendor is owed, converted once', () => {
    fc.assert(fc.property(
      fc.array(arbitraryLine, { minLength: 1, maxLength: 5 }), fc.boolean(), fc.integer({ min: 100_000, max: 200_000_000 }), fc.integer({ min: -100, max: 100 }),
      (lines, reverseCharge, exchangeRateMicro, roundOff) => {
        const entry = billApprovalLines(bill({ lines, reverseCharge, exchangeRateMicro, roundOff }), accounts);
        const tax = lines.reduce((s, l) => s + l.cgst + l.sgst + l.igst, 0);
        const owed = lines.reduce((s, l) => s + l.itemTotal, 0) + (reverseCharge ? 0 : tax) + roundOff;
        const normalised = entry.map((l) => (l.debit < 0 ? { ...l, debit: 0, credit: -l.debit } : l)).filter((l) => l.debit !== 0 || l.credit !== 0);
        assertBalanced(normalised);
        expect(entry.find((l) => l.accountId === 'payable')!.credit).toBe(openInBase(owed, exchangeRateMicro));
        // Self-assessed tax is each head converted on its own: a few paise at a low rate can convert to nothing.
        const selfAssessed = (['cgst', 'sgst', 'igst'] as const).some((h) => openInBase(lines.reduce((s, l) => s + l[h], 0), exchangeRateMicro) !== 0);
        expect(entry.some((l) => (l.accountId === 'rcm_in' || l.accountId === 'rcm_payable') && (l.debit > 0 || l.credit > 0))).toBe(reverseCharge && selfAssessed);
      },
    ));
  });
});

describe('what a bill owes its vendor', () => {
  it('is sub_total + tax_total, or sub_total alone under reverse charge', () => {
    const totals = { sub_total: 20000, tax_total: 3600, cgst_total: 1800, sgst_total: 1800, igst_total: 0, total: 23600 };
    expect(owedTotals(totals, false)).toEqual(totals);
    expect(owedTotals(totals, true)).toEqual({ ...totals, total: 20000 });
  });
});
