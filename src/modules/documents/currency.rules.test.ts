import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { balanceInBase, convertLinesToBase, toBase } from './currency.rules';

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

describe('balanceInBase / convertLinesToBase: hand-worked', () => {
  // A $118.00 intra-state invoice at 83.005:
  //   Dr Receivable 11800 → 979459 exactly
  //   Cr Sales      10000 → 830050
  //   Cr CGST         900 → 74704.5 → 74705
  //   Cr SGST         900 → 74704.5 → 74705
  // credits 979460, debits 979459: the debit side is short by 1, so Receivable takes it.
  const invoice = [
    { account: 'receivable', debit: 11800, credit: 0 },
    { account: 'sales', debit: 0, credit: 10000 },
    { account: 'cgst', debit: 0, credit: 900 },
    { account: 'sgst', debit: 0, credit: 900 },
  ];

  it('puts a short debit side’s difference on its largest line', () => {
    expect(convertLinesToBase(invoice, 83_005_000)).toEqual([
      { account: 'receivable', debit: 979460, credit: 0 },
      { account: 'sales', debit: 0, credit: 830050 },
      { account: 'cgst', debit: 0, credit: 74705 },
      { account: 'sgst', debit: 0, credit: 74705 },
    ]);
  });

  it('puts a short credit side’s difference on its largest line (the mirror, a bill)', () => {
    const bill = invoice.map((l) => ({ ...l, debit: l.credit, credit: l.debit }));
    expect(convertLinesToBase(bill, 83_005_000)).toEqual([
      { account: 'receivable', debit: 0, credit: 979460 },
      { account: 'sales', debit: 830050, credit: 0 },
      { account: 'cgst', debit: 74705, credit: 0 },
      { account: 'sgst', debit: 74705, credit: 0 },
    ]);
  });

  it('leaves an already balanced conversion alone', () => {
    // Inter-state at 83.005: 979459 = 830050 + 149409 (1800 × 83.005 = 149409 exactly).
    const inter = [
      { debit: 11800, credit: 0 },
      { debit: 0, credit: 10000 },
      { debit: 0, credit: 1800 },
    ];
    expect(convertLinesToBase(inter, 83_005_000)).toEqual([
      { debit: 979459, credit: 0 },
      { debit: 0, credit: 830050 },
      { debit: 0, credit: 149409 },
    ]);
  });

  it('gives a tie to the first largest line', () => {
    // At 1.4: Dr 1 → 1.4 → 1, twice = 2; Cr 2 → 2.8 → 3. Debits short by 1; both debit lines
    // are 1, the first takes it.
    expect(convertLinesToBase([{ debit: 1, credit: 0 }, { debit: 1, credit: 0 }, { debit: 0, credit: 2 }], 1_400_000)).toEqual([
      { debit: 2, credit: 0 },
      { debit: 1, credit: 0 },
      { debit: 0, credit: 3 },
    ]);
  });

  it('lets a line that converted to 0 take the difference when it is alone on the short side', () => {
    // At 0.25: Dr 1 → 0.25 → 0, Dr 1 → 0; Cr 2 → 0.5 → 1. Debits short by 1; both debit lines
    // are 0 in base, the first (still a debit line by its source) takes it.
    expect(convertLinesToBase([{ debit: 1, credit: 0 }, { debit: 1, credit: 0 }, { debit: 0, credit: 2 }], 250_000)).toEqual([
      { debit: 1, credit: 0 },
      { debit: 0, credit: 0 },
      { debit: 0, credit: 1 },
    ]);
  });

  it('does not mutate its input', () => {
    const converted = [{ debit: 2, credit: 0 }, { debit: 0, credit: 3 }];
    balanceInBase(converted);
    expect(converted).toEqual([{ debit: 2, credit: 0 }, { debit: 0, credit: 3 }]);
  });

  it('refuses a difference larger than rounding explains, or a missing side', () => {
    expect(() => balanceInBase([{ debit: 100, credit: 0 }, { debit: 0, credit: 90 }])).toThrow(/more than rounding/);
    expect(() => balanceInBase([{ debit: 1, credit: 0 }, { debit: 0, credit: 0 }])).toThrow(/no credit line/);
  });
});

// ---------- properties ----------

/** A balanced foreign entry: random debits, and the same total cut into random credits. */
const arbEntry = fc
  .record({
    debits: fc.array(fc.integer({ min: 1, max: 10_000_000_000 }), { minLength: 1, maxLength: 8 }),
    weights: fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 8 }),
  })
  .map(({ debits, weights }) => {
    const total = debits.reduce((a, b) => a + b, 0);
    const weightSum = weights.reduce((a, b) => a + b, 0);
    const credits = weights.map((w) => Math.floor((total * w) / weightSum));
    credits[credits.length - 1]! += total - credits.reduce((a, b) => a + b, 0);
    return [
      ...debits.map((debit) => ({ debit, credit: 0 })),
      ...credits.filter((c) => c > 0).map((credit) => ({ debit: 0, credit })),
    ];
  });

// Mostly realistic rates, sometimes tiny ones where whole lines convert to 0.
const arbRate = fc.oneof(fc.integer({ min: 1, max: 200_000_000 }), fc.integer({ min: 1, max: 1_000_000 })); // ≤ 200.000000

describe('convertLinesToBase: properties', () => {
  it('always balances, changes at most one line, by at most the number of lines', () => {
    fc.assert(
      fc.property(arbEntry, arbRate, (lines, rate) => {
        const converted = lines.map((l) => ({ debit: toBase(l.debit, rate), credit: toBase(l.credit, rate) }));
        const balanced = convertLinesToBase(lines, rate);
        const sumOf = (side: 'debit' | 'credit') => balanced.reduce((a, l) => a + l[side], 0);
        expect(sumOf('debit')).toBe(sumOf('credit'));

        let changed = 0;
        balanced.forEach((l, i) => {
          const before = converted[i]!;
          const delta = Math.abs(l.debit - before.debit) + Math.abs(l.credit - before.credit);
          if (delta > 0) changed += 1;
          expect(delta).toBeLessThanOrEqual(lines.length);
          expect(l.debit).toBeGreaterThanOrEqual(0);
          expect(l.credit).toBeGreaterThanOrEqual(0);
          // A line never changes sides: an amount only appears where the source had one.
          if (l.debit > 0) expect(lines[i]!.debit).toBeGreaterThan(0);
          if (l.credit > 0) expect(lines[i]!.credit).toBeGreaterThan(0);
        });
        expect(changed).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('keeps every line within the number of lines of its exact value', () => {
    fc.assert(
      fc.property(arbEntry, arbRate, (lines, rate) => {
        const balanced = convertLinesToBase(lines, rate);
        balanced.forEach((l, i) => {
          const src = lines[i]!;
          const exactTimesMicro = BigInt(src.debit - src.credit) * BigInt(rate);
          const deviation = BigInt(l.debit - l.credit) * 1_000_000n - exactTimesMicro;
          const abs = deviation < 0n ? -deviation : deviation;
          expect(abs <= BigInt(lines.length) * 1_000_000n).toBe(true);
        });
      }),
    );
  });

  it('preserves the other fields of each line', () => {
    fc.assert(
      fc.property(arbEntry, arbRate, (lines, rate) => {
        const tagged = lines.map((l, i) => ({ ...l, accountId: `acc_${i}` }));
        expect(convertLinesToBase(tagged, rate).map((l) => l.accountId)).toEqual(tagged.map((l) => l.accountId));
      }),
    );
  });
});
