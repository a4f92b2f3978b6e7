import { describe, expect, it } from 'vitest';
import { assertBalancedPerBranch, balanceAcrossBranches, spansBranches, UnbalancedBranchError } from './branch-balance.rules';

const line = (accountId: string, branchId: string, debit: number, credit: number) => ({ accountId, branchId, debit, credit });

describe('balanceAcrossBranches', () => {
  it('adds nothing to an entry within one branch', () => {
    const lines = [line('bank', 'A', 500, 0), line('ar', 'A', 0, 500)];
    expect(balanceAcrossBranches(lines, 'ib')).toEqual(lines);
    expect(spansBranches(lines)).toBe(false);
  });

  it('balances a receipt in branch A settling a receivable of branch B through the inter-branch account', () => {
    const lines = [line('bank', 'A', 1_18_000, 0), line('ar', 'B', 0, 1_18_000)];
    const balanced = balanceAcrossBranches(lines, 'ib');
    expect(balanced.slice(2)).toEqual([
      { accountId: 'ib', branchId: 'A', debit: 0, credit: 1_18_000, description: 'Inter-branch transfer' },
      { accountId: 'ib', branchId: 'B', debit: 1_18_000, credit: 0, description: 'Inter-branch transfer' },
    ]);
    expect(() => assertBalancedPerBranch(balanced)).not.toThrow();
    expect(spansBranches(balanced)).toBe(true);
  });

  it('nets each branch over all its lines: three branches, one of them already balanced', () => {
    const lines = [line('bank', 'A', 1000, 0), line('fee', 'C', 50, 0), line('x', 'C', 0, 50), line('ar', 'B', 0, 600), line('adv', 'B', 0, 400)];
    const added = balanceAcrossBranches(lines, 'ib').slice(lines.length);
    expect(added.map((l) => [l.branchId, l.debit, l.credit])).toEqual([['A', 0, 1000], ['B', 1000, 0]]);
  });
});

describe('assertBalancedPerBranch', () => {
  it('refuses an entry that balances in total but not in each branch', () => {
    const lines = [line('bank', 'A', 300, 0), line('ar', 'B', 0, 300)];
    expect(() => assertBalancedPerBranch(lines)).toThrow(UnbalancedBranchError);
    expect(() => assertBalancedPerBranch(lines)).toThrow(/branch A/);
  });
});
