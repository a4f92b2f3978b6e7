import { describe, expect, it } from 'vitest';
import { tallyAmount, tallyDate, tallyPercentCenti, tallyQuantity, tallyRate } from './tally-read-values.rules';

describe("Tally's figures as text", () => {
  it('reads amounts to the paisa, signs kept, grouped or in a foreign currency', () => {
    expect(tallyAmount('-11800.00', 'x')).toBe(-1_180_000);
    expect(tallyAmount('1,23,456.7', 'x')).toBe(12_345_670);
    expect(tallyAmount('0.10', 'x')).toBe(10);
    expect(tallyAmount('-$100.00 @ ₹ 82.50/$ = -₹ 8250.00', 'x')).toBe(-825_000);
    expect(tallyAmount(null, 'x')).toBe(0);
    expect(() => tallyAmount('1.005', 'where')).toThrow(/where: "1.005" is not an amount/);
  });

  it('reads dates, quantities, rates and per cents', () => {
    expect(tallyDate('20250401', 'x')).toBe('2025-04-01');
    expect(() => tallyDate('20250231', 'x')).toThrow(/not a date/);
    expect(tallyQuantity(' 10 Nos')).toEqual({ milli: 10_000, unit: 'Nos' });
    expect(tallyQuantity('-2.5 Kgs')).toEqual({ milli: 2_500, unit: 'Kgs' });
    expect(tallyQuantity('')).toBeNull();
    expect(tallyRate('33.33/Nos')).toBe(3_333);
    expect(tallyRate('33.333/Nos')).toBeNull();
    expect(tallyPercentCenti(' 2.5')).toBe(250);
  });
});
