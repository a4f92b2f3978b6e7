import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../kernel/local-date';
import { CreateBillBody } from '../bills';
import { CreateExpenseBody } from '../expenses';
import { CreateInvoiceBody } from '../invoices';
import { RUN_OWN_FIELDS, runBody, storedTemplate } from './template-payload.rules';

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

  it('a run\'s create body is the template\'s create body field for field, but for RUN_OWN_FIELDS', () => {
    const own = new Set<string>([...RUN_OWN_FIELDS.number, ...RUN_OWN_FIELDS.dates]);
    const others = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([k]) => !own.has(k)));
    const day = fc.integer({ min: 0, max: 400 }).map((n) => addDays('2026-01-01', n));
    for (const schema of [CreateInvoiceBody, CreateBillBody, CreateExpenseBody]) {
      // Every field of the create body, any JSON in it (a template is passed on, not read), dated in order.
      const fields = Object.fromEntries(Object.keys(schema.properties).map((k) => [k, fc.jsonValue({ maxDepth: 2 })]));
      const bodies = fc.record({ ...fields, date: day, due_date: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }) }, { requiredKeys: ['date'] })
        .map((b) => ({ ...b, due_date: typeof b.due_date === 'number' ? addDays(b.date, b.due_date) : b.due_date }));
      fc.assert(fc.property(bodies, (body) => {
        const run = runBody(storedTemplate(body), '2026-07-01');
        expect(others(run)).toEqual(others(body));
        expect(run.date).toBe('2026-07-01');
        for (const number of RUN_OWN_FIELDS.number) expect(run).not.toHaveProperty(number);
      }), { numRuns: 20 });
    }
  });
});
