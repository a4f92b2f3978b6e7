import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { documentInBase, exchangeRateMicroOf, openInBase, settledInBase, toBase, type PricedLine } from './currency.rules';

describe('toBase: hand-worked', () => {
  it.each([
    // $100.00 at 83.123456: 10000 × 83123456 / 1e6 = 831234.56 → 831235 (₹8,312.35).
    [10000, 83_123_456, 831235],
    // $1.00 at 1.0 is unchanged.
    [100, 1_000_000, 100],
    // 900 at 83.005 = 74704.5 → 74705 (half-up).
    [900, 83_005_000, 74705],
    // 1 at 0.499999 = 0.499999 → 0; at 0.5 = 0.5 → 1.
    [1, 499_999, 0],
    [1, 500_000, 1],
    // Negative amounts round half away from zero: −900 at 83.005 = −74704.5 → −74705.
    [-900, 83_005_000, -74705],
  ])('%i at rate×1e6 %i → %i', (amount, rate, expected) => {
    expect(toBase(amount, rate)).toBe(expected);
  });

  it('refuses a rate that is not a positive integer', () => {
    expect(() => toBase(100, 0)).toThrow(RangeError);
    expect(() => toBase(100, 83.5)).toThrow(RangeError);
  });
});

describe('exchangeRateMicroOf: the one reading of a request\'s exchange_rate', () => {
  it.each([
    // Six decimals are exact after rounding, though rate × 1e6 in binary floating point is not:
    // 8.2 × 1e6 = 8199999.999999999, 1.005 × 1e6 = 1004999.9999999999.
    [83.123456, 83_123_456], [8.2, 8_200_000], [1.005, 1_005_000], [0.000001, 1], [1_000_000, 1_000_000_000_000],
  ])('a rate of %d is stored as %i', (rate, micro) => {
    expect(exchangeRateMicroOf(rate, 'USD', 'INR')).toBe(micro);
  });

  it('takes 1 for the base currency, and a rate given for it as given', () => {
    expect(exchangeRateMicroOf(undefined, 'INR', 'INR')).toBe(1_000_000);
    expect(exchangeRateMicroOf(2, 'INR', 'INR')).toBe(2_000_000);
  });

  it('requires a rate for a foreign currency on create (400 on exchange_rate)', () => {
    expect(() => exchangeRateMicroOf(undefined, 'USD', 'INR')).toThrow(expect.objectContaining({ code: 'validation.required_field', field: 'exchange_rate' }));
  });

  it('on an edit keeps the stored rate while the currency stays; a new currency never takes the old one\'s rate', () => {
    const kept = { currency: 'USD', exchangeRateMicro: 83_500_000 };
    expect(exchangeRateMicroOf(undefined, 'USD', 'INR', kept)).toBe(83_500_000);
    expect(exchangeRateMicroOf(84.25, 'USD', 'INR', kept)).toBe(84_250_000);
    // Back to the base currency: its rate is 1, never the old currency's.
    expect(exchangeRateMicroOf(undefined, 'INR', 'INR', kept)).toBe(1_000_000);
    expect(exchangeRateMicroOf(0.92, 'EUR', 'INR', kept)).toBe(920_000);
    expect(() => exchangeRateMicroOf(undefined, 'EUR', 'INR', kept)).toThrow(expect.objectContaining({ code: 'validation.required_field', field: 'exchange_rate' }));
  });
});

const line = (itemTotal: number, cgst = 0, sgst = 0, igst = 0): PricedLine => ({ itemTotal, cgst, sgst, igst });

describe('documentInBase: hand-worked', () => {
  it('puts the total converted once on the party line and the difference on the largest line', () => {
    // USD 0.01 × 3 at 83.333333: each line 0.83333333 → 0.83 (83 paise), 2.49 in all; the total
    // 0.03 is 2.49999999 → 2.50. The party owes 250; the first largest line takes the paisa.
    expect(documentInBase([line(1), line(1), line(1)], 0, 83_333_333)).toEqual({ items: [84, 83, 83], cgst: 0, sgst: 0, igst: 0, cess: 0, roundOff: 0, party: 250 });
  });

  it('takes a paisa off when the lines converted one by one come to more than the total', () => {
    // USD 0.01 × 3 at 83.5: each line 0.835 → 0.84, 2.52 in all; the total 0.03 is 2.505 → 2.51.
    expect(documentInBase([line(1), line(1), line(1)], 0, 83_500_000)).toEqual({ items: [83, 84, 84], cgst: 0, sgst: 0, igst: 0, cess: 0, roundOff: 0, party: 251 });
  });

  it('keeps each GST head at its own tax converted, and the round-off at its own', () => {
    // A $118.00 intra-state line at 83.005: sales 10000 → 830050, CGST and SGST 900 each →
    // 74704.5 → 74705, round-off −1 → −83.005 → −83. Total 11799 → 979375.995 → 979376;
    // 830050 + 74705 + 74705 − 83 = 979377, so the sales line gives up the paisa.
    expect(documentInBase([line(10000, 900, 900)], -1, 83_005_000)).toEqual({ items: [830049], cgst: 74705, sgst: 74705, igst: 0, cess: 0, roundOff: -83, party: 979376 });
  });

  it('changes nothing in the base currency', () => {
    expect(documentInBase([line(1000, 90, 90), line(2000, 0, 0, 360)], 20, 1_000_000)).toEqual({ items: [1000, 2000], cgst: 90, sgst: 90, igst: 360, cess: 0, roundOff: 20, party: 3560 });
  });
});

describe('settledInBase: hand-worked', () => {
  it('lets the settlement that clears a document take what is still open, so its parts add up to the total converted once', () => {
    // USD 0.03 at 83.333333 is owed as 250 paise. Paid 0.01, 0.01, 0.01: fresh conversions
    // would take 83 three times (249) and leave a paisa. The open balance converted goes
    // 250 → 167 (0.02 is 1.66666666) → 83 → 0, so the parts take 83, 84 and 83.
    const rate = 83_333_333;
    expect(openInBase(3, rate)).toBe(250);
    expect([settledInBase(3, 1, rate), settledInBase(2, 1, rate), settledInBase(1, 1, rate)]).toEqual([83, 84, 83]);
  });
});

// ---------- properties ----------

const arbLine = fc.record({
  itemTotal: fc.integer({ min: 0, max: 10_000_000_000 }),
  cgst: fc.integer({ min: 0, max: 1_000_000_000 }),
  sgst: fc.integer({ min: 0, max: 1_000_000_000 }),
  igst: fc.integer({ min: 0, max: 1_000_000_000 }),
});
// Mostly realistic rates, sometimes tiny ones where whole lines convert to 0.
const arbRate = fc.oneof(fc.integer({ min: 1, max: 200_000_000 }), fc.integer({ min: 1, max: 1_000_000 })); // ≤ 200.000000

describe('documentInBase: properties', () => {
  it('balances with the party at the total converted once, GST and round-off exact, one line changed by rounding only', () => {
    fc.assert(
      fc.property(fc.array(arbLine, { minLength: 1, maxLength: 8 }), fc.integer({ min: -99, max: 99 }), arbRate, (lines, roundOff, rate) => {
        const base = documentInBase(lines, roundOff, rate);
        const sum = (key: 'itemTotal' | 'cgst' | 'sgst' | 'igst') => lines.reduce((s, l) => s + l[key], 0);
        expect(base.party).toBe(toBase(sum('itemTotal') + sum('cgst') + sum('sgst') + sum('igst') + roundOff, rate));
        expect([base.cgst, base.sgst, base.igst, base.roundOff]).toEqual([toBase(sum('cgst'), rate), toBase(sum('sgst'), rate), toBase(sum('igst'), rate), toBase(roundOff, rate)]);
        expect(base.items.reduce((s, a) => s + a, 0) + base.cgst + base.sgst + base.igst + base.roundOff).toBe(base.party);
        const moved = base.items.map((a, i) => a - toBase(lines[i]!.itemTotal, rate)).filter((d) => d !== 0);
        expect(moved.length).toBeLessThanOrEqual(1);
        expect(Math.abs(moved[0] ?? 0)).toBeLessThanOrEqual((lines.length + 5) / 2);
      }),
    );
  });
});

describe('settledInBase: properties', () => {
  it('any split of a balance, settled in order, takes exactly the balance converted once', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000_000 }), { minLength: 1, maxLength: 10 }), arbRate, (parts, rate) => {
        let balance = parts.reduce((s, a) => s + a, 0);
        const total = openInBase(balance, rate);
        let taken = 0;
        for (const part of parts) {
          taken += settledInBase(balance, part, rate);
          balance -= part;
        }
        expect(taken).toBe(total);
      }),
    );
  });
});
