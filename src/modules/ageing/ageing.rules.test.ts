import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/errors';
import { ageingSummary, bucketIndex, bucketsOf, daysPastDue, parseBounds } from './ageing.rules';

describe('ageing buckets', () => {
  it('reads ascending whole days and makes one bucket more than the bounds', () => {
    expect(parseBounds('0,30,60,90')).toEqual([0, 30, 60, 90]);
    expect(bucketsOf([0, 30, 60, 90]).map((b) => [b.label, b.from_days, b.to_days])).toEqual([
      ['current', null, 0], ['1-30', 1, 30], ['31-60', 31, 60], ['61-90', 61, 90], ['over 90', 91, null],
    ]);
    expect(bucketsOf([15]).map((b) => b.label)).toEqual(['up to 15', 'over 15']);
  });

  it.each(['', '30,0', '0,30,30', '-1,30', '0, 30', '1.5', 'a', '0,,30', '0,1,2,3,4,5,6,7,8,9,10,11,12'])('refuses %j', (text) => {
    expect(() => parseBounds(text)).toThrow(DomainError);
  });

  it('puts a document by its days past due: not yet due is current, the bound day in its bucket', () => {
    const bounds = [0, 30, 60, 90];
    expect([-5, 0, 1, 30, 31, 90, 91, 400].map((d) => bucketIndex(bounds, d))).toEqual([0, 0, 1, 1, 2, 3, 4, 4]);
    expect(daysPastDue('2026-05-10', '2026-06-30')).toBe(51);
  });
});

describe('ageing summary', () => {
  it('adds up each contact and the total, open credits beside the buckets', () => {
    const { contacts, total } = ageingSummary([0, 30], [
      { contact_id: 'b', contact_name: 'Bala', days_past_due: 10, outstanding: 500 },
      { contact_id: 'a', contact_name: 'Asha', days_past_due: -3, outstanding: 1000 },
      { contact_id: 'a', contact_name: 'Asha', days_past_due: 45, outstanding: 200 },
    ], [{ contact_id: 'a', contact_name: 'Asha', open_amount: 300 }, { contact_id: 'c', contact_name: 'Chen', open_amount: 50 }]);
    expect(contacts.map((c) => [c.contact_name, c.by_bucket, c.outstanding, c.open_credits, c.net])).toEqual([
      ['Asha', [1000, 0, 200], 1200, 300, 900],
      ['Bala', [0, 500, 0], 500, 0, 500],
      ['Chen', [0, 0, 0], 0, 50, -50],
    ]);
    expect(total).toEqual({ by_bucket: [1000, 500, 200], outstanding: 1700, open_credits: 350, net: 1350 });
  });
});
