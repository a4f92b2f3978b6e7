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
