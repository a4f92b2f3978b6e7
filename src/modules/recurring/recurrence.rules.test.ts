import { describe, expect, it } from 'vitest';
import { addMonthsAnchored, firstSlotAfter, firstSlotOnOrAfter, lastSlotOnOrBefore, latestRunnableDate, runInstant, slotAllowed, slotDate, slotOfInstant, type Frequency } from './recurrence.rules';

describe('recurrence arithmetic', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-01-31', 2, '2026-03-31'],
    ['2026-01-31', 3, '2026-04-30'],
    ['2026-01-30', 1, '2026-02-28'],
    ['2026-11-30', 3, '2027-02-28'],
    ['2028-02-29', 12, '2029-02-28'],
    ['2028-02-29', 48, '2032-02-29'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-03-31', -1, '2026-02-28'],
  ])('%s + %i months → %s', (anchor, months, expected) => {
    expect(addMonthsAnchored(anchor, months)).toBe(expected);
  });

  it.each<[string, Frequency, number, number, string]>([
    ['2026-01-31', 'MONTHLY', 1, 0, '2026-01-31'],
    ['2026-01-31', 'MONTHLY', 1, 1, '2026-02-28'],
    ['2026-01-31', 'MONTHLY', 1, 2, '2026-03-31'],
    ['2026-01-31', 'MONTHLY', 2, 1, '2026-03-31'],
    ['2026-01-31', 'QUARTERLY', 1, 1, '2026-04-30'],
    ['2026-01-31', 'QUARTERLY', 1, 4, '2027-01-31'],
    ['2026-01-31', 'QUARTERLY', 2, 1, '2026-07-31'],
    ['2028-02-29', 'YEARLY', 1, 1, '2029-02-28'],
    ['2028-02-29', 'YEARLY', 1, 4, '2032-02-29'],
    ['2026-06-15', 'YEARLY', 2, 1, '2028-06-15'],
    ['2026-06-15', 'WEEKLY', 1, 1, '2026-06-22'],
    ['2026-06-15', 'WEEKLY', 3, 2, '2026-07-27'],
    ['2026-12-31', 'DAILY', 1, 1, '2027-01-01'],
    ['2026-06-15', 'DAILY', 5, 3, '2026-06-30'],
  ])('slot of %s %s ×%i, n=%i → %s', (start, frequency, interval, n, expected) => {
    expect(slotDate(start, frequency, interval, n)).toBe(expected);
  });

  it('finds slots around a date', () => {
    expect(firstSlotOnOrAfter('2026-01-31', 'MONTHLY', 1, '2026-01-01')).toBe('2026-01-31');
    expect(firstSlotOnOrAfter('2026-01-31', 'MONTHLY', 1, '2026-02-28')).toBe('2026-02-28');
    expect(firstSlotOnOrAfter('2026-01-31', 'MONTHLY', 1, '2026-03-01')).toBe('2026-03-31');
    expect(firstSlotAfter('2026-01-31', 'MONTHLY', 1, '2026-02-28')).toBe('2026-03-31');
    expect(firstSlotAfter('2020-01-01', 'DAILY', 1, '2026-06-15')).toBe('2026-06-16');
    expect(firstSlotAfter('2026-06-15', 'WEEKLY', 2, '2026-06-20')).toBe('2026-06-29');
    expect(lastSlotOnOrBefore('2026-01-31', 'MONTHLY', 1, '2026-03-30')).toBe('2026-02-28');
    expect(lastSlotOnOrBefore('2026-06-15', 'DAILY', 1, '2026-06-20')).toBe('2026-06-20');
    expect(lastSlotOnOrBefore('2026-06-15', 'DAILY', 1, '2026-06-14')).toBeNull();
    expect(lastSlotOnOrBefore('2020-01-01', 'YEARLY', 1, '2026-06-15')).toBe('2026-01-01');
  });

  it('runs at 09:00 IST', () => {
    expect(runInstant('2026-06-15')).toBe('2026-06-15T03:30:00.000Z');
    expect(slotOfInstant('2026-06-15T03:30:00.000Z')).toBe('2026-06-15');
    expect(latestRunnableDate('2026-06-15', '2026-06-15T03:29:59.999Z')).toBe('2026-06-14');
    expect(latestRunnableDate('2026-06-15', '2026-06-15T03:30:00.000Z')).toBe('2026-06-15');
  });

  it('stops at end_date and max_runs', () => {
    expect(slotAllowed('2026-06-30', { end_date: '2026-06-30', max_runs: null, run_count: 9 })).toBe(true);
    expect(slotAllowed('2026-07-01', { end_date: '2026-06-30', max_runs: null, run_count: 0 })).toBe(false);
    expect(slotAllowed('2026-07-01', { end_date: null, max_runs: 2, run_count: 2 })).toBe(false);
    expect(slotAllowed('2026-07-01', { end_date: null, max_runs: 2, run_count: 1 })).toBe(true);
  });
});
