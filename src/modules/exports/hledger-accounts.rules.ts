import type { AccountType } from '../../platform/orgs/chart-of-accounts';

/** An account as the exports read it. */
export interface ExportAccount {
  account_id: string;
  account_name: string;
  account_code: string | null;
  account_type: string;
  system_key: string | null;
}

/** hledger's account types: Asset, Cash (an asset that is money), Liability, Equity, Revenue, eXpense. */
export type HledgerType = 'A' | 'C' | 'L' | 'E' | 'R' | 'X';

const TOP_LEVEL: Record<HledgerType, string> = { A: 'Assets', C: 'Assets', L: 'Liabilities', E: 'Equity', R: 'Income', X: 'Expenses' };

/*
 * Where each Bahi account type sits in hledger's five-part chart, the side the balance sheet
 * puts it on (docs/rules/reports.md, "Balance sheet lines"). Accumulated depreciation is a
 * contra asset (a credit balance under Assets); suspense sits under Liabilities, as on the
 * balance sheet.
 */
const BY_TYPE: Readonly<Record<string, HledgerType>> = {
  BANK: 'C', CASH: 'C', ACCOUNTS_RECEIVABLE: 'A', STOCK: 'A', GST_ASSET: 'A', TDS_ASSET: 'A', FIXED_ASSET: 'A', ACCUMULATED_DEPRECIATION: 'A',
  OTHER_CURRENT_ASSET: 'A', INVESTMENT: 'A',
  ACCOUNTS_PAYABLE: 'L', GST_LIABILITY: 'L', TDS_LIABILITY: 'L',
  OTHER_CURRENT_LIABILITY: 'L', LONG_TERM_LIABILITY: 'L', PROVISION: 'L', SUSPENSE: 'L',
  EQUITY: 'E', RETAINED_EARNINGS: 'E',
  SALES: 'R', INCOME: 'R', OTHER_INCOME: 'R',
  EXPENSE: 'X', COST_OF_GOODS_SOLD: 'X', OTHER_EXPENSE: 'X',
} satisfies Record<AccountType, HledgerType>;
/*
 * Advances share the receivable and payable types (for the party statements) but are what the
 * balance sheet says they are: money a customer paid ahead is a liability, money paid ahead to a
 * vendor an asset.
 */
const BY_ROLE: Record<string, HledgerType> = { advances_from_customers: 'L', advances_to_vendors: 'A' };

export function hledgerTypeOf(account: Pick<ExportAccount, 'account_type' | 'system_key'>): HledgerType {
  const type = (account.system_key !== null ? BY_ROLE[account.system_key] : undefined) ?? BY_TYPE[account.account_type];
  if (!type) throw new Error(`account type ${account.account_type} has no place in the hledger chart`);
  return type;
}

/**
 * An account's name as one component of an hledger account name: a colon would start a
 * sub-account, a semicolon a comment, and two spaces or a tab end the name, so colons and
 * semicolons become dashes and commas and every run of whitespace one space.
 */
export function accountNamePart(name: string): string {
  return name.replace(/:/g, ' - ').replace(/;/g, ',').replace(/\s+/g, ' ').trim();
}

export interface HledgerAccount { account_id: string; name: string; type: HledgerType }

/**
 * Every account's full hledger name (`Assets:Accounts Receivable`), in the order given. Bahi
 * does not keep names unique, and cleaning can make two alike, so a name already taken gets the
 * account's code (or id) in brackets; an empty one is the code (or id).
 */
export function hledgerAccounts(accounts: readonly ExportAccount[]): HledgerAccount[] {
  const taken = new Set<string>();
  return accounts.map((account) => {
    const type = hledgerTypeOf(account);
    const code = account.account_code === null ? '' : accountNamePart(account.account_code);
    const base = `${TOP_LEVEL[type]}:${accountNamePart(account.account_name) || code || account.account_id}`;
    // The id is unique and has no character hledger dislikes (kernel/ids), so the last candidate is always free.
    const candidates = [base, ...(code ? [`${base} (${code})`] : []), `${base} (${account.account_id})`];
    const name = candidates.find((c) => !taken.has(c)) ?? candidates[candidates.length - 1]!;
    taken.add(name);
    return { account_id: account.account_id, name, type };
  });
}

/** The top-level accounts with their types, declared before the accounts under them. */
export const HLEDGER_TOP_LEVEL: readonly { name: string; type: HledgerType }[] = [
  { name: 'Assets', type: 'A' }, { name: 'Liabilities', type: 'L' }, { name: 'Equity', type: 'E' }, { name: 'Income', type: 'R' }, { name: 'Expenses', type: 'X' },
];
