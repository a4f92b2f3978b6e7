import { describe, expect, it } from 'vitest';
import { financialYearOf, isoFromTyped, monthOf, showDate, todayInIndia } from './dates';
import { formatAmount, formatCount, formatRupees } from './money';

describe('amounts, as Indians group them', () => {
  it('groups lakhs and crores, with ₹ and two decimals', () => {
    expect(formatRupees(12345678.5)).toBe('₹1,23,45,678.50');
    expect(formatRupees(100000)).toBe('₹1,00,000.00');
    expect(formatRupees(999.99)).toBe('₹999.99');
    expect(formatRupees(0)).toBe('₹0.00');
  });
  it('shows a negative in brackets, as accounts do', () => {
    expect(formatRupees(-1234.5)).toBe('(₹1,234.50)');
  });
  it('groups plain amounts and counts the same way', () => {
    expect(formatAmount(1000000000)).toBe('1,00,00,00,000.00');
    expect(formatCount(250000)).toBe('2,50,000');
  });
});

describe('dates, DD/MM/YYYY shown, ISO sent', () => {
  it('shows an ISO date or instant as DD/MM/YYYY', () => {
    expect(showDate('2025-04-01')).toBe('01/04/2025');
    expect(showDate('2025-12-31T18:30:00.000Z')).toBe('31/12/2025');
    expect(showDate(null)).toBe('');
  });
  it('reads a typed day-first date into ISO, and refuses a day that does not exist', () => {
    expect(isoFromTyped('1/4/2025')).toBe('2025-04-01');
    expect(isoFromTyped('29-02-2024')).toBe('2024-02-29');
    expect(isoFromTyped('29/02/2025')).toBeNull();
    expect(isoFromTyped('2025-04-01')).toBeNull();
    expect(isoFromTyped('31/04/2025')).toBeNull();
  });
  it('knows the financial year (April to March) and the month of a date', () => {
    expect(financialYearOf('2026-03-31')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(financialYearOf('2026-04-01')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(monthOf('2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });
  it("takes today from India's calendar, not the machine's zone", () => {
    // 20:00 UTC on 31 March is already 1 April in India (UTC+5:30).
    expect(todayInIndia(new Date('2026-03-31T20:00:00Z'))).toBe('2026-04-01');
  });
});
