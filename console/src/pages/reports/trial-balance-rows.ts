/**
 * The trial balance's rows with a compared period: the API has no `compare` for it, so it is
 * asked for each period and the two answers are set side by side, account by account.
 */
import type { components } from '@bahi/sdk';

export type TrialBalance = components['schemas']['TrialBalance'];
export type TrialBalanceAccount = TrialBalance['accounts'][number];

export interface TrialBalanceRow {
  account_id: string;
  account_name: string;
  account_code: string | null;
  /** The account in the period's answer; absent when it moved only in the compared period. */
  current?: TrialBalanceAccount;
  previous?: TrialBalanceAccount;
}

/** Every account of either answer once, in account-code order (name where there is no code). */
export function trialBalanceRows(current: TrialBalance, previous?: TrialBalance): TrialBalanceRow[] {
  const rows = new Map<string, TrialBalanceRow>();
  const row = (a: TrialBalanceAccount) =>
    rows.get(a.account_id) ?? rows.set(a.account_id, { account_id: a.account_id, account_name: a.account_name, account_code: a.account_code }).get(a.account_id)!;
  for (const a of current.accounts) row(a).current = a;
  for (const a of previous?.accounts ?? []) row(a).previous = a;
  const text = (x: string, y: string) => x.localeCompare(y, 'en-IN', { numeric: true });
  return [...rows.values()].sort((x, y) =>
    x.account_code !== null && y.account_code !== null ? text(x.account_code, y.account_code)
      : x.account_code !== y.account_code ? (x.account_code === null ? 1 : -1)
        : text(x.account_name, y.account_name));
}
