import type { LocalDate } from '../../kernel/local-date';
import type { JournalSource } from './ledger.posting';

/** What an entry does, as far as its date goes (docs/rules/ledger-and-periods.md, "Dates of reversals and applications"). */
export type DatedAct =
  /** A void, delete or unapply: it mirrors an entry dated `original`. */
  | { reverses: LocalDate }
  /** A payment or credit applied to a document: it needs both documents to exist. */
  | { applies: readonly [LocalDate, LocalDate] };

/**
 * The one rule for the date of an entry that follows another: a reversal is dated on the
 * original entry's date, so the pair nets to nothing in every period and the document leaves
 * its period; an application is dated on the later of the two documents' dates.
 */
export function entryDateOf(act: DatedAct): LocalDate {
  if ('reverses' in act) return act.reverses;
  const [a, b] = act.applies;
  return a > b ? a : b;
}

/** What to do instead of reversing an entry in a locked period: a correcting document dated after the lock. */
export function reversalRemedy(source: JournalSource): string {
  switch (source) {
    case 'INVOICE': case 'CREDIT_NOTE': return 'Issue a credit note dated after the lock date instead';
    case 'BILL': case 'DEBIT_NOTE': case 'EXPENSE': return 'Issue a debit note dated after the lock date instead';
    case 'PAYMENT': case 'ALLOCATION':
      return 'Record the correction after the lock date instead: a credit note for a customer, a debit note for a vendor';
    default: return 'Post a correcting journal dated after the lock date instead';
  }
}
