import type { LocalDate } from '../../kernel/local-date';
import type { Paise } from '../../kernel/money';
import { bankOpening, inBankOrder, type BankLine, type BookEntry, type BookLine } from './reconciliation-books.rules';

/* What ties the books to the bank (docs/rules/banking.md, "Reconciliation"): the matches, and the entries before the statements begin. */

/** One match: its lines and the entries (entryKey) they are. */
export interface MatchGroup {
  lineIds: string[];
  entryKeys: string[];
}

/** An account's side of the bank and of the books, as the reader gives them. */
export interface AccountTies {
  lines: readonly BankLine[];
  groups: readonly MatchGroup[];
  bookLines: readonly BookLine[];
  /** The opening balance stated by the statement that brought the account's first line. */
  statementOpening: Paise | null;
}

/** The matches whose lines are all dated on or before `date` (and, when given, whose entries all stand by then). */
export function groupsSettledBy(ties: Pick<AccountTies, 'lines' | 'groups'>, date: LocalDate, standing?: ReadonlyMap<string, BookEntry>): MatchGroup[] {
  const dateOf = new Map(ties.lines.map((l) => [l.id, l.date]));
  return ties.groups.filter((g) => g.lineIds.every((id) => (dateOf.get(id) ?? date) <= date) && (!standing || g.entryKeys.every((k) => standing.has(k))));
}

/**
 * The account before its statements: the entries dated before its first line that no line is
 * matched to were cleared before the bank's lines begin, so they make the books' opening (all
 * of them when the account has no lines). An entry before the first line matched to a later
 * line was outstanding then, and counts as any other entry.
 */
export function booksOpening(ties: AccountTies, standing: ReadonlyMap<string, BookEntry>): { opening: Paise; keys: Set<string> } {
  const first = inBankOrder(ties.lines)[0]?.date ?? null;
  const matched = new Set(ties.groups.flatMap((g) => g.entryKeys));
  const keys = new Set<string>();
  let opening = 0;
  for (const entry of standing.values()) {
    if (matched.has(entry.key) || (first !== null && entry.date >= first)) continue;
    keys.add(entry.key);
    opening += entry.amount;
  }
  return { opening, keys };
}

/**
 * Where reconciling starts: the bank's balance before the account's first line (bankOpening);
 * when the bank states none, the books' opening is taken as the bank's.
 */
export function openingBasis(ties: AccountTies, standing: ReadonlyMap<string, BookEntry>): { bank: Paise | null; books: Paise; basis: Paise } {
  const bank = bankOpening(inBankOrder(ties.lines), ties.statementOpening);
  const books = booksOpening(ties, standing).opening;
  return { bank, books, basis: bank ?? books };
}
