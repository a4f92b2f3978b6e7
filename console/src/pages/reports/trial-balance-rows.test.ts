import { describe, expect, it } from 'vitest';
import { trialBalanceRows, type TrialBalance, type TrialBalanceAccount } from './trial-balance-rows';

const account = (account_id: string, account_code: string | null, account_name: string, balance: number): TrialBalanceAccount => ({
  account_id, account_code, account_name, account_type: 'EXPENSE', debit: balance, credit: 0, balance, balance_side: 'DEBIT',
});
const answer = (accounts: TrialBalanceAccount[]): TrialBalance => ({
  date: '2026-06-30', branch_id: null, accounts, total_debit: 0, total_credit: 0, balanced: true,
});

describe('the trial balance beside a compared period', () => {
  it('lists each account of either period once, with its figures from each, in code order', () => {
    const june = answer([account('a2', '5100', 'Purchases', 28060), account('a3', '6100', 'General Expenses', 3280)]);
    const may = answer([account('a1', '1020', 'HDFC Bank', 100000), account('a3', '6100', 'General Expenses', 500)]);
    const rows = trialBalanceRows(june, may);
    expect(rows.map((r) => [r.account_id, r.current?.balance, r.previous?.balance])).toEqual([
      ['a1', undefined, 100000], ['a2', 28060, undefined], ['a3', 3280, 500],
    ]);
  });
  it('puts accounts with no code after the coded ones, by name', () => {
    const rows = trialBalanceRows(answer([account('b', null, 'Suspense', 1), account('a', '10', 'Cash', 1), account('c', '9', 'Bank', 1)]));
    expect(rows.map((r) => r.account_id)).toEqual(['c', 'a', 'b']);
  });
});
