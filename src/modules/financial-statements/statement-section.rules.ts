import { toRupees } from '../../kernel/money';
import { byAccountCode } from '../ledger/account-order.rules';
import { accountOf, type AccountMovement } from './account-movement.rules';

/** A figure for the statement's date or period and, with a comparison, for the other one (null without). */
export const figure = (amount: number, previous: number | null) => ({ amount: toRupees(amount), previous_amount: previous === null ? null : toRupees(previous) });

/** Paise totals of a section, kept beside its answer so that totals add without rounding. */
export interface Totals { amount: number; previous: number | null }

/**
 * A group of accounts on a statement: those that `belongs` picks and whose `value` is not
 * zero in either the current or the compared sums, in account-code order, with their total.
 */
export function section(
  current: readonly AccountMovement[], previous: readonly AccountMovement[] | null,
  belongs: (m: AccountMovement) => boolean, value: (m: AccountMovement) => number,
) {
  const picked = (rows: readonly AccountMovement[]) => new Map(rows.filter((m) => belongs(m) && value(m) !== 0).map((m) => [m.account_id, m]));
  const now = picked(current);
  const before = picked(previous ?? []);
  const valueIn = (rows: Map<string, AccountMovement>, id: string) => { const m = rows.get(id); return m ? value(m) : 0; };
  const total = (rows: Map<string, AccountMovement>) => [...rows.values()].reduce((sum, m) => sum + value(m), 0);
  const totals: Totals = { amount: total(now), previous: previous ? total(before) : null };
  const accounts = [...new Map([...before, ...now]).values()].sort(byAccountCode)
    .map((m) => ({ ...accountOf(m), ...figure(valueIn(now, m.account_id), previous ? valueIn(before, m.account_id) : null) }));
  return { totals, json: { accounts, ...figure(totals.amount, totals.previous) } };
}

/** Totals added (or, with a sign of -1, subtracted) part by part. */
export function combine(parts: readonly { totals: Totals; sign?: 1 | -1 }[]): Totals {
  const amount = parts.reduce((sum, p) => sum + (p.sign ?? 1) * p.totals.amount, 0);
  const hasPrevious = parts.every((p) => p.totals.previous !== null);
  return { amount, previous: hasPrevious ? parts.reduce((sum, p) => sum + (p.sign ?? 1) * p.totals.previous!, 0) : null };
}

export const figureOf = (t: Totals) => figure(t.amount, t.previous);
