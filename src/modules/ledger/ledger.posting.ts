import type { Paise } from '../../kernel/money';

/** What a journal entry records: a document, a payment or its allocation, or a manual entry. */
export type JournalSource =
  | 'MANUAL' | 'INVOICE' | 'BILL' | 'PAYMENT' | 'ALLOCATION' | 'CREDIT_NOTE' | 'DEBIT_NOTE' | 'EXPENSE' | 'OPENING_BALANCE' | 'BILL_OF_ENTRY' | 'ITC_REVERSAL';

/** One side of a journal line: exactly one of debit or credit is positive. */
export interface PostingLine {
  accountId: string;
  debit: Paise;
  credit: Paise;
  description?: string | null;
  contactId?: string | null;
  /** The branch whose books the line is in, when not the entry's (e.g. the document a receipt settles). */
  branchId?: string | null;
}

export class UnbalancedEntryError extends Error {
  constructor(readonly debits: Paise, readonly credits: Paise) {
    super(`journal entry does not balance: debits ${debits} ≠ credits ${credits} (paise)`);
    this.name = 'UnbalancedEntryError';
  }
}

/**
 * The invariant of double entry, checked before anything is written: every line has one
 * positive side, and debits equal credits to the paisa. Returns the entry's total.
 * A violation here is a programming error in a poster, never a caller's input error.
 */
export function assertBalanced(lines: readonly PostingLine[]): Paise {
  let debits = 0;
  let credits = 0;
  for (const line of lines) {
    const oneSided = (line.debit > 0 && line.credit === 0) || (line.credit > 0 && line.debit === 0);
    if (!oneSided || !Number.isSafeInteger(line.debit) || !Number.isSafeInteger(line.credit)) {
      throw new Error(`journal line on ${line.accountId} must have exactly one positive side: ${line.debit}/${line.credit}`);
    }
    debits += line.debit;
    credits += line.credit;
  }
  if (lines.length < 2 || debits !== credits) throw new UnbalancedEntryError(debits, credits);
  return debits;
}

/** Whether an entry carries no amount at all: what a zero-value document (its lines total 0) would post. */
export function isZeroEntry(lines: readonly PostingLine[]): boolean {
  return lines.every((l) => l.debit === 0 && l.credit === 0);
}

/** Drops zero lines and merges nothing: posters build lines freely, zero amounts disappear here. */
export function withoutZeroLines(lines: readonly PostingLine[]): PostingLine[] {
  return lines.filter((l) => l.debit !== 0 || l.credit !== 0);
}

/**
 * A line that may come out negative (e.g. a negative round-off) is moved to the other side,
 * so posters can write "Cr Round Off amount" whatever its sign.
 */
export function normaliseSides(lines: readonly PostingLine[]): PostingLine[] {
  return lines.map((l) => {
    const net = l.debit - l.credit;
    return net >= 0 ? { ...l, debit: net, credit: 0 } : { ...l, debit: 0, credit: -net };
  });
}

/** The exact mirror of an entry: debits become credits and vice versa. */
export function mirror(lines: readonly PostingLine[]): PostingLine[] {
  return lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit }));
}
