import { toRupees } from '../../kernel/money';
import { byAccountCode } from '../ledger/account-order.rules';
import { accountOf, closingOf, sided, type AccountMovement } from './account-movement.rules';

/**
 * A trial balance over a period: each account's opening balance (everything before the
 * period), its debits and credits in the period, and its closing balance. Openings, movements
 * and closings each balance, since every entry does.
 */
export function buildPeriodTrialBalance(movements: readonly AccountMovement[], range: { from: string; to: string }, branchId: string | null) {
  const totals = { openingDebit: 0, openingCredit: 0, debit: 0, credit: 0, closingDebit: 0, closingCredit: 0 };
  const accounts = movements.filter((m) => m.opening !== 0 || m.debit !== 0 || m.credit !== 0).sort(byAccountCode).map((m) => {
    const closing = closingOf(m);
    if (m.opening >= 0) totals.openingDebit += m.opening; else totals.openingCredit -= m.opening;
    if (closing >= 0) totals.closingDebit += closing; else totals.closingCredit -= closing;
    totals.debit += m.debit;
    totals.credit += m.credit;
    const opening = sided(m.opening);
    const close = sided(closing);
    return {
      ...accountOf(m),
      opening_balance: opening.balance, opening_balance_side: opening.side,
      debit: toRupees(m.debit), credit: toRupees(m.credit),
      balance: close.balance, balance_side: close.side,
    };
  });
  return {
    date: range.to,
    from_date: range.from,
    branch_id: branchId,
    accounts,
    opening_debit: toRupees(totals.openingDebit),
    opening_credit: toRupees(totals.openingCredit),
    total_debit: toRupees(totals.debit),
    total_credit: toRupees(totals.credit),
    closing_debit: toRupees(totals.closingDebit),
    closing_credit: toRupees(totals.closingCredit),
    balanced: totals.openingDebit === totals.openingCredit && totals.debit === totals.credit && totals.closingDebit === totals.closingCredit,
  };
}
