import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES } from '../../platform/orgs/chart-of-accounts';
import { accountNamePart, hledgerAccounts, hledgerTypeOf, type ExportAccount } from './hledger-accounts.rules';

const account = (account_id: string, account_name: string, account_type: string, extra: Partial<ExportAccount> = {}): ExportAccount =>
  ({ account_id, account_name, account_code: null, account_type, system_key: null, ...extra });

describe('hledger account names', () => {
  it('puts each account under its type, advances where the balance sheet puts them', () => {
    expect(hledgerAccounts([
      account('a1', 'Bank', 'BANK'), account('a2', 'Accounts Receivable', 'ACCOUNTS_RECEIVABLE'),
      account('a3', 'Advances from Customers', 'ACCOUNTS_RECEIVABLE', { system_key: 'advances_from_customers' }),
      account('a4', 'Advances to Vendors', 'ACCOUNTS_PAYABLE', { system_key: 'advances_to_vendors' }),
      account('a5', 'CGST Output', 'GST_LIABILITY'), account('a6', 'Accumulated Depreciation', 'ACCUMULATED_DEPRECIATION'),
      account('a7', 'Retained Earnings', 'RETAINED_EARNINGS'), account('a8', 'Other Income', 'OTHER_INCOME'), account('a9', 'Purchases', 'COST_OF_GOODS_SOLD'),
    ]).map((a) => [a.name, a.type])).toEqual([
      ['Assets:Bank', 'C'], ['Assets:Accounts Receivable', 'A'], ['Liabilities:Advances from Customers', 'L'], ['Assets:Advances to Vendors', 'A'],
      ['Liabilities:CGST Output', 'L'], ['Assets:Accumulated Depreciation', 'A'], ['Equity:Retained Earnings', 'E'], ['Income:Other Income', 'R'],
      ['Expenses:Purchases', 'X'],
    ]);
  });

  it('puts the balance sheet\'s other types on its side: investments and other current assets under Assets, loans, provisions and suspense under Liabilities', () => {
    expect(hledgerAccounts([
      account('b1', 'Fixed Deposit', 'INVESTMENT'), account('b2', 'Security Deposit', 'OTHER_CURRENT_ASSET'),
      account('b3', 'Term Loan', 'LONG_TERM_LIABILITY'), account('b4', 'Salary Payable', 'OTHER_CURRENT_LIABILITY'),
      account('b5', 'Provision for Bonus', 'PROVISION'), account('b6', 'Suspense', 'SUSPENSE'),
    ]).map((a) => [a.name, a.type])).toEqual([
      ['Assets:Fixed Deposit', 'A'], ['Assets:Security Deposit', 'A'], ['Liabilities:Term Loan', 'L'],
      ['Liabilities:Salary Payable', 'L'], ['Liabilities:Provision for Bonus', 'L'], ['Liabilities:Suspense', 'L'],
    ]);
  });

  it.each(ACCOUNT_TYPES)('has a place for a %s account', (type) => {
    expect(['A', 'C', 'L', 'E', 'R', 'X']).toContain(hledgerTypeOf({ account_type: type, system_key: null }));
  });

  it('turns what hledger reads as structure into text: colons, semicolons, double spaces, tabs, line breaks', () => {
    expect(accountNamePart('Loan:HDFC;  Car\tloan\n ')).toBe('Loan - HDFC, Car loan');
    expect(accountNamePart('  Rent  (Office) [HQ] ')).toBe('Rent (Office) [HQ]');
  });

  it('keeps names unique: a taken name gets the code, then the id; an empty name is the code or the id', () => {
    expect(hledgerAccounts([
      account('a1', 'Sales', 'SALES', { account_code: '4100' }), account('a2', 'Sales', 'SALES', { account_code: '4101' }),
      account('a3', 'Sales', 'SALES', { account_code: '4101' }), account('a4', 'Sales', 'SALES'),
      account('a5', ' : ', 'EXPENSE', { account_code: '6100' }), account('a6', '', 'EXPENSE'),
    ]).map((a) => a.name)).toEqual([
      'Income:Sales', 'Income:Sales (4101)', 'Income:Sales (a3)', 'Income:Sales (a4)', 'Expenses:-', 'Expenses:a6',
    ]);
  });

  it('refuses an account type it has no place for, rather than guessing', () => {
    expect(() => hledgerTypeOf({ account_type: 'DEFERRED_TAX', system_key: null })).toThrow(/DEFERRED_TAX/);
  });
});
