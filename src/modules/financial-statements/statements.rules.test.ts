import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES } from '../../platform/orgs/chart-of-accounts';
import type { AccountMovement } from './account-movement.rules';
import { buildBalanceSheet } from './balance-sheet.rules';
import { buildPeriodTrialBalance } from './period-trial-balance.rules';
import { buildProfitAndLoss } from './profit-and-loss.rules';

const account = (code: string, type: string, opening: number, debit: number, credit: number, system_key: string | null = null): AccountMovement =>
  ({ account_id: `a${code}`, account_name: `Account ${code}`, account_code: code, account_type: type, system_key, opening, debit, credit });

// Last year: capital 1,000.00 into the bank, sales of 300.00 on credit. This year: a purchase of 100.00
// on credit, an expense of 50.00 from the bank, a customer advance of 20.00 (paise).
const books = [
  account('1010', 'BANK', 100_000, 2_000, 5_000),
  account('1100', 'ACCOUNTS_RECEIVABLE', 30_000, 0, 0),
  account('1110', 'ACCOUNTS_RECEIVABLE', 0, 0, 2_000, 'advances_from_customers'),
  account('2100', 'ACCOUNTS_PAYABLE', 0, 0, 10_000),
  account('3100', 'EQUITY', -100_000, 0, 0),
  account('4100', 'SALES', -30_000, 0, 0),
  account('5100', 'COST_OF_GOODS_SOLD', 0, 10_000, 0),
  account('6100', 'EXPENSE', 0, 5_000, 0),
];

describe('period trial balance', () => {
  it('carries each account from its opening through the movement to its closing, every column balancing', () => {
    const tb = buildPeriodTrialBalance(books, { from: '2026-04-01', to: '2026-06-30' }, null);
    expect(tb.accounts[0]).toMatchObject({ account_code: '1010', opening_balance: 1000, opening_balance_side: 'DEBIT', debit: 20, credit: 50, balance: 970, balance_side: 'DEBIT' });
    expect(tb).toMatchObject({ opening_debit: 1300, opening_credit: 1300, total_debit: 170, total_credit: 170, closing_debit: 1420, closing_credit: 1420, balanced: true });
  });
});

describe('profit and loss', () => {
  it('reads the period movements in Schedule III order, gross profit beside', () => {
    const pl = buildProfitAndLoss(books, null);
    expect(pl.total_income).toEqual({ amount: 0, previous_amount: null });
    expect(pl.expenses.cost_of_goods_sold).toMatchObject({ amount: 100, accounts: [{ account_code: '5100', amount: 100 }] });
    expect(pl.total_expenses.amount).toBe(150);
    expect(pl.profit_before_tax.amount).toBe(-150);
    expect(pl.gross_profit.amount).toBe(-100);
  });

  it('takes the tax expense off profit before tax for the net profit, and out of other expenses', () => {
    const pl = buildProfitAndLoss([
      account('4100', 'SALES', 0, 0, 50_000), account('6900', 'OTHER_EXPENSE', 0, 100, 0), account('6950', 'OTHER_EXPENSE', 0, 12_000, 0, 'income_tax_expense'),
    ], null);
    expect(pl.expenses.other_expenses).toMatchObject({ amount: 1, accounts: [{ account_code: '6900' }] });
    expect(pl.profit_before_tax.amount).toBe(499);
    expect(pl.tax_expense).toMatchObject({ amount: 120, accounts: [{ account_code: '6950', amount: 120 }] });
    expect(pl.net_profit.amount).toBe(379);
  });

  it('shows accounts moved in either range with both figures', () => {
    const last = [account('4100', 'SALES', 0, 0, 30_000)];
    const pl = buildProfitAndLoss(books, last);
    expect(pl.revenue_from_operations).toEqual({ amount: 0, previous_amount: 300, accounts: [expect.objectContaining({ account_code: '4100', amount: 0, previous_amount: 300 })] });
    expect(pl.profit_before_tax).toEqual({ amount: -150, previous_amount: 300 });
  });
});

describe('balance sheet', () => {
  it('balances, with earlier years in retained earnings, this year apart, and advances apart from receivables', () => {
    const bs = buildBalanceSheet(books, null);
    expect(bs.assets.current_assets.cash_and_bank.amount).toBe(970);
    expect(bs.assets.current_assets.trade_receivables.amount).toBe(300);
    expect(bs.liabilities.current_liabilities.other_current_liabilities.amount).toBe(20);
    expect(bs.liabilities.current_liabilities.trade_payables.amount).toBe(100);
    expect(bs.equity.retained_earnings).toMatchObject({ amount: 300, earlier_years_profit: { amount: 300 } });
    expect(bs.equity.current_year_profit.amount).toBe(-150);
    expect(bs.total_assets.amount).toBe(1270);
    expect(bs.total_equity_and_liabilities.amount).toBe(1270);
  });

  it('places the other types by Schedule III: investments non-current, loans long-term borrowings, provisions and suspense current', () => {
    // Paise: a loan of 1,000.00 in; 500.00 of it invested, 200.00 deposited, 50.00 parked in suspense; 300.00 owed and 100.00
    // provided for, unpaid. The bank keeps 1,000 + 300 + 100 − 500 − 200 − 50 = 650.00.
    const bs = buildBalanceSheet([
      account('1010', 'BANK', 0, 140_000, 75_000), account('1500', 'INVESTMENT', 0, 50_000, 0), account('1600', 'OTHER_CURRENT_ASSET', 0, 20_000, 0),
      account('2500', 'LONG_TERM_LIABILITY', 0, 0, 100_000), account('2600', 'OTHER_CURRENT_LIABILITY', 0, 0, 30_000),
      account('2700', 'PROVISION', 0, 0, 10_000), account('2900', 'SUSPENSE', 0, 5_000, 0),
    ], null);
    expect(bs.assets.non_current_assets).toMatchObject({ amount: 500, fixed_assets: { amount: 0 }, non_current_investments: { amount: 500, accounts: [{ account_code: '1500' }] } });
    expect(bs.assets.current_assets).toMatchObject({ amount: 850, cash_and_bank: { amount: 650 }, other_current_assets: { amount: 200, accounts: [{ account_code: '1600' }] } });
    expect(bs.liabilities.non_current_liabilities).toMatchObject({ amount: 1000, long_term_borrowings: { amount: 1000, accounts: [{ account_code: '2500' }] } });
    // Suspense's debit balance shows negative on its line: 300 + 100 − 50 = 350.
    expect(bs.liabilities.current_liabilities).toMatchObject({
      amount: 350, other_current_liabilities: { amount: 300 }, short_term_provisions: { amount: 100 }, suspense: { amount: -50, accounts: [{ account_code: '2900', amount: -50 }] },
    });
    expect(bs.liabilities.amount).toBe(1350);
    expect(bs.total_assets.amount).toBe(1350);
    expect(bs.total_equity_and_liabilities.amount).toBe(1350);
  });

  it.each(ACCOUNT_TYPES)('has a place for a %s account', (type) => {
    const bs = buildBalanceSheet([account('1', type, 10_000, 500, 0), account('2', 'EQUITY', -10_000, 0, 500)], null);
    expect(bs.total_assets.amount).toBe(bs.total_equity_and_liabilities.amount);
  });

  it('refuses to answer a balance sheet that does not balance', () => {
    expect(() => buildBalanceSheet([account('1010', 'BANK', 100, 0, 0)], null)).toThrow(/does not balance/);
  });
});
