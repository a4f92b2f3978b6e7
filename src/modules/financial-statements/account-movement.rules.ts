import { toRupees } from '../../kernel/money';

/** One account's sums over a range, in paise: its net (debit − credit) before the range, and its debits and credits in it. */
export interface AccountMovement {
  account_id: string;
  account_name: string;
  account_code: string | null;
  account_type: string;
  system_key: string | null;
  opening: number;
  debit: number;
  credit: number;
}

export const closingOf = (m: AccountMovement): number => m.opening + m.debit - m.credit;

/** The account's identity as a statement line shows it. */
export const accountOf = (m: AccountMovement) => ({
  account_id: m.account_id, account_name: m.account_name, account_code: m.account_code, account_type: m.account_type,
});

/** A net balance as the trial balance shows it: never negative, with its side. */
export const sided = (net: number) => ({ balance: toRupees(Math.abs(net)), side: net >= 0 ? 'DEBIT' as const : 'CREDIT' as const });

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Account-code order, accounts without a code last by name: the same on both engines. */
export function byAccountCode(a: AccountMovement, b: AccountMovement): number {
  if ((a.account_code === null) !== (b.account_code === null)) return a.account_code === null ? 1 : -1;
  return byText(a.account_code ?? '', b.account_code ?? '') || byText(a.account_name, b.account_name) || byText(a.account_id, b.account_id);
}
