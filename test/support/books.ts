import { expect } from 'vitest';
import type { HttpClient } from './http-client';

/** Every test that posts ends here: the trial balance's debit and credit totals are equal. */
export async function expectBooksBalanced(api: HttpClient): Promise<void> {
  const res = await api.get('/reports/trial_balance');
  expect(res.status).toBe(200);
  expect(res.body.trial_balance.total_debit).toBe(res.body.trial_balance.total_credit);
  expect(res.body.trial_balance.balanced).toBe(true);
}

/** An account id by its seeded name (docs/rules/organisations.md, "What a new organisation has"). */
export async function accountId(api: HttpClient, name: string): Promise<string> {
  const res = await api.get('/accounts?per_page=200');
  const account = res.body.accounts.find((a: { account_name: string }) => a.account_name === name);
  if (!account) throw new Error(`no account named ${name}`);
  return account.account_id;
}

/** The balance of one account from the trial balance: debit positive, credit negative, in rupees. */
export async function accountBalance(api: HttpClient, name: string): Promise<number> {
  const res = await api.get('/reports/trial_balance');
  const row = res.body.trial_balance.accounts.find((a: { account_name: string }) => a.account_name === name);
  if (!row) return 0;
  return row.balance_side === 'DEBIT' ? row.balance : -row.balance;
}
