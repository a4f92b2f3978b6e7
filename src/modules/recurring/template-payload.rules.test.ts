import { describe, expect, it } from 'vitest';
import { runBody, storedTemplate } from './template-payload.rules';

describe('template payloads', () => {
  it('drops the document number and keeps date and due_date only as a pair', () => {
    expect(storedTemplate({ customer_id: 'c', invoice_number: 'A-1', date: '2026-01-10', due_date: '2026-02-09' }))
      .toEqual({ customer_id: 'c', date: '2026-01-10', due_date: '2026-02-09' });
    expect(storedTemplate({ vendor_id: 'v', bill_number: 'V/77', date: '2026-01-10' })).toEqual({ vendor_id: 'v' });
    expect(storedTemplate({ vendor_id: 'v', due_date: '2026-01-10' })).toEqual({ vendor_id: 'v' });
    expect(() => storedTemplate({ date: '2026-01-10', due_date: '2026-01-09' })).toThrow(/due_date is before date/);
  });

  it('dates a run on its day and keeps the due date as many days on, across month and year ends', () => {
    // 10 Jan → 9 Feb is 30 days; 30 days after 15 Dec 2026 is 14 Jan 2027.
    expect(runBody({ x: 1, date: '2026-01-10', due_date: '2026-02-09' }, '2026-12-15')).toEqual({ x: 1, date: '2026-12-15', due_date: '2027-01-14' });
    // An instant is read as its Asia/Kolkata day: 31 Jan 20:00 UTC is 1 Feb in IST, so the distance is 0.
    expect(runBody({ date: '2026-02-01', due_date: '2026-01-31T20:00:00Z' }, '2026-03-01')).toEqual({ date: '2026-03-01', due_date: '2026-03-01' });
    expect(runBody({ x: 1 }, '2026-03-01')).toEqual({ x: 1, date: '2026-03-01' });
  });
});
