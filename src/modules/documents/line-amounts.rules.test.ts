import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { MAX_PAISE, MAX_RUPEES } from '../../kernel/money';
import {
  AmountOutOfRangeError,
  AmountRoundsToZeroError,
  computeDocument,
  computeLine,
  InvalidDiscountError,
  supplyTypeOf,
  type LineAmounts,
  type LineInput,
  type SupplyType,
} from './line-amounts.rules';
import { autoRoundOff } from './round-off.rules';

/** quantity and rate written as on the wire, converted here so the table reads naturally. */
const line = (quantity: number, rateRupees: number, discountRupees: number, taxPercent: number): LineInput => ({
  quantityMilli: Math.round(quantity * 1000),
  ratePaise: Math.round(rateRupees * 100),
  discountPaise: Math.round(discountRupees * 100),
  taxRateCenti: Math.round(taxPercent * 100),
});

type Case = [name: string, input: LineInput, supply: SupplyType, expected: LineAmounts];

// Hand-worked. Amounts in paise; "→" is half-up rounding to the paisa.
const CASES: Case[] = [
  // 1 × ₹100.00 = 10000; 18% = 1800; halves 900 / 900.
  ['18% intra, whole amounts', line(1, 100, 0, 18), 'INTRA', { itemTotal: 10000, tax: 1800, cgst: 900, sgst: 900, igst: 0 }],
  // Same line inter-state: all 1800 is IGST.
  ['18% inter, whole amounts', line(1, 100, 0, 18), 'INTER', { itemTotal: 10000, tax: 1800, cgst: 0, sgst: 0, igst: 1800 }],
  // 2.5 × ₹99.99: 2500 × 9999 / 1000 = 24997.5 → 24998 (₹249.98);
  // 18%: 24998 × 1800 / 10000 = 4499.64 → 4500; halves 2250 / 2250.
  ['decimal quantity 2.5 × ₹99.99 at 18%', line(2.5, 99.99, 0, 18), 'INTRA', { itemTotal: 24998, tax: 4500, cgst: 2250, sgst: 2250, igst: 0 }],
  // 1 × ₹0.60 = 60; 5%: 60 × 500 / 10000 = 3 (₹0.03); halves 1 / 2, SGST takes the odd paisa.
  ['odd paisa: tax ₹0.03 splits 0.01 / 0.02', line(1, 0.6, 0, 5), 'INTRA', { itemTotal: 60, tax: 3, cgst: 1, sgst: 2, igst: 0 }],
  // 1 × ₹0.10 = 10; 5%: 10 × 500 / 10000 = 0.5 → 1 (half-up); halves 0 / 1.
  ['tax of exactly half a paisa rounds up', line(1, 0.1, 0, 5), 'INTRA', { itemTotal: 10, tax: 1, cgst: 0, sgst: 1, igst: 0 }],
  // 1 × ₹0.25 = 25; 18%: 25 × 1800 / 10000 = 4.5 → 5; halves 2 / 3.
  ['18% of ₹0.25 is 4.5 paise → 5', line(1, 0.25, 0, 18), 'INTRA', { itemTotal: 25, tax: 5, cgst: 2, sgst: 3, igst: 0 }],
  // 1 × ₹1,000 = 100000; 0.25%: 100000 × 25 / 10000 = 250; halves 125 / 125.
  ['0.25% intra', line(1, 1000, 0, 0.25), 'INTRA', { itemTotal: 100000, tax: 250, cgst: 125, sgst: 125, igst: 0 }],
  // 1 × ₹1,234 = 123400; 0.25%: 123400 × 25 / 10000 = 308.5 → 309; halves 154 / 155.
  ['0.25% with half a paisa and an odd split', line(1, 1234, 0, 0.25), 'INTRA', { itemTotal: 123400, tax: 309, cgst: 154, sgst: 155, igst: 0 }],
  // 3 × ₹333.33 = 99999; 3%: 99999 × 300 / 10000 = 2999.97 → 3000; IGST 3000.
  ['3% inter', line(3, 333.33, 0, 3), 'INTER', { itemTotal: 99999, tax: 3000, cgst: 0, sgst: 0, igst: 3000 }],
  // 10 × ₹45.50 = 45500; − ₹55.00 discount = 40000; 12% = 4800; halves 2400 / 2400.
  ['12% with an absolute discount', line(10, 45.5, 55, 12), 'INTRA', { itemTotal: 40000, tax: 4800, cgst: 2400, sgst: 2400, igst: 0 }],
  // 1 × ₹0.18 = 18; 28%: 18 × 2800 / 10000 = 5.04 → 5; halves 2 / 3.
  ['28% intra, odd split', line(1, 0.18, 0, 28), 'INTRA', { itemTotal: 18, tax: 5, cgst: 2, sgst: 3, igst: 0 }],
  // 1.333 × ₹7.50: 1333 × 750 / 1000 = 999.75 → 1000; 40% = 400; IGST 400.
  ['40% inter, 3-decimal quantity', line(1.333, 7.5, 0, 40), 'INTER', { itemTotal: 1000, tax: 400, cgst: 0, sgst: 0, igst: 400 }],
  // 0.001 × ₹1,000: 1 × 100000 / 1000 = 100; 40% = 40; halves 20 / 20.
  ['smallest quantity 0.001', line(0.001, 1000, 0, 40), 'INTRA', { itemTotal: 100, tax: 40, cgst: 20, sgst: 20, igst: 0 }],
  // 0.005 × ₹1.00: 5 × 100 / 1000 = 0.5 → 1 (the line amount rounds half-up too); 18% of 1 = 0.18 → 0.
  ['line amount of half a paisa rounds up', line(0.005, 1, 0, 18), 'INTER', { itemTotal: 1, tax: 0, cgst: 0, sgst: 0, igst: 0 }],
  // 5 × ₹20 = 10000; 0% → no tax.
  ['0% (nil/exempt)', line(5, 20, 0, 0), 'INTRA', { itemTotal: 10000, tax: 0, cgst: 0, sgst: 0, igst: 0 }],
  // 2 × ₹50 = 10000; discount ₹100.00 = the whole gross → 0, tax 0.
  ['discount equal to the gross', line(2, 50, 100, 18), 'INTRA', { itemTotal: 0, tax: 0, cgst: 0, sgst: 0, igst: 0 }],
  // 1 × ₹999.99 = 99999; − ₹0.99 = 99900; 18% = 17982; halves 8991 / 8991.
  ['18% after a paise discount', line(1, 999.99, 0.99, 18), 'INTRA', { itemTotal: 99900, tax: 17982, cgst: 8991, sgst: 8991, igst: 0 }],
  // 7 × ₹14.29 = 10003; 18%: 10003 × 1800 / 10000 = 1800.54 → 1801; halves 900 / 901.
  ['18% with an odd tax', line(7, 14.29, 0, 18), 'INTRA', { itemTotal: 10003, tax: 1801, cgst: 900, sgst: 901, igst: 0 }],
  // 1 × ₹1,00,000 = 10000000; 1.5%: 10000000 × 150 / 10000 = 150000; halves 75000 / 75000.
  ['1.5% intra', line(1, 100000, 0, 1.5), 'INTRA', { itemTotal: 10000000, tax: 150000, cgst: 75000, sgst: 75000, igst: 0 }],
];

describe('computeLine: hand-worked examples', () => {
  it.each(CASES)('%s', (_name, input, supply, expected) => {
    expect(computeLine(input, supply)).toEqual(expected);
  });
});

describe('computeLine: discount errors', () => {
  it('refuses a discount above quantity × rate with a typed RangeError', () => {
    // 1 × ₹10.00 = 1000; discount ₹10.01 = 1001 > 1000.
    const attempt = () => computeLine(line(1, 10, 10.01, 18), 'INTRA');
    expect(attempt).toThrow(InvalidDiscountError);
    expect(attempt).toThrow(RangeError);
    try {
      attempt();
    } catch (err) {
      expect(err).toMatchObject({ reason: 'exceeds_gross', grossPaise: 1000, discountPaise: 1001, field: 'discount' });
    }
  });

  it('refuses a negative discount', () => {
    expect(() => computeLine(line(1, 10, -1, 18), 'INTRA')).toThrow(/must not be negative/);
  });

  it('names the offending line in computeDocument', () => {
    const lines = [line(1, 10, 0, 18), line(1, 10, 0, 5), line(1, 10, 11, 5)];
    try {
      computeDocument(lines, 'INTER');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(InvalidDiscountError);
      expect(err).toMatchObject({ field: 'line_items[2].discount', lineIndex: 2 });
    }
  });

  it('treats fractional inputs as a programming error, not a discount error', () => {
    const bad = { ...line(1, 10, 0, 18), quantityMilli: 1.5 };
    expect(() => computeLine(bad, 'INTRA')).toThrow(RangeError);
    expect(() => computeLine(bad, 'INTRA')).not.toThrow(InvalidDiscountError);
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
    const err = refusal(() => computeDocument([line(1, 10, 0, 18), line(123_456.789, 99_999_999.99, 0, 18)], 'INTRA'));
    expect(err).toMatchObject({ field: 'line_items[1].quantity', lineIndex: 1 });
    expect(err.message).toMatch(/quantity × rate .* exceeds the largest amount, 1000000000000/);
    expect(refusal(() => computeLine(line(2, MAX_RUPEES, 0, 0), 'INTER')).field).toBe('quantity');
  });

  it('refuses a line whose tax takes it above the bound, on the rate of a single unit', () => {
    const err = refusal(() => computeDocument([line(1, MAX_RUPEES, 0, 18)], 'INTER'));
    expect(err).toMatchObject({ field: 'line_items[0].rate', amountPaise: MAX_PAISE + MAX_PAISE * 0.18 });
    expect(refusal(() => computeDocument([line(0.6, MAX_RUPEES, 0, 100)], 'INTRA')).field).toBe('line_items[0].rate');
  });

  it('refuses a document total above the bound though every line is within it, on total', () => {
    const half = MAX_RUPEES / 2;
    const err = refusal(() => computeDocument([line(1, half, 0, 0), line(1, half, 0, 0), line(1, 0.01, 0, 0)], 'INTRA'));
    expect(err).toMatchObject({ field: 'total', amountPaise: MAX_PAISE + 1, lineIndex: null });
  });

  it('accepts amounts exactly at the bound', () => {
    expect(computeDocument([line(1, MAX_RUPEES, 0, 0)], 'INTRA')).toMatchObject({ subTotal: MAX_PAISE, taxTotal: 0 });
    const taxed = computeDocument([line(4, 200_000_000_000, 0, 25)], 'INTER');
    expect(taxed).toMatchObject({ subTotal: 80_000_000_000_000, taxTotal: 20_000_000_000_000 });
    expect(taxed.subTotal + taxed.taxTotal).toBe(MAX_PAISE);
  });
});

describe('amounts that round to 0.00', () => {
  it('refuses quantity × rate under half a paisa, on the line\'s quantity', () => {
    // 0.001 × 0.01 = 0.00001, 0.499 × 0.01 = 0.00499 and 0.004 × 1.00 = 0.004: each → 0 paise.
    for (const [quantity, rate] of [[0.001, 0.01], [0.499, 0.01], [0.004, 1]] as const) {
      expect(() => computeLine(line(quantity, rate, 0, 18), 'INTRA')).toThrow(AmountRoundsToZeroError);
    }
    expect(() => computeDocument([line(1, 5, 0, 0), line(0.001, 0.01, 0, 0)], 'INTER')).toThrow(
      expect.objectContaining({ field: 'line_items[1].quantity', lineIndex: 1 }),
    );
  });

  it('accepts exact zeros, and products of half a paisa or more', () => {
    expect(computeLine(line(5, 0, 0, 18), 'INTRA')).toEqual({ itemTotal: 0, tax: 0, cgst: 0, sgst: 0, igst: 0 });
    expect(computeLine(line(2, 250, 500, 18), 'INTER')).toEqual({ itemTotal: 0, tax: 0, cgst: 0, sgst: 0, igst: 0 });
    // 0.5 × 0.01 = 0.005 → 0.01; its 18% tax (0.0018) rounds to 0, which is a tax of 0, not a refusal.
    expect(computeLine(line(0.5, 0.01, 0, 18), 'INTER')).toEqual({ itemTotal: 1, tax: 0, cgst: 0, sgst: 0, igst: 0 });
  });
});

describe('computeDocument: hand-worked document', () => {
  // Lines (intra-state):
  //   A 1 × ₹100.00 @18%  → 10000, tax 1800 (900 / 900)
  //   B 2.5 × ₹99.99 @18% → 24998, tax 4500 (2250 / 2250)
  //   C 1 × ₹0.60 @5%     → 60,    tax 3    (1 / 2)
  //   D 5 × ₹20.00 @0%    → 10000, tax 0
  // sub_total 45058; tax_total 6303 = CGST 3151 + SGST 3152.
  const lines = [line(1, 100, 0, 18), line(2.5, 99.99, 0, 18), line(1, 0.6, 0, 5), line(5, 20, 0, 0)];

  it('adds the per-line integers intra-state', () => {
    const doc = computeDocument(lines, 'INTRA');
    expect(doc).toMatchObject({ subTotal: 45058, taxTotal: 6303, cgstTotal: 3151, sgstTotal: 3152, igstTotal: 0 });
    expect(doc.lines.map((l) => l.itemTotal)).toEqual([10000, 24998, 60, 10000]);
    expect(doc.taxByRate).toEqual([
      { taxRateCenti: 0, taxable: 10000, cgst: 0, sgst: 0, igst: 0 },
      { taxRateCenti: 500, taxable: 60, cgst: 1, sgst: 2, igst: 0 },
      { taxRateCenti: 1800, taxable: 34998, cgst: 3150, sgst: 3150, igst: 0 },
    ]);
  });

  it('routes the same lines to IGST inter-state', () => {
    const doc = computeDocument(lines, 'INTER');
    expect(doc).toMatchObject({ subTotal: 45058, taxTotal: 6303, cgstTotal: 0, sgstTotal: 0, igstTotal: 6303 });
    expect(doc.taxByRate.map((r) => r.igst)).toEqual([0, 3, 6300]);
  });

  it('rounds the document total in each mode', () => {
    // pre = sub_total + tax_total = 45058 + 6303 = 51361 (₹513.61).
    // nearest: ₹514.00, round_off +39; up: ₹514.00, +39; down: ₹513.00, −61.
    const doc = computeDocument(lines, 'INTRA');
    const pre = doc.subTotal + doc.taxTotal;
    expect(pre).toBe(51361);
    expect(autoRoundOff(pre, 'nearest')).toBe(39);
    expect(autoRoundOff(pre, 'up')).toBe(39);
    expect(autoRoundOff(pre, 'down')).toBe(-61);
  });

  it('rounds a document ending in exactly 50 paise away from zero under nearest', () => {
    // 1 × ₹85.17 @18%: 8517; tax 8517 × 1800 / 10000 = 1533.06 → 1533; pre 10050 (₹100.50).
    // nearest → ₹101.00 (+50); up → ₹101.00 (+50); down → ₹100.00 (−50).
    const doc = computeDocument([line(1, 85.17, 0, 18)], 'INTRA');
    const pre = doc.subTotal + doc.taxTotal;
    expect(pre).toBe(10050);
    expect([autoRoundOff(pre, 'nearest'), autoRoundOff(pre, 'up'), autoRoundOff(pre, 'down')]).toEqual([50, 50, -50]);
  });

  it('sums tax per line, not tax on the sum', () => {
    // Three lines of ₹0.25 @18%: each 4.5 → 5, so 15; tax on the sum 75 × 18% = 13.5 → 14 would differ.
    const doc = computeDocument([line(1, 0.25, 0, 18), line(1, 0.25, 0, 18), line(1, 0.25, 0, 18)], 'INTER');
    expect(doc.taxTotal).toBe(15);
    expect(doc.taxByRate).toEqual([{ taxRateCenti: 1800, taxable: 75, cgst: 0, sgst: 0, igst: 15 }]);
  });

  it('gives zeros for no lines', () => {
    expect(computeDocument([], 'INTRA')).toEqual({
      lines: [], subTotal: 0, taxTotal: 0, cgstTotal: 0, sgstTotal: 0, igstTotal: 0, taxByRate: [],
    });
  });
});

describe('supplyTypeOf', () => {
  it('is INTRA when the branch state equals the place of supply, in any accepted spelling', () => {
    expect(supplyTypeOf('IN-KA', '29')).toBe('INTRA');
    expect(supplyTypeOf('IN-UK', 'IN-UT')).toBe('INTRA');
    expect(supplyTypeOf('IN-KA', 'IN-MH')).toBe('INTER');
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

const arbSupply = fc.constantFrom<SupplyType>('INTRA', 'INTER');
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

  it('splits each line into halves differing by at most one paisa, SGST taking it', () => {
    fc.assert(
      fc.property(arbLine, arbSupply, (input, supply) => {
        const l = computeLine(input, supply);
        expect(l.cgst + l.sgst + l.igst).toBe(l.tax);
        if (supply === 'INTRA') {
          expect(l.igst).toBe(0);
          expect([0, 1]).toContain(l.sgst - l.cgst);
        } else {
          expect(l.cgst).toBe(0);
          expect(l.sgst).toBe(0);
        }
      }),
    );
  });

  it('rounds each line and its tax to within half a paisa of the exact value', () => {
    fc.assert(
      fc.property(arbLine, arbSupply, (input, supply) => {
        const l = computeLine(input, supply);
        const exactGrossMilli = BigInt(input.quantityMilli) * BigInt(input.ratePaise);
        const grossMilli = BigInt(l.itemTotal + input.discountPaise) * 1000n;
        expect(abs(grossMilli - exactGrossMilli) * 2n <= 1000n).toBe(true);
        const exactTax = BigInt(l.itemTotal) * BigInt(input.taxRateCenti);
        expect(abs(BigInt(l.tax) * 10_000n - exactTax) * 2n <= 10_000n).toBe(true);
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
        const gross = computeLine({ ...bad, discountPaise: 0 }, 'INTER').itemTotal;
        const lines = [...before, { ...bad, discountPaise: gross + excess }];
        expect(() => computeDocument(lines, 'INTRA')).toThrow(
          expect.objectContaining({ field: `line_items[${before.length}].discount` }),
        );
      }),
    );
  });
});

function abs(x: bigint): bigint {
  return x < 0n ? -x : x;
}
