import type { Paise } from '../../kernel/money';
import type { PostingLine } from './ledger.posting';

/** The spec's journal balance tolerance: a manual entry's debits and credits may differ by 0.01. */
export const JOURNAL_BALANCE_TOLERANCE: Paise = 1;

/**
 * The line that closes a manual entry whose sides differ by no more than the tolerance:
 * the difference goes to Round Off on the short side, so the stored entry balances exactly
 * (the ledger never holds an unbalanced entry). Null when the entry already balances, or
 * when the difference is beyond the tolerance or there is no Round Off ledger to carry it
 * (the caller refuses those).
 */
export function closingRoundOff(lines: readonly PostingLine[], roundOffAccountId: string | null): PostingLine | null {
  const difference = lines.reduce((sum, l) => sum + l.debit - l.credit, 0);
  if (difference === 0 || Math.abs(difference) > JOURNAL_BALANCE_TOLERANCE || roundOffAccountId === null) return null;
  return {
    accountId: roundOffAccountId, debit: difference < 0 ? -difference : 0, credit: difference > 0 ? difference : 0, description: 'Round off',
  };
}
