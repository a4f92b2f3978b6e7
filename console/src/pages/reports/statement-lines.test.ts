import { describe, expect, it } from 'vitest';
import { sectionLines } from './statement-lines';

const account = (account_id: string, account_code: string | null, account_name: string, amount: number) =>
  ({ account_id, account_code, account_name, account_type: 'EXPENSE' as const, amount, previous_amount: null });

describe("a statement's line and its accounts", () => {
  it('links a line of one account, and each account, to that account', () => {
    const lines = sectionLines('cost_of_goods_sold', 'Cost of goods sold', { amount: 28060, previous_amount: null, accounts: [account('acc_p', '5100', 'Purchases', 28060)] });
    expect(lines).toEqual([
      { key: 'cost_of_goods_sold', label: 'Cost of goods sold', level: 'line', figure: { amount: 28060, previous_amount: null }, link: { account: 'acc_p' } },
      { key: 'acc_p', label: '5100 Purchases', level: 'account', figure: { amount: 28060, previous_amount: null }, link: { account: 'acc_p' } },
    ]);
  });
  it('leaves the total of several accounts to its accounts, and names an account without a code by name', () => {
    const [line, ...accounts] = sectionLines('expenses', 'Expenses', {
      amount: 3780, previous_amount: 100, accounts: [account('acc_g', '6100', 'General Expenses', 3280), account('acc_r', null, 'Rent', 500)],
    });
    expect(line!.link).toBeUndefined();
    expect(accounts.map((a) => [a.label, a.link])).toEqual([['6100 General Expenses', { account: 'acc_g' }], ['Rent', { account: 'acc_r' }]]);
  });
});
