import { describe, expect, it } from 'vitest';
import { comparedPeriod, comparisonOf, yearEarlier } from './comparison';

describe('the period a statement is compared with', () => {
  it('is the period of equal length just before, for previous_period', () => {
    expect(comparedPeriod({ from: '2026-06-01', to: '2026-06-30' }, 'previous_period')).toEqual({ from: '2026-05-02', to: '2026-05-31' });
    expect(comparedPeriod({ from: '2026-04-01', to: '2027-03-31' }, 'previous_period')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(comparedPeriod({ from: '2026-03-01', to: '2026-03-01' }, 'previous_period')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });
  it('is the same dates a year earlier, for previous_year, 29 February falling back to the 28th', () => {
    expect(comparedPeriod({ from: '2026-06-01', to: '2026-06-30' }, 'previous_year')).toEqual({ from: '2025-06-01', to: '2025-06-30' });
    expect(yearEarlier('2028-02-29')).toBe('2027-02-28');
    expect(yearEarlier('2025-02-28')).toBe('2024-02-28');
  });
  it('is read from the address only when it is one the page offers', () => {
    expect(comparisonOf({ compare: 'previous_year' })).toBe('previous_year');
    expect(comparisonOf({ compare: 'previous_period' }, ['previous_year'])).toBeUndefined();
    expect(comparisonOf({ compare: 'last_decade' })).toBeUndefined();
    expect(comparisonOf({})).toBeUndefined();
  });
});
