import { invalidValue } from '../../kernel/errors';

/** What a sales line may be credited to: revenue (the spec's SALES, INCOME and OTHER_INCOME). */
export const INCOME_ACCOUNT_TYPES: readonly string[] = ['SALES', 'INCOME', 'OTHER_INCOME'];

/**
 * What a purchase (a bill or expense line, an item's purchase account) may be debited to: a
 * cost, stock bought for resale, a fixed asset bought, or an other current asset (a cost paid
 * ahead of the period it serves, such as a year's insurance). Control accounts (receivables,
 * payables, GST, TDS, bank) are refused: a line posted there would bypass the documents those
 * accounts reconcile against; so are loans, provisions, investments and suspense, which no
 * supply of goods or services is (docs/rules/reports.md, "Account types").
 */
export const PURCHASE_ACCOUNT_TYPES: readonly string[] = ['EXPENSE', 'OTHER_EXPENSE', 'COST_OF_GOODS_SOLD', 'STOCK', 'FIXED_ASSET', 'OTHER_CURRENT_ASSET'];

export type AccountKind = 'income' | 'purchase';

const ALLOWED: Readonly<Record<AccountKind, readonly string[]>> = { income: INCOME_ACCOUNT_TYPES, purchase: PURCHASE_ACCOUNT_TYPES };
const WHAT: Readonly<Record<AccountKind, string>> = { income: 'a sale is credited to', purchase: 'a purchase is charged to' };

/** 400 on `field` unless an account of `accountType` may take a line of this kind; details name the allowed types. */
export function assertAccountKind(accountType: string, kind: AccountKind, field: string): void {
  const allowed = ALLOWED[kind];
  if (allowed.includes(accountType)) return;
  throw invalidValue(field, `${WHAT[kind]} an account of type ${allowed.join(', ')}; this one is ${accountType}`, { details: { allowed } });
}
