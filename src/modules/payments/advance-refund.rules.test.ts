import { describe, expect, it } from 'vitest';
import { assertRefundable } from './advance-refund.rules';
import { advanceTaxOf, taxTakenBack } from './advance.rules';

const advance = { flow: 'INCOMING', advanceFor: 'SERVICES', receivedOn: '2026-05-10', unadjusted: 1_180_000 };

describe('assertRefundable', () => {
  it('takes up to the unadjusted part, on or after the receipt', () => {
    expect(() => assertRefundable(advance, { amount: 1_180_000, date: '2026-05-10' })).not.toThrow();
  });

  it('refuses a payment that is no advance received (409), too much or too early (400 on the field)', () => {
    expect(() => assertRefundable({ ...advance, advanceFor: null }, { amount: 100, date: '2026-05-10' })).toThrow(expect.objectContaining({ code: 'conflict.invalid_state' }));
    expect(() => assertRefundable({ ...advance, flow: 'OUTGOING' }, { amount: 100, date: '2026-05-10' })).toThrow(expect.objectContaining({ code: 'conflict.invalid_state' }));
    expect(() => assertRefundable(advance, { amount: 1_180_001, date: '2026-05-10' })).toThrow(expect.objectContaining({ field: 'amount', details: { refundable: 11800 } }));
    expect(() => assertRefundable(advance, { amount: 100, date: '2026-05-09' })).toThrow(expect.objectContaining({ field: 'date' }));
  });
});

describe('the tax a refund takes back (taxTakenBack, as an adjustment)', () => {
  it('₹5,900 of ₹11,800 at 18% intra-state: half the tax; the rest on the last refund', () => {
    // 11,800 × 100 / 118 = 10,000; CGST 900, SGST 900. What stays, 5,900, carries 5,000, 450 and 450.
    const posted = advanceTaxOf(1_180_000, 1800, 'INTRA');
    const first = taxTakenBack(posted, 590_000, 1800, 'INTRA');
    expect(first).toEqual({ taxable: 500_000, igst: 0, cgst: 45_000, sgst: 45_000 });
    const left = { taxable: posted.taxable - first.taxable, igst: 0, cgst: posted.cgst - first.cgst, sgst: posted.sgst - first.sgst };
    expect(taxTakenBack(left, 0, 1800, 'INTRA')).toEqual(left);
  });

  it('parts that round always add up to what was posted', () => {
    // ₹100 at 18% inter-state: taxable 84.75, IGST 15.26 (half-up). Three refunds of 33.33, 33.33, 33.34.
    const posted = advanceTaxOf(10_000, 1800, 'INTER');
    let outstanding = posted;
    let unadjusted = 10_000;
    const parts = [3_333, 3_333, 3_334].map((amount) => {
      unadjusted -= amount;
      const part = taxTakenBack(outstanding, unadjusted, 1800, 'INTER');
      outstanding = { taxable: outstanding.taxable - part.taxable, igst: outstanding.igst - part.igst, cgst: 0, sgst: 0 };
      return part;
    });
    expect(parts.reduce((s, p) => s + p.igst, 0)).toBe(posted.igst);
    expect(parts.reduce((s, p) => s + p.taxable, 0)).toBe(posted.taxable);
  });
});
