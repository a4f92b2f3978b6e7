import { describe, expect, it } from 'vitest';
import { isReturnPeriod, isoFromPortalDate, periodDates, periodLabel, periodOf, previousPeriod, recentPeriods } from './return-period';

describe('return periods, MMYYYY', () => {
  it('names a period as a month and year', () => {
    expect(periodLabel('062026')).toBe('June 2026');
    expect(periodLabel('122025')).toBe('December 2025');
    expect(periodLabel('2026-Q1')).toBe('2026-Q1');
  });
  it('knows a period from anything else', () => {
    expect(isReturnPeriod('062026')).toBe(true);
    expect(isReturnPeriod('132026')).toBe(false);
    expect(isReturnPeriod('62026')).toBe(false);
  });
  it('finds the period of a date, and the ones before it across a year end', () => {
    expect(periodOf('2026-06-15')).toBe('062026');
    expect(previousPeriod('012026')).toBe('122025');
    expect(recentPeriods('2026-02-10', 4)).toEqual(['022026', '012026', '122025', '112025']);
  });
  it("gives a period's first and last day, leap years included", () => {
    expect(periodDates('062026')).toEqual({ from: '2026-06-01', to: '2026-06-30' });
    expect(periodDates('022024')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });
  it("reads the portal's DD-MM-YYYY as ISO", () => {
    expect(isoFromPortalDate('05-06-2026')).toBe('2026-06-05');
    expect(isoFromPortalDate('')).toBe('');
  });
});
