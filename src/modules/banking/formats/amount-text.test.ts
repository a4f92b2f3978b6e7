import { describe, expect, it } from 'vitest';
import { StatementFileError } from '../statement.types';
import { amountTextToPaise } from './amount-text';

const ofx = { decimalMarks: '.,', signed: true };
const mt940 = { decimalMarks: ',', signed: false };

describe('amountTextToPaise', () => {
  it('reads the decimal text digit by digit', () => {
    expect(amountTextToPaise('-1180.50', 'x', ofx)).toBe(-118050);
    expect(amountTextToPaise('+0.10', 'x', ofx)).toBe(10);
    expect(amountTextToPaise('1180,5', 'x', ofx)).toBe(118050);
    expect(amountTextToPaise(' 42 ', 'x', ofx)).toBe(4200);
    expect(amountTextToPaise('.07', 'x', ofx)).toBe(7);
    expect(amountTextToPaise('1234,', 'x', mt940)).toBe(123400);
    expect(amountTextToPaise('000100,00', 'x', mt940)).toBe(10000);
    // 0.1 + 0.2 style amounts that a float would get wrong: 4.35 × 100 is 434.99999999999994
    expect(amountTextToPaise('4.35', 'x', ofx)).toBe(435);
  });

  it('keeps zeros beyond the second decimal but refuses any other third decimal', () => {
    expect(amountTextToPaise('10.50000', 'x', ofx)).toBe(1050);
    expect(() => amountTextToPaise('10.505', 'x', ofx)).toThrow('more than two decimals');
  });

  it('reaches the service bound of ₹1 lakh crore and no further', () => {
    expect(amountTextToPaise('1000000000000.00', 'x', ofx)).toBe(100_000_000_000_000);
    expect(() => amountTextToPaise('1000000000000.01', 'x', ofx)).toThrow('beyond the largest amount');
    expect(() => amountTextToPaise('9'.repeat(400), 'x', ofx)).toThrow('beyond the largest amount');
  });

  it('refuses what is not a plain decimal, naming where', () => {
    for (const text of ['', '-', '.', '1,234.56', '1e5', '12 34', 'NaN', '0x10', '₹10']) {
      expect(() => amountTextToPaise(text, 'STMTTRN[2]/TRNAMT', ofx)).toThrow(StatementFileError);
    }
    expect(() => amountTextToPaise('12.5', 'line 4', mt940)).toThrow('line 4: "12.5" is not an amount');
    expect(() => amountTextToPaise('-12,5', 'line 4', mt940)).toThrow('carries a sign');
  });
});
