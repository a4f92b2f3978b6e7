import { describe, expect, it } from 'vitest';
import { comparisonRange, statementRange, yearEarlier } from './report-periods.rules';

describe('report periods', () => {
  it('compares with the range of equal length just before', () => {
    expect(comparisonRange({ from: '2026-04-01', to: '2026-06-30' }, 'previous_period')).toEqual({ from: '2025-12-31', to: '2026-03-31' });
    expect(comparisonRange({ from: '2026-07-01', to: '2026-07-01' }, 'previous_period')).toEqual({ from: '2026-06-30', to: '2026-06-30' });
  });

  it('compares with the same dates a year earlier, 29 February falling back to the 28th', () => {
    expect(comparisonRange({ from: '2026-04-01', to: '2027-03-31' }, 'previous_year')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(yearEarlier('2028-02-29')).toBe('2027-02-28');
  });

  it('defaults to the financial year to date', () => {
    expect(statementRange(undefined, undefined, '2026-11-26')).toEqual({ from: '2026-04-01', to: '2026-11-26' });
    expect(statementRange(undefined, '2026-02-10', '2026-11-26')).toEqual({ from: '2025-04-01', to: '2026-02-10' });
  });
});
