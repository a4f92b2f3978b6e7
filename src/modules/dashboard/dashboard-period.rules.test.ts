import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/errors';
import { dashboardPeriod, monthsOf } from './dashboard-period.rules';

describe('dashboard period', () => {
  it('names every calendar month a range touches, across a year end', () => {
    expect(monthsOf({ from: '2026-11-30', to: '2027-02-01' })).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsOf({ from: '2026-06-15', to: '2026-06-15' })).toEqual(['2026-06']);
  });

  it('defaults to the financial year holding today, and to_date alone to its own year', () => {
    expect(dashboardPeriod(undefined, undefined, '2027-02-10')).toEqual({ from: '2026-04-01', to: '2027-02-10' });
    expect(dashboardPeriod(undefined, undefined, '2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(dashboardPeriod(undefined, '2025-12-31', '2027-02-10')).toEqual({ from: '2025-04-01', to: '2025-12-31' });
  });

  it('takes 24 calendar months and refuses 25 or an end before the start, on to_date', () => {
    expect(monthsOf(dashboardPeriod('2025-04-30', '2027-03-01', '2026-01-01'))).toHaveLength(24);
    for (const [from, to] of [['2025-04-30', '2027-04-01'], ['2026-06-02', '2026-06-01']] as const) {
      let thrown: unknown;
      try { dashboardPeriod(from, to, '2026-01-01'); } catch (error) { thrown = error; }
      expect(thrown).toBeInstanceOf(DomainError);
      expect((thrown as DomainError).field).toBe('to_date');
    }
  });
});
