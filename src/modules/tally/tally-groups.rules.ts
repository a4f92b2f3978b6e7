import type { AccountType } from '../../platform/orgs/chart-of-accounts';

/*
 * Tally's 28 predefined groups (15 primary, 13 beneath them) by the Bahi account type their
 * ledgers take (docs/guides/moving-in.md, "Tally's groups"). The first group of a type is the one
 * Bahi writes that type under when it exports to Tally.
 */
const GROUPS_BY_TYPE: ReadonlyArray<readonly [AccountType, readonly string[]]> = [
  ['EQUITY', ['Capital Account']],
  ['OTHER_CURRENT_ASSET', ['Current Assets', 'Deposits (Asset)', 'Loans & Advances (Asset)', 'Misc. Expenses (ASSET)']],
  ['RETAINED_EARNINGS', ['Reserves & Surplus']],
  ['BANK', ['Bank Accounts', 'Bank OD A/c']],
  ['CASH', ['Cash-in-Hand']],
  ['STOCK', ['Stock-in-Hand']],
  ['OTHER_CURRENT_LIABILITY', ['Current Liabilities', 'Branch / Divisions']],
  ['ACCOUNTS_RECEIVABLE', ['Sundry Debtors']],
  ['GST_LIABILITY', ['Duties & Taxes']],
  ['LONG_TERM_LIABILITY', ['Loans (Liability)', 'Secured Loans', 'Unsecured Loans']],
  ['PROVISION', ['Provisions']],
  ['ACCOUNTS_PAYABLE', ['Sundry Creditors']],
  ['COST_OF_GOODS_SOLD', ['Purchase Accounts', 'Direct Expenses']],
  ['INCOME', ['Direct Incomes']],
  ['FIXED_ASSET', ['Fixed Assets']],
  ['EXPENSE', ['Indirect Expenses']],
  ['OTHER_INCOME', ['Indirect Incomes']],
  ['INVESTMENT', ['Investments']],
  ['SALES', ['Sales Accounts']],
  ['SUSPENSE', ['Suspense A/c']],
];

/**
 * The account type of each predefined group's ledgers. A user-made group takes the type of the
 * predefined group it sits under, however deep. Sundry Debtors and Sundry Creditors hold parties:
 * their ledgers become contacts, whose balances live in the receivable and payable control accounts.
 */
export const TALLY_GROUP_TYPES: Readonly<Record<string, AccountType>> = Object.fromEntries(
  GROUPS_BY_TYPE.flatMap(([type, groups]) => groups.map((group) => [group, type])),
);

/** The groups whose ledgers are parties, not accounts. */
export const PARTY_GROUPS: Readonly<Record<string, 'CUSTOMER' | 'VENDOR'>> = { 'Sundry Debtors': 'CUSTOMER', 'Sundry Creditors': 'VENDOR' };

/*
 * Types no group gives: Tally keeps input tax and TDS payable among duties and taxes, TDS
 * deducted from us among loans and advances, and depreciation's contra beside the fixed assets.
 */
const GROUP_OF_UNREAD_TYPE: Readonly<Partial<Record<AccountType, string>>> = {
  GST_ASSET: 'Duties & Taxes', TDS_LIABILITY: 'Duties & Taxes', TDS_ASSET: 'Loans & Advances (Asset)',
  OTHER_EXPENSE: 'Indirect Expenses', ACCUMULATED_DEPRECIATION: 'Fixed Assets',
};

/** The predefined group a Bahi account of a type is written under when Bahi exports to Tally. */
export function tallyGroupOf(type: AccountType): string {
  const group = GROUP_OF_UNREAD_TYPE[type] ?? GROUPS_BY_TYPE.find(([mapped]) => mapped === type)?.[1][0];
  if (group === undefined) throw new Error(`account type ${type} has no Tally group`);
  return group;
}
