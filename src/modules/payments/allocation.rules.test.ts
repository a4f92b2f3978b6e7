import { describe, expect, it } from 'vitest';
import { decideAllocation, type AllocationRequest } from './allocation.rules';

const base: AllocationRequest = { requested: 60_000, paymentAmount: 100_000, alreadyApplied: 0, balance: 80_000, tolerance: 100, existing: undefined, field: 'amount' };

describe('the apply rules, in the spec order', () => {
  it('1. the same document and amount again is already applied', () => {
    expect(decideAllocation({ ...base, existing: { amount: 60_000, document_amount: 60_000 } })).toEqual({ kind: 'already_applied' });
  });

  it('2. the same document with another amount is 409, before any ceiling', () => {
    expect(() => decideAllocation({ ...base, requested: 999_999_00, existing: { amount: 60_000, document_amount: 60_000 } }))
      .toThrowError(expect.objectContaining({ code: 'conflict.already_allocated', details: { applied_amount: 600, requested: 999_999 } }));
  });

  it('3. within both ceilings: taken as asked', () => {
    expect(decideAllocation(base)).toEqual({ kind: 'allocate', consumed: 60_000, documentAmount: 60_000, allocatedAmount: 60_000, roundOffAmount: 0 });
  });

  it('4. beyond the payment ceiling by more than the tolerance: 400 with the payment details', () => {
    expect(() => decideAllocation({ ...base, requested: 40_101, alreadyApplied: 60_000, balance: 90_000 })).toThrowError(expect.objectContaining({
      code: 'validation.invalid_value', field: 'amount', details: { payment_amount: 1000, already_applied: 600, unapplied_balance: 400, requested: 401.01 },
    }));
  });

  it('4. beyond the document ceiling by more than the tolerance: 400', () => {
    expect(() => decideAllocation({ ...base, requested: 80_101 })).toThrowError(expect.objectContaining({ details: { balance: 800, requested: 801.01 } }));
  });

  it('5. within the tolerance: capped, the excess reported as round-off', () => {
    expect(decideAllocation({ ...base, requested: 40_050, alreadyApplied: 60_000, balance: 90_000 }))
      .toEqual({ kind: 'allocate', consumed: 40_000, documentAmount: 40_050, allocatedAmount: 40_000, roundOffAmount: 50 });
    expect(decideAllocation({ ...base, requested: 80_100 }))
      .toEqual({ kind: 'allocate', consumed: 80_100, documentAmount: 80_000, allocatedAmount: 80_000, roundOffAmount: 100 });
  });
});
