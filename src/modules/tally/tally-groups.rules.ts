import type { AccountType } from '../../platform/orgs/chart-of-accounts';

/**
 * Tally's 28 predefined groups (15 primary, 13 beneath them) and the Bahi account type each one's
 * ledgers take (docs/guides/moving-in.md, "Tally's groups"). A user-made group takes the type of
 * the predefined group it sits under, however deep. Sundry Debtors and Sundry Creditors hold
 * parties: their ledgers become contacts, whose balances live in the receivable and payable
 * control accounts.
 */
export const TALLY_GROUP_TYPES: Readonly<Record<string, AccountType>> = {
  'Branch / Divisions': 'OTHER_CURRENT_LIABILITY',
  'Capital Account': 'EQUITY',
  'Reserves & Surplus': 'RETAINED_EARNINGS',
  'Current Assets': 'OTHER_CURRENT_ASSET',
  'Bank Accounts': 'BANK',
  'Cash-in-Hand': 'CASH',
  'Deposits (Asset)': 'OTHER_CURRENT_ASSET',
  'Loans & Advances (Asset)': 'OTHER_CURRENT_ASSET',
  'Stock-in-Hand': 'STOCK',
  'Sundry Debtors': 'ACCOUNTS_RECEIVABLE',
  'Current Liabilities': 'OTHER_CURRENT_LIABILITY',
  'Duties & Taxes': 'GST_LIABILITY',
  'Provisions': 'PROVISION',
  'Sundry Creditors': 'ACCOUNTS_PAYABLE',
  'Direct Expenses': 'COST_OF_GOODS_SOLD',
  'Direct Incomes': 'INCOME',
  'Fixed Assets': 'FIXED_ASSET',
  'Indirect Expenses': 'EXPENSE',
  'Indirect Incomes': 'OTHER_INCOME',
  'Investments': 'INVESTMENT',
  'Loans (Liability)': 'LONG_TERM_LIABILITY',
  'Bank OD A/c': 'BANK',
  'Secured Loans': 'LONG_TERM_LIABILITY',
  'Unsecured Loans': 'LONG_TERM_LIABILITY',
  'Misc. Expenses (ASSET)': 'OTHER_CURRENT_ASSET',
  'Purchase Accounts': 'COST_OF_GOODS_SOLD',
  'Sales Accounts': 'SALES',
  'Suspense A/c': 'SUSPENSE',
};

/** The groups whose ledgers are parties, not accounts. */
export const PARTY_GROUPS: Readonly<Record<string, 'CUSTOMER' | 'VENDOR'>> = { 'Sundry Debtors': 'CUSTOMER', 'Sundry Creditors': 'VENDOR' };

/**
 * The predefined group a Bahi account of each type is written under when Bahi exports to Tally.
 * Types the import reads from one group go back to it; the rest go where Tally keeps their kind.
 */
export const GROUP_OF_TYPE: Readonly<Record<AccountType, string>> = {
  BANK: 'Bank Accounts', CASH: 'Cash-in-Hand', ACCOUNTS_RECEIVABLE: 'Sundry Debtors', STOCK: 'Stock-in-Hand',
  GST_ASSET: 'Duties & Taxes', TDS_ASSET: 'Loans & Advances (Asset)', ACCOUNTS_PAYABLE: 'Sundry Creditors',
  GST_LIABILITY: 'Duties & Taxes', TDS_LIABILITY: 'Duties & Taxes', SALES: 'Sales Accounts', INCOME: 'Direct Incomes',
  OTHER_INCOME: 'Indirect Incomes', EXPENSE: 'Indirect Expenses', COST_OF_GOODS_SOLD: 'Purchase Accounts',
  OTHER_EXPENSE: 'Indirect Expenses', EQUITY: 'Capital Account', RETAINED_EARNINGS: 'Reserves & Surplus',
  FIXED_ASSET: 'Fixed Assets', ACCUMULATED_DEPRECIATION: 'Fixed Assets',
  OTHER_CURRENT_ASSET: 'Current Assets', INVESTMENT: 'Investments', OTHER_CURRENT_LIABILITY: 'Current Liabilities',
  LONG_TERM_LIABILITY: 'Loans (Liability)', PROVISION: 'Provisions', SUSPENSE: 'Suspense A/c',
};
