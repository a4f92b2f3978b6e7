import { describe, expect, it } from 'vitest';
import { beforeBooksStart, isLocked, opensLockedDays, periodLocked } from './period-lock.rules';

describe('isLocked', () => {
  it('locks the lock date itself and every day before it, nothing after it', () => {
    expect(isLocked('2026-10-31', '2026-10-31')).toBe(true);
    expect(isLocked('2026-04-01', '2026-10-31')).toBe(true);
    expect(isLocked('2026-11-01', '2026-10-31')).toBe(false);
  });

  it('locks nothing without a lock date', () => {
    expect(isLocked('2001-01-01', null)).toBe(false);
  });
});

describe('periodLocked', () => {
  it('is 409 conflict.period_locked naming the lock date, with the remedy when there is one', () => {
    const error = periodLocked('2026-10-15', '2026-10-31', 'Issue a credit note instead.');
    expect(error.code).toBe('conflict.period_locked');
    expect(error.details).toEqual({ lock_date: '2026-10-31', date: '2026-10-15' });
    expect(error.message).toBe('The books are locked through 2026-10-31; 2026-10-15 is on or before the lock date. Issue a credit note instead.');
  });
});

describe('beforeBooksStart', () => {
  it('refuses a date before the books start on the field, naming the start', () => {
    const error = beforeBooksStart('date', '2019-03-15', '2020-04-01');
    expect(error?.code).toBe('validation.invalid_value');
    expect(error?.field).toBe('date');
    expect(error?.message).toBe('date 2019-03-15 is before the books start date 2020-04-01');
  });

  it('accepts the start date itself and later', () => {
    expect(beforeBooksStart('date', '2020-04-01', '2020-04-01')).toBeNull();
    expect(beforeBooksStart('date', '2024-01-01', '2020-04-01')).toBeNull();
  });
});

describe('opensLockedDays', () => {
  it('is an unlock when the lock is removed or moved earlier', () => {
    expect(opensLockedDays('2026-10-31', null)).toBe(true);
    expect(opensLockedDays('2026-10-31', '2026-09-30')).toBe(true);
  });

  it('is no unlock when the lock is set, kept or moved later', () => {
    expect(opensLockedDays(null, '2026-10-31')).toBe(false);
    expect(opensLockedDays('2026-10-31', '2026-10-31')).toBe(false);
    expect(opensLockedDays('2026-09-30', '2026-10-31')).toBe(false);
    expect(opensLockedDays(null, null)).toBe(false);
  });
});
