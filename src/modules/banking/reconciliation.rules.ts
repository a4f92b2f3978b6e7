import { invalidValue } from '../../kernel/errors';
import type { LocalDate } from '../../kernel/local-date';
import type { Paise } from '../../kernel/money';
import { entriesAt, inBankOrder, type BankLine } from './reconciliation-books.rules';
import { groupsSettledBy, openingBasis, type AccountTies } from './reconciliation-ties.rules';

/* An open reconciliation's figures and the order reconciliations keep (docs/rules/banking.md, "Reconciliation"). */

export interface ReconciliationFigures {
  cleared: Paise;
  /** The bank's closing balance less the cleared balance: 0 is what a close needs. */
  difference: Paise;
  /** The lines a close would settle: matched in a match whose lines are all dated by then, and excluded ones, not settled before. */
  lines: BankLine[];
}

/**
 * The cleared balance on a statement's date: the opening basis (openingBasis) and the book
 * amount, as it stands now, of every entry matched to lines all dated on or before it. The
 * book amount is read from the ledger, not the match: an entry edited since its match moves
 * the cleared balance, and the difference shows it.
 */
export function reconciliationFigures(ties: AccountTies, date: LocalDate, closingBalance: Paise): ReconciliationFigures {
  const now = entriesAt(ties.bookLines, null);
  const settled = groupsSettledBy(ties, date);
  const clearedKeys = new Set(settled.flatMap((g) => g.entryKeys));
  const { basis } = openingBasis(ties, entriesAt(ties.bookLines, date));
  const cleared = basis + [...clearedKeys].reduce((s, k) => s + (now.get(k)?.amount ?? 0), 0);
  const settledLines = new Set(settled.flatMap((g) => g.lineIds));
  const lines = inBankOrder(ties.lines).filter((l) => l.reconciliationId === null && l.date <= date && (settledLines.has(l.id) || l.status === 'EXCLUDED'));
  return { cleared, difference: closingBalance - cleared, lines };
}

/** A new reconciliation's date comes after the last closed one's, and no later than today. */
export function assertStatementDate(date: LocalDate, lastClosed: LocalDate | null, today: LocalDate): void {
  if (lastClosed !== null && date <= lastClosed) {
    throw invalidValue('statement_date', `statement_date is after ${lastClosed}, the date of the account's last closed reconciliation`, { details: { last_closed_date: lastClosed } });
  }
  if (date > today) throw invalidValue('statement_date', `statement_date is not after today (${today})`);
}
