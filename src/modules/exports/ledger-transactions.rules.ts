import type { Paise } from '../../kernel/money';

/** One line of an exported transaction: exactly one of debit and credit is positive, in paise. */
export interface ExportPosting { account_id: string; debit: Paise; credit: Paise }

/** A journal as both export forms write it. */
export interface ExportTransaction {
  date: string;
  /** Null for the opening balances, which are no journal. */
  journal_id: string | null;
  /** The source document's number (INV-0001); null for a manual journal. */
  code: string | null;
  description: string;
  postings: ExportPosting[];
}

/** A journal with what its description is made of. */
export interface ExportJournal {
  journal_id: string;
  entry_date: string;
  source: string;
  source_ref: string | null;
  kind: string;
  memo: string | null;
  contact_name: string | null;
  postings: ExportPosting[];
}

const SOURCE_LABELS: Record<string, string> = {
  MANUAL: 'Journal', INVOICE: 'Invoice', BILL: 'Bill', PAYMENT: 'Payment', ALLOCATION: 'Allocation', CREDIT_NOTE: 'Credit note',
  DEBIT_NOTE: 'Debit note', EXPENSE: 'Expense', OPENING_BALANCE: 'Opening balance', BILL_OF_ENTRY: 'Bill of Entry',
  ITC_REVERSAL: 'Rule 37 reversal',
};

/**
 * What a journal is: its kind of document (a reversal — a void, an edit's undoing, a deleted
 * journal — says so) and then its party, or for a manual journal its narration.
 */
export function describeJournal(j: Pick<ExportJournal, 'source' | 'kind' | 'memo' | 'contact_name'>): string {
  const label = SOURCE_LABELS[j.source] ?? j.source;
  const what = j.kind === 'REVERSAL' ? `${label} reversed` : label;
  const about = j.source === 'MANUAL' ? j.memo ?? j.contact_name : j.contact_name ?? j.memo;
  return about ? `${what} - ${about}` : what;
}

export function transactionOf(j: ExportJournal): ExportTransaction {
  return { date: j.entry_date, journal_id: j.journal_id, code: j.source_ref, description: describeJournal(j), postings: j.postings };
}

export const OPENING_DESCRIPTION = 'Opening balances';

/**
 * Each account's net before the period, as one transaction on its first day, so that the
 * export's balances are the books' balances through its last day. Every journal balances, so
 * these do too; null when there is nothing before the period.
 */
export function openingTransaction(date: string, nets: readonly { account_id: string; net: Paise }[]): ExportTransaction | null {
  const postings = nets.filter((n) => n.net !== 0).map((n) => ({ account_id: n.account_id, debit: Math.max(n.net, 0), credit: Math.max(-n.net, 0) }));
  return postings.length === 0 ? null : { date, journal_id: null, code: null, description: OPENING_DESCRIPTION, postings };
}
