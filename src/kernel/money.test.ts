import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateByRemainder, formatRupees, MAX_RUPEES, roundDiv, sum, toPaise, toRupees, type RoundingMode } from './money';

const MAX_PAISE = MAX_RUPEES * 100;

describe('roundDiv', () => {
  it.each<[bigint, bigint, RoundingMode, number]>([
    // half_up: .5 goes away from zero, on both sides.
    [5n, 2n, 'half_up', 3], [-5n, 2n, 'half_up', -3],
    [15n, 10n, 'half_up', 2], [-15n, 10n, 'half_up', -2],
    [25n, 10n, 'half_up', 3], [-25n, 10n, 'half_up', -3],
    [14n, 10n, 'half_up', 1], [-14n, 10n, 'half_up', -1],
    [16n, 10n, 'half_up', 2], [-16n, 10n, 'half_up', -2],
    [1n, 3n, 'half_up', 0], [-1n, 3n, 'half_up', 0],
    [2n, 3n, 'half_up', 1], [-2n, 3n, 'half_up', -1],
    [1n, 2n, 'half_up', 1], [-1n, 2n, 'half_up', -1],
    [49n, 100n, 'half_up', 0], [-49n, 100n, 'half_up', 0],
    [50n, 100n, 'half_up', 1], [-50n, 100n, 'half_up', -1],
    [11800n * 18n, 100n, 'half_up', 2124],
    // up: ceiling.
    [5n, 2n, 'up', 3], [-5n, 2n, 'up', -2],
    [1n, 3n, 'up', 1], [-1n, 3n, 'up', 0],
    [2n, 3n, 'up', 1], [-2n, 3n, 'up', 0],
    [101n, 100n, 'up', 2], [-101n, 100n, 'up', -1],
    // down: floor.
    [5n, 2n, 'down', 2], [-5n, 2n, 'down', -3],
    [1n, 3n, 'down', 0], [-1n, 3n, 'down', -1],
    [2n, 3n, 'down', 0], [-2n, 3n, 'down', -1],
    [199n, 100n, 'down', 1], [-199n, 100n, 'down', -2],
  ])('%s / %s rounded %s is %s', (numerator, denominator, mode, expected) => {
    expect(roundDiv(numerator, denominator, mode)).toBe(expected);
  });

  it.each<RoundingMode>(['half_up', 'up', 'down'])('leaves exact quotients alone in mode %s', (mode) => {
    expect(roundDiv(10n, 5n, mode)).toBe(2);
    expect(roundDiv(-10n, 5n, mode)).toBe(-2);
    expect(roundDiv(0n, 7n, mode)).toBe(0);
    expect(Object.is(roundDiv(0n, 7n, mode), 0)).toBe(true);
    expect(Object.is(roundDiv(-1n, 3n, mode === 'down' ? 'up' : mode), 0)).toBe(true);
  });

  it('defaults to half_up', () => {
    expect(roundDiv(5n, 2n)).toBe(3);
    expect(roundDiv(-5n, 2n)).toBe(-3);
  });

  it('refuses a zero or negative denominator', () => {
    expect(() => roundDiv(1n, 0n)).toThrow(RangeError);
    expect(() => roundDiv(1n, -2n)).toThrow(RangeError);
  });

  // Quotients stay within safe integers, as paise do.
  const numerators = fc.bigInt({ min: -(2n ** 53n - 1n), max: 2n ** 53n - 1n });
  const denominators = fc.bigInt({ min: 1n, max: 10n ** 6n });

  it('up is the ceiling and down the floor (property)', () => {
    fc.assert(fc.property(numerators, denominators, (n, d) => {
      const up = BigInt(roundDiv(n, d, 'up'));
      const down = BigInt(roundDiv(n, d, 'down'));
      expect(up * d >= n && (up - 1n) * d < n).toBe(true);
      expect(down * d <= n && (down + 1n) * d > n).toBe(true);
      expect(up - down).toBe(n % d === 0n ? 0n : 1n);
    }));
  });

  it('half_up is the nearest integer and symmetric in sign (property)', () => {
    fc.assert(fc.property(numerators, denominators, (n, d) => {
      const r = BigInt(roundDiv(n, d, 'half_up'));
      const twiceError = 2n * (n - r * d); // 2 × (exact − rounded), in units of 1/d
      expect(twiceError <= d && twiceError >= -d).toBe(true);
      expect(roundDiv(-n, d, 'half_up') + 0).toBe(-Number(r) + 0);
    }));
  });

  it('half_up takes every exact .5 away from zero (property)', () => {
    const halves = fc.tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 5n }));
    fc.assert(fc.property(halves, ([k, half]) => {
      const d = 2n * half;
      const above = k * d + half; // k + 0.5
      const below = k * d - half; // k - 0.5
      expect(BigInt(roundDiv(above, d, 'half_up'))).toBe(above > 0n ? k + 1n : k);
      expect(BigInt(roundDiv(below, d, 'half_up'))).toBe(below < 0n ? k - 1n : k);
    }));
  });
});

describe('toPaise and toRupees', () => {
  it.each([
    [0, 0], [0.01, 1], [0.1, 10], [1, 100], [19.99, 1999], [0.29, 29], [1.005 - 0.005, 100], [1180.5, 118050],
    [-0.01, -1], [-19.99, -1999], [MAX_RUPEES, MAX_PAISE], [-MAX_RUPEES, -MAX_PAISE],
  ])('converts ₹%s to %s paise', (rupees, paise) => {
    expect(toPaise(rupees)).toBe(paise);
    expect(toRupees(paise)).toBe(rupees === 0 ? 0 : Number(rupees.toFixed(2)));
  });

  it('refuses amounts beyond the limit', () => {
    expect(() => toPaise(MAX_RUPEES + 0.01)).toThrow(RangeError);
    expect(() => toPaise(-MAX_RUPEES - 0.01)).toThrow(RangeError);
    expect(() => toPaise(Number.NaN)).toThrow(RangeError);
    expect(() => toPaise(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  const paise = fc.integer({ min: -MAX_PAISE, max: MAX_PAISE });

  it('round-trips every paise amount through rupees (property)', () => {
    fc.assert(fc.property(paise, (p) => {
      expect(toPaise(toRupees(p))).toBe(p);
    }));
  });

  it('round-trips every two-decimal rupee amount as written in JSON (property)', () => {
    fc.assert(fc.property(paise, (p) => {
      const text = `${p < 0 ? '-' : ''}${Math.floor(Math.abs(p) / 100)}.${String(Math.abs(p) % 100).padStart(2, '0')}`;
      const rupees = JSON.parse(text) as number;
      expect(toPaise(rupees)).toBe(p);
      expect(toRupees(toPaise(rupees))).toBe(rupees);
      // Written back, it has at most two decimals and reads as the same number.
      const written = JSON.stringify(toRupees(p));
      expect(written).toMatch(/^-?\d+(\.\d{1,2})?$/);
      expect(JSON.parse(written)).toBe(rupees);
    }));
  });

  it('formats paise as rupees with exactly two decimals, the sign in front', () => {
    expect([118000, 5, 50, -50, -118099, 0, MAX_PAISE].map(formatRupees))
      .toEqual(['1180.00', '0.05', '0.50', '-0.50', '-1180.99', '0.00', '1000000000000.00']);
    fc.assert(fc.property(paise, (p) => {
      expect(toPaise(Number(formatRupees(p)))).toBe(p);
    }));
  });

  it('sums paise exactly', () => {
    expect(sum([])).toBe(0);
    expect(sum([toPaise(0.1), toPaise(0.2)])).toBe(toPaise(0.3));
    fc.assert(fc.property(fc.array(fc.integer({ min: -MAX_PAISE, max: MAX_PAISE }), { maxLength: 20 }), (values) => {
      expect(BigInt(sum(values))).toBe(values.reduce((a, v) => a + BigInt(v), 0n));
    }));
  });
});

describe('allocateByRemainder', () => {
  it('gives the paise left after rounding down to the largest remainders, the earlier on a tie', () => {
    // 751.5 + 751.5 = 1503: 751 each, the paisa left to the first.
    expect(allocateByRemainder(1503, [7515n, 7515n], 10n)).toEqual([752, 751]);
    // 150300 + 751.5 + 751.5 = 151803.
    expect(allocateByRemainder(151_803, [1_503_000n, 7515n, 7515n], 10n)).toEqual([150_300, 752, 751]);
    // 3.3 + 3.3 + 3.4 = 10: the largest remainder (0.4) takes the one left.
    expect(allocateByRemainder(10, [33n, 33n, 34n], 10n)).toEqual([3, 3, 4]);
    expect(allocateByRemainder(0, [], 10n)).toEqual([]);
  });

  it('refuses a total that is not the rounded sum, and negative shares', () => {
    expect(() => allocateByRemainder(20, [33n, 33n], 10n)).toThrow(RangeError);
    expect(() => allocateByRemainder(0, [-5n, 5n], 10n)).toThrow(RangeError);
  });

  it('always adds up to the total', () => {
    fc.assert(fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 15n }), { maxLength: 20 }), fc.bigInt({ min: 1n, max: 10n ** 6n }), (numerators, denominator) => {
      const total = roundDiv(numerators.reduce((a, n) => a + n, 0n), denominator);
      expect(sum(allocateByRemainder(total, numerators, denominator))).toBe(total);
    }));
  });
});
