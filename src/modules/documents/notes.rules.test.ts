import { describe, expect, it } from 'vitest';
import { releaseCredit } from './notes.rules';

describe('releaseCredit', () => {
  it('puts the amount back on the note, which is ISSUED again even when it was APPLIED', () => {
    expect(releaseCredit({ applied_amount: 11_800, balance_amount: 0 }, 10_000)).toEqual({ status: 'ISSUED', applied_amount: 1_800, balance_amount: 10_000 });
    expect(releaseCredit({ applied_amount: 1_800, balance_amount: 10_000 }, 1_800)).toEqual({ status: 'ISSUED', applied_amount: 0, balance_amount: 11_800 });
  });

  it('never releases more than is applied, nor nothing', () => {
    expect(() => releaseCredit({ applied_amount: 100, balance_amount: 0 }, 101)).toThrow(RangeError);
    expect(() => releaseCredit({ applied_amount: 100, balance_amount: 0 }, 0)).toThrow(RangeError);
  });
});
