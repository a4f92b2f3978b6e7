import { describe, expect, it } from 'vitest';
import { amountInWords, formatIndianAmount, formatMoney, formatQuantity, formatRate, integerInWords } from './indian-numbers.rules';

describe('integerInWords (Indian numbering)', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [13, 'Thirteen'],
    [20, 'Twenty'],
    [45, 'Forty-Five'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [999, 'Nine Hundred Ninety-Nine'],
    [1000, 'One Thousand'],
    [10_001, 'Ten Thousand One'],
    [99_999, 'Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [100_000, 'One Lakh'],
    [118_000, 'One Lakh Eighteen Thousand'],
    [1_234_567, 'Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven'],
    [10_000_000, 'One Crore'],
    [10_000_001, 'One Crore One'],
    [123_456_789, 'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine'],
    [1_000_000_000_000, 'One Lakh Crore'],
    [10n ** 19n, 'One Lakh Crore Crore'],
  ])('%d → %s', (n, words) => {
    expect(integerInWords(n)).toBe(words);
  });

  it('refuses what is not a non-negative whole number', () => {
    expect(() => integerInWords(-1)).toThrow(RangeError);
    expect(() => integerInWords(-1n)).toThrow(RangeError);
    expect(() => integerInWords(1.5)).toThrow(RangeError);
  });
});

describe('amountInWords', () => {
  it.each([
    [0, 'INR', 'Rupees Zero Only'],
    [100, 'INR', 'Rupees One Only'],
    [50, 'INR', 'Fifty Paise Only'],
    [11_800_00, 'INR', 'Rupees Eleven Thousand Eight Hundred Only'],
    [12_345_67, 'INR', 'Rupees Twelve Thousand Three Hundred Forty-Five and Sixty-Seven Paise Only'],
    [1_00_00_000_05, 'INR', 'Rupees One Crore and Five Paise Only'],
    [-250, 'INR', 'Minus Rupees Two and Fifty Paise Only'],
    [1_050, 'USD', 'USD Ten and Fifty Cents Only'],
  ])('%d %s → %s', (paise, currency, words) => {
    expect(amountInWords(paise, currency)).toBe(words);
  });
});

describe('formatIndianAmount', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [99_999, '999.99'],
    [100_000, '1,000.00'],
    [12_345_678, '1,23,456.78'],
    [1_234_567_890, '1,23,45,678.90'],
    [-1_000_000, '-10,000.00'],
    // Beyond 2^53 a stored amount still prints (its double's exact integer value).
    [2 ** 60, '11,52,92,15,04,60,68,469.76'],
  ])('%d → %s', (paise, text) => {
    expect(formatIndianAmount(paise)).toBe(text);
  });
});

describe('formatMoney', () => {
  it.each([
    [12_345_678, 'INR', '₹1,23,456.78'],
    [0, 'INR', '₹0.00'],
    [-45, 'INR', '-₹0.45'],
    [100_000, 'USD', 'USD 1,000.00'],
  ])('%d %s → %s', (paise, currency, text) => {
    expect(formatMoney(paise, currency)).toBe(text);
  });
});

describe('formatQuantity and formatRate', () => {
  it.each([[1000, '1'], [1500, '1.5'], [125, '0.125'], [20_000, '20']])('quantity %d → %s', (milli, text) => {
    expect(formatQuantity(milli)).toBe(text);
  });
  it.each([[1800, '18'], [250, '2.5'], [25, '0.25'], [0, '0']])('rate %d → %s', (centi, text) => {
    expect(formatRate(centi)).toBe(text);
  });
});
