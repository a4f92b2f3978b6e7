import { describe, expect, it } from 'vitest';
import { release, settle, type SettlementStatuses } from './settlement.rules';

const INVOICE: SettlementStatuses = { open: ['SENT', 'PARTIALLY_PAID'], unpaid: 'SENT', partly: 'PARTIALLY_PAID', paid: 'PAID', clearedByCredit: 'CREDIT_APPLIED' };
const sent = { status: 'SENT', total: 10_000, balance: 10_000, paid: 0, credited: 0 };

describe('settling a document', () => {
  it.each([
    ['a part payment', 'payment', 4_000, { status: 'PARTIALLY_PAID', balance: 6_000, paid: 4_000, credited: 0, cleared: false }],
    ['a full payment', 'payment', 10_000, { status: 'PAID', balance: 0, paid: 10_000, credited: 0, cleared: true }],
    ['a credit that clears it', 'credit', 10_000, { status: 'CREDIT_APPLIED', balance: 0, paid: 0, credited: 10_000, cleared: true }],
    ['a part credit', 'credit', 1, { status: 'PARTIALLY_PAID', balance: 9_999, paid: 0, credited: 1, cleared: false }],
  ] as const)('%s', (_name, kind, amount, expected) => {
    expect(settle(sent, kind, amount, INVOICE, 'amount')).toEqual(expected);
  });

  it('refuses more than the balance, nothing, and documents that are not open', () => {
    expect(() => settle(sent, 'payment', 10_001, INVOICE, 'allocations[0].amount')).toThrowError(expect.objectContaining({ code: 'validation.invalid_value', field: 'allocations[0].amount' }));
    expect(() => settle(sent, 'payment', 0, INVOICE, 'amount')).toThrowError(expect.objectContaining({ code: 'validation.invalid_value' }));
    for (const status of ['DRAFT', 'PAID', 'CANCELLED']) {
      expect(() => settle({ ...sent, status }, 'payment', 1, INVOICE, 'amount')).toThrowError(expect.objectContaining({ code: 'conflict.invalid_state' }));
    }
  });

  it('release restores the balance and status: back to SENT when nothing is left applied', () => {
    const paid = { status: 'PAID', total: 10_000, balance: 0, paid: 6_000, credited: 4_000 };
    expect(release(paid, 'payment', 6_000, INVOICE)).toEqual({ status: 'PARTIALLY_PAID', balance: 6_000, paid: 0, credited: 4_000, cleared: false });
    expect(release({ ...paid, paid: 0, credited: 10_000 }, 'credit', 10_000, INVOICE)).toEqual({ status: 'SENT', balance: 10_000, paid: 0, credited: 0, cleared: false });
    expect(() => release(paid, 'payment', 6_001, INVOICE)).toThrow(RangeError);
  });
});
