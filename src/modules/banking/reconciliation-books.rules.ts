import type { LocalDate } from '../../kernel/local-date';
import type { Paise } from '../../kernel/money';

/*
 * The two sides a reconciliation ties (docs/rules/banking.md, "Reconciliation"): the account's
 * book entries, each a journal source's posting to it, and the bank's lines with the balance
 * the bank states. Amounts are signed the way the account moves: + into it, − out of it.
 */

/** One journal line on the account, as the reader gives it. */
export interface BookLine {
  source: string;
  sourceId: string;
  date: LocalDate;
  /** Debit − credit: + into the account. */
  amount: Paise;
  /** A posting not reversed since: its date is the entry's. */
  standing: boolean;
  reference: string | null;
  memo: string | null;
}

/** A book entry as reconciliation reads it: what one source (a payment, an expense, a journal) posted to the account. */
export interface BookEntry {
  key: string;
  source: string;
  sourceId: string;
  date: LocalDate;
  amount: Paise;
  reference: string | null;
  memo: string | null;
}

export const entryKey = (source: string, sourceId: string) => `${source}\u0000${sourceId}`;

/**
 * The entries standing on `through` (every line when null): a source's lines dated by then
 * summed, those that net to nothing (voided, deleted, moved later) left out. An entry is dated
 * by its posting in force, so one edited to another date reads at its new date.
 */
export function entriesAt(lines: readonly BookLine[], through: LocalDate | null): Map<string, BookEntry> {
  const entries = new Map<string, BookEntry & { standingDate: LocalDate | null }>();
  for (const line of lines) {
    if (through !== null && line.date > through) continue;
    const key = entryKey(line.source, line.sourceId);
    const entry = entries.get(key) ?? { key, source: line.source, sourceId: line.sourceId, date: line.date, amount: 0, reference: null, memo: null, standingDate: null };
    entry.amount += line.amount;
    if (line.date > entry.date) entry.date = line.date;
    if (line.standing && (entry.standingDate === null || line.date >= entry.standingDate)) {
      Object.assign(entry, { standingDate: line.date, reference: line.reference, memo: line.memo });
    }
    entries.set(key, entry);
  }
  const standing = new Map<string, BookEntry>();
  for (const { standingDate, ...entry } of entries.values()) {
    if (entry.amount !== 0) standing.set(entry.key, { ...entry, date: standingDate ?? entry.date });
  }
  return standing;
}

/** A stored bank line, as reconciliation reads it. */
export interface BankLine {
  id: string;
  date: LocalDate;
  sequence: number;
  direction: 'IN' | 'OUT';
  amount: Paise;
  balance: Paise | null;
  status: string;
  reconciliationId: string | null;
  narration: string;
  reference: string | null;
}

export const signedAmount = (line: Pick<BankLine, 'direction' | 'amount'>): Paise => (line.direction === 'IN' ? line.amount : -line.amount);

/** The account's lines in the bank's order: by date, then as the bank listed them. */
export const inBankOrder = (lines: readonly BankLine[]): BankLine[] =>
  [...lines].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.sequence - b.sequence));

/**
 * The bank's balance before the account's first line: that line's running balance less its own
 * amount, else the opening balance its statement states; null when the bank states neither.
 */
export function bankOpening(ordered: readonly BankLine[], statementOpening: Paise | null): Paise | null {
  const first = ordered[0];
  if (first?.balance != null) return first.balance - signedAmount(first);
  return statementOpening;
}

/**
 * The balance the bank states on `date`: the running balance of the last line by then that
 * carries one, with the lines after it added; without one, the opening with every line by then.
 */
export function bankBalanceOn(ordered: readonly BankLine[], opening: Paise | null, date: LocalDate): Paise | null {
  const upTo = ordered.filter((l) => l.date <= date);
  const lastWithBalance = upTo.findLastIndex((l) => l.balance !== null);
  if (lastWithBalance >= 0) return upTo[lastWithBalance]!.balance! + upTo.slice(lastWithBalance + 1).reduce((s, l) => s + signedAmount(l), 0);
  return opening === null ? null : opening + upTo.reduce((s, l) => s + signedAmount(l), 0);
}

