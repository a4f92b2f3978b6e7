import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { MAX_PAISE, MAX_RUPEES } from '../../kernel/money';
import {
  AmountOutOfRangeError,
  AmountRoundsToZeroError,
  computeDocument,
  computeLine,
  InvalidDiscountError,
  taxableOfInclusive,
  taxOn,
  type LineAmounts,
  type LineInput,
  type SupplyType,
  type TaxMode,
} from './line-amounts.rules';
import { autoRoundOff } from './round-off.rules';

/** quantity and rate written as on the wire, converted here so the table reads naturally. */
const line = (quantity: number, rateRupees: number, discountRupees: number, taxPercent: number): LineInput => ({
  quantityMilli: Math.round(quantity * 1000),
  ratePaise: Math.round(rateRupees * 100),
  discountPaise: Math.round(discountRupees * 100),
  taxRateCenti: Math.round(taxPercent * 100),
});

const INTRA: TaxMode = { supply: 'INTRA' };
const INTER: TaxMode = { supply: 'INTER' };

type Case = [name: string, input: LineInput, mode: TaxMode, expected: Omit<LineAmounts, 'remainder' | 'cess'>];

// Hand-worked. Amounts in paise; "→" is half-up rounding to the paisa. Intra-state, CGST and
// SGST are each the taxable value × half the rate, rounded on its own; the tax is their sum.
const CASES: Case[] = [
  // 1 × ₹100.00 = 10000; 9% = 900 each; tax 1800.
  ['18% intra, whole amounts', line(1, 100, 0, 18), INTRA, { itemTotal: 10000, tax: 1800, cgst: 900, sgst: 900, igst: 0 }],
  // Same line inter-state: all 1800 is IGST.
  ['18% inter, whole amounts', line(1, 100, 0, 18), INTER, { itemTotal: 10000, tax: 1800, cgst: 0, sgst: 0, igst: 1800 }],
  // 1 × ₹10.50 = 1050; 9%: 94.5 → 95 each; tax 190 (18% on the whole, 189, would not split evenly).
  ['₹10.50 at 18%: CGST 0.95 + SGST 0.95', line(1, 10.5, 0, 18), INTRA, { itemTotal: 1050, tax: 190, cgst: 95, sgst: 95, igst: 0 }],
  // 2.5 × ₹99.99: 2500 × 9999 / 1000 = 24997.5 → 24998 (₹249.98); 9%: 2249.82 → 2250 each.
  ['decimal quantity 2.5 × ₹99.99 at 18%', line(2.5, 99.99, 0, 18), INTRA, { itemTotal: 24998, tax: 4500, cgst: 2250, sgst: 2250, igst: 0 }],
  // 1 × ₹0.60 = 60; 2.5%: 1.5 → 2 each; tax 4 (5% on the whole would be 3).
  ['₹0.60 at 5%: each half 1.5 paise → 2', line(1, 0.6, 0, 5), INTRA, { itemTotal: 60, tax: 4, cgst: 2, sgst: 2, igst: 0 }],
  // 1 × ₹0.10 = 10; 2.5%: 0.25 → 0 each.
  ['halves under half a paisa round to 0', line(1, 0.1, 0, 5), INTRA, { itemTotal: 10, tax: 0, cgst: 0, sgst: 0, igst: 0 }],
  // 1 × ₹0.10 = 10; 5% IGST: 0.5 → 1 (half-up).
  ['IGST of exactly half a paisa rounds up', line(1, 0.1, 0, 5), INTER, { itemTotal: 10, tax: 1, cgst: 0, sgst: 0, igst: 1 }],
  // 1 × ₹0.25 = 25; 9%: 2.25 → 2 each.
  ['18% of ₹0.25 intra', line(1, 0.25, 0, 18), INTRA, { itemTotal: 25, tax: 4, cgst: 2, sgst: 2, igst: 0 }],
  // 1 × ₹1,000 = 100000; 0.125%: 125 each.
  ['0.25% intra', line(1, 1000, 0, 0.25), INTRA, { itemTotal: 100000, tax: 250, cgst: 125, sgst: 125, igst: 0 }],
  // 1 × ₹1,234 = 123400; 0.125%: 154.25 → 154 each.
  ['0.25% intra with a fraction per half', line(1, 1234, 0, 0.25), INTRA, { itemTotal: 123400, tax: 308, cgst: 154, sgst: 154, igst: 0 }],
  // 3 × ₹333.33 = 99999; 3%: 99999 × 300 / 10000 = 2999.97 → 3000; IGST 3000.
  ['3% inter', line(3, 333.33, 0, 3), INTER, { itemTotal: 99999, tax: 3000, cgst: 0, sgst: 0, igst: 3000 }],
  // 10 × ₹45.50 = 45500; − ₹55.00 discount = 40000; 6% = 2400 each.
  ['12% with an absolute discount', line(10, 45.5, 55, 12), INTRA, { itemTotal: 40000, tax: 4800, cgst: 2400, sgst: 2400, igst: 0 }],
  // 1 × ₹0.18 = 18; 14%: 2.52 → 3 each.
  ['28% intra', line(1, 0.18, 0, 28), INTRA, { itemTotal: 18, tax: 6, cgst: 3, sgst: 3, igst: 0 }],
  // 1.333 × ₹7.50: 1333 × 750 / 1000 = 999.75 → 1000; 40% = 400; IGST 400.
  ['40% inter, 3-decimal quantity', line(1.333, 7.5, 0, 40), INTER, { itemTotal: 1000, tax: 400, cgst: 0, sgst: 0, igst: 400 }],
  // 0.001 × ₹1,000: 1 × 100000 / 1000 = 100; 20% = 20 each.
  ['smallest quantity 0.001', line(0.001, 1000, 0, 40), INTRA, { itemTotal: 100, tax: 40, cgst: 20, sgst: 20, igst: 0 }],
  // 0.005 × ₹1.00: 5 × 100 / 1000 = 0.5 → 1 (the line amount rounds half-up too); 18% of 1 = 0.18 → 0.
  ['line amount of half a paisa rounds up', line(0.005, 1, 0, 18), INTER, { itemTotal: 1, tax: 0, cgst: 0, sgst: 0, igst: 0 }],
  // 5 × ₹20 = 10000; 0% → no tax.
  ['0% (nil/exempt)', line(5, 20, 0, 0), INTRA, { itemTotal: 10000, tax: 0, cgst: 0, sgst: 0, igst: 0 }],
  // 2 × ₹50 = 10000; discount ₹100.00 = the whole gross → 0, tax 0.
  ['discount equal to the gross', line(2, 50, 100, 18), INTRA, { itemTotal: 0, tax: 0, cgst: 0, sgst: 0, igst: 0 }],
  // 1 × ₹999.99 = 99999; − ₹0.99 = 99900; 9% = 8991 each.
  ['18% after a paise discount', line(1, 999.99, 0.99, 18), INTRA, { itemTotal: 99900, tax: 17982, cgst: 8991, sgst: 8991, igst: 0 }],
  // 7 × ₹14.29 = 10003; 9%: 900.27 → 900 each (18% on the whole, 1800.54 → 1801, would not split evenly).
  ['18% with an odd full-rate tax', line(7, 14.29, 0, 18), INTRA, { itemTotal: 10003, tax: 1800, cgst: 900, sgst: 900, igst: 0 }],
  // 1 × ₹1,00,000 = 10000000; 0.75% = 75000 each.
  ['1.5% intra', line(1, 100000, 0, 1.5), INTRA, { itemTotal: 10000000, tax: 150000, cgst: 75000, sgst: 75000, igst: 0 }],
  // Zero-rated without payment of IGST (WOPAY): 1 × ₹1,000 at 18% bears no tax.
  ['zero-rated (WOPAY)', line(1, 1000, 0, 18), { supply: 'INTER', zeroRated: true }, { itemTotal: 100000, tax: 0, cgst: 0, sgst: 0, igst: 0 }],
  // Goods imported, their IGST paid at customs: 1 × ₹1,000 at 18% bears no tax on the vendor's bill.
  ['goods taxed at customs', { ...line(1, 1000, 0, 18), taxedAtCustoms: true }, INTER, { itemTotal: 100000, tax: 0, cgst: 0, sgst: 0, igst: 0 }],
];

describe('computeLine: hand-worked examples', () => {
  it.each(CASES)('%s', (_name, input, mode, expected) => {
    expect(computeLine(input, mode)).toEqual({ ...expected, cess: 0, remainder: 0 });
  });
});

describe('computeLine: discount errors', () => {
  it('refuses a discount above quantity × rate with a typed RangeError', () => {
    // 1 × ₹10.00 = 1000; discount ₹10.01 = 1001 > 1000.
    const attempt = () => computeLine(line(1, 10, 10.01, 18), INTRA);
    expect(attempt).toThrow(InvalidDiscountError);
    expect(attempt).toThrow(RangeError);
    try {
      attempt();
    } catch (err) {
      expect(err).toMatchObject({ reason: 'exceeds_gross', grossPaise: 1000, discountPaise: 1001, field: 'discount' });
    }
  });

  it('refuses a negative discount', () => {
    expect(() => computeLine(line(1, 10, -1, 18), INTRA)).toThrow(/must not be negative/);
  });

  it('names the offending line in computeDocument', () => {
    const lines = [line(1, 10, 0, 18), line(1, 10, 0, 5), line(1, 10, 11, 5)];
    try {
      computeDocument(lines, INTER);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(InvalidDiscountError);
      expect(err).toMatchObject({ field: 'line_items[2].discount', lineIndex: 2 });
    }
  });

  it('treats fractional inputs as a programming error, not a discount error', () => {
    const bad = { ...line(1, 10, 0, 18), quantityMilli: 1.5 };
    expect(() => computeLine(bad, INTRA)).toThrow(RangeError);
    expect(() => computeLine(bad, INTRA)).not.toThrow(InvalidDiscountError);
  });
});

describe('the money bound (MAX_RUPEES) on computed amounts', () => {
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (err) {
      expect(err).toBeInstanceOf(AmountOutOfRangeError);
      expect(err).toBeInstanceOf(RangeError);
      return err as AmountOutOfRangeError;
    }
    return expect.unreachable('no AmountOutOfRangeError');
  };

  it('refuses quantity × rate above the bound, on the quantity', () => {
    // 123,456.789 × ₹99,999,999.99 ≈ ₹1.23 × 10^13, above ₹10^12.
    const err = refusal(() => computeDocument([line(1, 10, 0, 18), line(123_456.789, 99_999_999.99, 0, 18)], INTRA));
    expect(err).toMatchObject({ field: 'line_items[1].quantity', lineIndex: 1 });
    expect(err.message).toMatch(/quantity × rate .* exceeds the largest amount, 1000000000000/);
    expect(refusal(() => computeLine(line(2, MAX_RUPEES, 0, 0), INTER)).field).toBe('quantity');
  });

  it('refuses a line whose tax takes it above the bound, on the rate of a single unit', () => {
    const err = refusal(() => computeDocument([line(1, MAX_RUPEES, 0, 18)], INTER));
    expect(err).toMatchObject({ field: 'line_items[0].rate', amountPaise: MAX_PAISE + MAX_PAISE * 0.18 });
    expect(refusal(() => computeDocument([line(0.6, MAX_RUPEES, 0, 100)], INTRA)).field).toBe('line_items[0].rate');
  });

  it('refuses a document total above the bound though every line is within it, on total', () => {
    const half = MAX_RUPEES / 2;
    const err = refusal(() => computeDocument([line(1, half, 0, 0), line(1, half, 0, 0), line(1, 0.01, 0, 0)], INTRA));
    expect(err).toMatchObject({ field: 'total', amountPaise: MAX_PAISE + 1, lineIndex: null });
  });

  it('accepts amounts exactly at the bound', () => {
    expect(computeDocument([line(1, MAX_RUPEES, 0, 0)], INTRA)).toMatchObject({ subTotal: MAX_PAISE, taxTotal: 0 });
    const taxed = computeDocument([line(4, 200_000_000_000, 0, 25)], INTER);
    expect(taxed).toMatchObject({ subTotal: 80_000_000_000_000, taxTotal: 20_000_000_000_000 });
    expect(taxed.subTotal + taxed.taxTotal).toBe(MAX_PAISE);
  });
});

describe('amounts that round to 0.00', () => {
  it('refuses quantity × rate under half a paisa, on the line\'s quantity', () => {
    // 0.001 × 0.01 = 0.00001, 0.499 × 0.01 = 0.00499 and 0.004 × 1.00 = 0.004: each → 0 paise.
    for (const [quantity, rate] of [[0.001, 0.01], [0.499, 0.01], [0.004, 1]] as const) {
      expect(() => computeLine(line(quantity, rate, 0, 18), INTRA)).toThrow(AmountRoundsToZeroError);
    }
    expect(() => computeDocument([line(1, 5, 0, 0), line(0.001, 0.01, 0, 0)], INTER)).toThrow(
      expect.objectContaining({ field: 'line_items[1].quantity', lineIndex: 1 }),
    );
  });

  it('accepts exact zeros, and products of half a paisa or more', () => {
    const zero = { itemTotal: 0, tax: 0, cgst: 0, sgst: 0, igst: 0, cess: 0, remainder: 0 };
    expect(computeLine(line(5, 0, 0, 18), INTRA)).toEqual(zero);
    expect(computeLine(line(2, 250, 500, 18), INTER)).toEqual(zero);
    // 0.5 × 0.01 = 0.005 → 0.01; its 18% tax (0.0018) rounds to 0, which is a tax of 0, not a refusal.
    expect(computeLine(line(0.5, 0.01, 0, 18), INTER)).toEqual({ ...zero, itemTotal: 1 });
  });
});

describe('computeDocument: hand-worked document', () => {
  // Lines (intra-state):
  //   A 1 × ₹100.00 @18%  → 10000, tax 1800 (900 / 900)
  //   B 2.5 × ₹99.99 @18% → 24998, tax 4500 (2250 / 2250)
  //   C 1 × ₹0.60 @5%     → 60,    tax 4    (2 / 2; IGST 3)
  //   D 5 × ₹20.00 @0%    → 10000, tax 0
  // sub_total 45058; intra tax_total 6304 = CGST 3152 + SGST 3152; inter IGST 6303.
  const lines = [line(1, 100, 0, 18), line(2.5, 99.99, 0, 18), line(1, 0.6, 0, 5), line(5, 20, 0, 0)];

  it('adds the per-line integers intra-state', () => {
    const doc = computeDocument(lines, INTRA);
    expect(doc).toMatchObject({ subTotal: 45058, taxTotal: 6304, cgstTotal: 3152, sgstTotal: 3152, igstTotal: 0 });
    expect(doc.lines.map((l) => l.itemTotal)).toEqual([10000, 24998, 60, 10000]);
    expect(doc.taxByRate).toEqual([
      { taxRateCenti: 0, taxable: 10000, cgst: 0, sgst: 0, igst: 0 },
      { taxRateCenti: 500, taxable: 60, cgst: 2, sgst: 2, igst: 0 },
      { taxRateCenti: 1800, taxable: 34998, cgst: 3150, sgst: 3150, igst: 0 },
    ]);
  });

  it('routes the same lines to IGST inter-state', () => {
    const doc = computeDocument(lines, INTER);
    expect(doc).toMatchObject({ subTotal: 45058, taxTotal: 6303, cgstTotal: 0, sgstTotal: 0, igstTotal: 6303 });
    expect(doc.taxByRate.map((r) => r.igst)).toEqual([0, 3, 6300]);
  });

  it('rounds the document total in each mode', () => {
    // pre = sub_total + tax_total = 45058 + 6304 = 51362 (₹513.62).
    // nearest: ₹514.00, round_off +38; up: ₹514.00, +38; down: ₹513.00, −62.
    const doc = computeDocument(lines, INTRA);
    const pre = doc.subTotal + doc.taxTotal;
    expect(pre).toBe(51362);
    expect(autoRoundOff(pre, 'nearest')).toBe(38);
    expect(autoRoundOff(pre, 'up')).toBe(38);
    expect(autoRoundOff(pre, 'down')).toBe(-62);
  });

  it('rounds a document ending in exactly 50 paise away from zero under nearest', () => {
    // 1 × ₹85.17 @18% IGST: 8517; tax 8517 × 1800 / 10000 = 1533.06 → 1533; pre 10050 (₹100.50).
    // nearest → ₹101.00 (+50); up → ₹101.00 (+50); down → ₹100.00 (−50).
    const doc = computeDocument([line(1, 85.17, 0, 18)], INTER);
    const pre = doc.subTotal + doc.taxTotal;
    expect(pre).toBe(10050);
    expect([autoRoundOff(pre, 'nearest'), autoRoundOff(pre, 'up'), autoRoundOff(pre, 'down')]).toEqual([50, 50, -50]);
  });

  it('sums tax per line, not tax on the sum', () => {
    // Three lines of ₹0.25 @18%: each 4.5 → 5, so 15; tax on the sum 75 × 18% = 13.5 → 14 would differ.
    const doc = computeDocument([line(1, 0.25, 0, 18), line(1, 0.25, 0, 18), line(1, 0.25, 0, 18)], INTER);
    expect(doc.taxTotal).toBe(15);
    expect(doc.taxByRate).toEqual([{ taxRateCenti: 1800, taxable: 75, cgst: 0, sgst: 0, igst: 15 }]);
  });

  it('gives zeros for no lines', () => {
    expect(computeDocument([], INTRA)).toEqual({
      lines: [], subTotal: 0, taxTotal: 0, cgstTotal: 0, sgstTotal: 0, igstTotal: 0, cessTotal: 0, remainderTotal: 0, taxByRate: [],
    });
  });
});

describe('tax-inclusive amounts', () => {
  it('takes the taxable value out half-up, taxes it like any line, and leaves the paisa as remainder', () => {
    // ₹118.00 incl. 18%: 11800 × 100 / 118 = 10000; 9% = 900 each; remainder 0.
    expect(computeLine(line(1, 118, 0, 18), { supply: 'INTRA', inclusive: true })).toEqual({ itemTotal: 10000, tax: 1800, cgst: 900, sgst: 900, igst: 0, cess: 0, remainder: 0 });
    // ₹10.00 incl. 18%: 1000 × 100 / 118 = 847.46 → 847; 9%: 76.23 → 76 each, tax 152; 847 + 152 = 999: remainder +1.
    expect(computeLine(line(1, 10, 0, 18), { supply: 'INTRA', inclusive: true })).toEqual({ itemTotal: 847, tax: 152, cgst: 76, sgst: 76, igst: 0, cess: 0, remainder: 1 });
    // Same inter-state: IGST 847 × 18% = 152.46 → 152; remainder +1.
    expect(computeLine(line(1, 10, 0, 18), { supply: 'INTER', inclusive: true })).toEqual({ itemTotal: 847, tax: 152, cgst: 0, sgst: 0, igst: 152, cess: 0, remainder: 1 });
    // ₹10.50 incl. 18%: 1050 × 100 / 118 = 889.83 → 890; 9%: 80.1 → 80 each, tax 160; 890 + 160 = 1050.
    expect(computeLine(line(1, 10.5, 0, 18), { supply: 'INTRA', inclusive: true })).toMatchObject({ itemTotal: 890, tax: 160, remainder: 0 });
    // ₹1.19 incl. 18%: 119 × 100 / 118 = 100.85 → 101; 9%: 9.09 → 9 each, tax 18; 101 + 18 = 119.
    expect(computeLine(line(1, 1.19, 0, 18), { supply: 'INTRA', inclusive: true })).toMatchObject({ itemTotal: 101, tax: 18, remainder: 0 });
    // ₹2.39 incl. 18%: 239 × 100 / 118 = 202.54 → 203; 9%: 18.27 → 18 each, tax 36; 203 + 36 = 239... and ₹0.59: 59/1.18 = 50; 4.5 → 5 each: 50 + 10 = 60, remainder −1.
    expect(computeLine(line(1, 0.59, 0, 18), { supply: 'INTRA', inclusive: true })).toEqual({ itemTotal: 50, tax: 10, cgst: 5, sgst: 5, igst: 0, cess: 0, remainder: -1 });
  });

  it('holds no tax inside a zero-rated amount', () => {
    expect(computeLine(line(1, 10, 0, 18), { supply: 'INTER', inclusive: true, zeroRated: true })).toEqual({ itemTotal: 1000, tax: 0, cgst: 0, sgst: 0, igst: 0, cess: 0, remainder: 0 });
  });

  it('sums the remainders of a document', () => {
    // ₹10.00 (+1) and ₹0.59 (−1) and ₹10.00 (+1) incl. 18% intra: remainderTotal 1; sub 847 + 50 + 847, tax 152 + 10 + 152.
    const doc = computeDocument([line(1, 10, 0, 18), line(1, 0.59, 0, 18), line(1, 10, 0, 18)], { supply: 'INTRA', inclusive: true });
    expect(doc).toMatchObject({ subTotal: 1744, taxTotal: 314, remainderTotal: 1 });
    expect(doc.subTotal + doc.taxTotal + doc.remainderTotal).toBe(1000 + 59 + 1000);
  });

  it('taxableOfInclusive and taxOn are the two steps', () => {
    expect(taxableOfInclusive(1000, 1800)).toBe(847);
    expect(taxableOfInclusive(105, 500)).toBe(100);
    expect(taxOn(1050, 1800, 'INTRA')).toEqual({ tax: 190, cgst: 95, sgst: 95, igst: 0 });
    expect(taxOn(1050, 1800, 'INTER')).toEqual({ tax: 189, cgst: 0, sgst: 0, igst: 189 });
  });
});

// ---------- properties ----------

const RATES_CENTI = [0, 25, 150, 300, 500, 1200, 1800, 2800, 4000];

/** A line whose discount is some share of its gross, so it is always valid. */
const arbLine: fc.Arbitrary<LineInput> = fc
  .record({
    quantityMilli: fc.integer({ min: 0, max: 10_000_000 }), // up to 10,000 units
    ratePaise: fc.integer({ min: 0, max: 1_000_000_000 }), // up to ₹1 crore
    discountPermille: fc.integer({ min: 0, max: 1000 }),
    taxRateCenti: fc.constantFrom(...RATES_CENTI),
  })
  // A product that rounds to 0.00 without being 0 is refused (tested above), not priced.
  .filter(({ quantityMilli, ratePaise }) => quantityMilli * ratePaise === 0 || quantityMilli * ratePaise >= 500)
  .map(({ quantityMilli, ratePaise, discountPermille, taxRateCenti }) => {
    const gross = Math.round((quantityMilli * ratePaise) / 1000); // within safe range here
    return { quantityMilli, ratePaise, taxRateCenti, discountPaise: Math.floor((gross * discountPermille) / 1000) };
  });

const arbSupply = fc.constantFrom<SupplyType>('INTRA', 'INTER').map((supply): TaxMode => ({ supply }));
const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('computeDocument: properties', () => {
  it('components add back to the tax total, and lines to the totals', () => {
    fc.assert(
      fc.property(fc.array(arbLine, { minLength: 1, maxLength: 30 }), arbSupply, (lines, supply) => {
        const doc = computeDocument(lines, supply);
        expect(doc.cgstTotal + doc.sgstTotal + doc.igstTotal).toBe(doc.taxTotal);
        expect(total(doc.lines.map((l) => l.tax))).toBe(doc.taxTotal);
        expect(total(doc.lines.map((l) => l.itemTotal))).toBe(doc.subTotal);
      }),
    );
  });

  it('splits each intra-state line into equal CGST and SGST', () => {
    fc.assert(
      fc.property(arbLine, arbSupply, (input, mode) => {
        const l = computeLine(input, mode);
        expect(l.cgst + l.sgst + l.igst).toBe(l.tax);
        if (mode.supply === 'INTRA') {
          expect(l.igst).toBe(0);
          expect(l.sgst).toBe(l.cgst);
        } else {
          expect(l.cgst).toBe(0);
          expect(l.sgst).toBe(0);
        }
      }),
    );
  });

  it('rounds each line and each tax component to within half a paisa of the exact value', () => {
    fc.assert(
      fc.property(arbLine, arbSupply, (input, mode) => {
        const l = computeLine(input, mode);
        const exactGrossMilli = BigInt(input.quantityMilli) * BigInt(input.ratePaise);
        const grossMilli = BigInt(l.itemTotal + input.discountPaise) * 1000n;
        expect(abs(grossMilli - exactGrossMilli) * 2n <= 1000n).toBe(true);
        const exactTax = BigInt(l.itemTotal) * BigInt(input.taxRateCenti);
        // IGST at the full rate; CGST and SGST each at half of it.
        if (mode.supply === 'INTER') expect(abs(BigInt(l.igst) * 10_000n - exactTax) * 2n <= 10_000n).toBe(true);
        else expect(abs(BigInt(l.cgst) * 20_000n - exactTax) * 2n <= 20_000n).toBe(true);
        expect(l.itemTotal).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('sums the tax-by-rate summary to the totals, one row per rate', () => {
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 30 }), arbSupply, (lines, supply) => {
        const doc = computeDocument(lines, supply);
        const rows = doc.taxByRate;
        expect(total(rows.map((r) => r.taxable))).toBe(doc.subTotal);
        expect(total(rows.map((r) => r.cgst))).toBe(doc.cgstTotal);
        expect(total(rows.map((r) => r.sgst))).toBe(doc.sgstTotal);
        expect(total(rows.map((r) => r.igst))).toBe(doc.igstTotal);
        const rates = rows.map((r) => r.taxRateCenti);
        expect(rates).toEqual([...new Set(lines.map((l) => l.taxRateCenti))].sort((a, b) => a - b));
      }),
    );
  });

  it('refuses every discount above the gross, naming its line', () => {
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 5 }), arbLine, fc.integer({ min: 1, max: 1_000_000 }), (before, bad, excess) => {
        const gross = computeLine({ ...bad, discountPaise: 0 }, INTER).itemTotal;
        const lines = [...before, { ...bad, discountPaise: gross + excess }];
        expect(() => computeDocument(lines, INTRA)).toThrow(
          expect.objectContaining({ field: `line_items[${before.length}].discount` }),
        );
      }),
    );
  });
});

function abs(x: bigint): bigint {
  return x < 0n ? -x : x;
}
