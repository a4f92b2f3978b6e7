import { describe, expect, it } from 'vitest';
import { isPeriod, lastMonthPeriod, periodLabel } from './gst-period';

describe('GST return periods, MMYYYY', () => {
  it('reads a period as its month and year', () => {
    expect(periodLabel('062026')).toBe('June 2026');
    expect(periodLabel('122025')).toBe('December 2025');
    expect(periodLabel('132026')).toBe('132026');
  });
  it('knows a period when it sees one', () => {
    expect(isPeriod('062026')).toBe(true);
    expect(isPeriod('002026')).toBe(false);
    expect(isPeriod('2026-06')).toBe(false);
    expect(isPeriod(undefined)).toBe(false);
  });
  it('steps back to the month before, across a year', () => {
    expect(lastMonthPeriod('2026-07-14')).toBe('062026');
    expect(lastMonthPeriod('2027-01-05')).toBe('122026');
  });
});
