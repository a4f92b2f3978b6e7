import type { Paise } from '../../kernel/money';

/** What an import can bring in; one spreadsheet holds one kind, a Tally export several. */
export const IMPORT_KINDS = [
  'contacts', 'items', 'accounts', 'opening_balances', 'invoices', 'bills', 'credit_notes', 'debit_notes', 'payments', 'expenses', 'journals',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** What a reference names when the file has names, not Bahi's ids. */
export type RefTarget = 'contact' | 'account' | 'item' | 'invoice' | 'bill' | 'system_account' | 'tax';

/**
 * A reference still to resolve: anywhere in a unit's body where the API takes an id (`customer_id`,
 * `account_id`, `item_id`, an allocation's `invoice_id`, …) the reader may put this instead. The
 * run resolves it just before the create, by name (contacts, accounts (name or code), items, case-insensitive),
 * number (invoices, bills), system key (`system_account`: accounts_receivable, round_off, cgst_output, …) or a tax's name or rate (`tax`: "GST18", "18", "18%"), so that records written earlier in the same run are found. One that
 * matches nothing is the row's error, on the id's field.
 */
export interface NameRef {
  $ref: RefTarget;
  name: string;
}

/**
 * One record to create, read from a file: a spreadsheet row (or the rows sharing a document key) or
 * a Tally master or voucher. The run creates units in order, each through the kind's create path
 * (the same function the API's POST calls), inside a savepoint.
 */
export interface ImportUnit {
  kind: ImportKind;
  /** The row key: a second run skips a unit whose key an earlier run wrote, and reports it already_imported. */
  key: string;
  /** Where in the file: "row 14", "rows 14-17", or a Tally record such as "VOUCHER Sales 12 of 05/04/2025". */
  source: string;
  /** The first spreadsheet row (1 = the header); null for Tally records. */
  row: number | null;
  /** The create body of the kind, as the API takes it, except that ids may be NameRefs. */
  body: unknown;
  /** The spreadsheet column each body field came from, to name the column of an error on that field. */
  columns?: Readonly<Record<string, string>>;
  /**
   * A document whose total the file states (a Tally voucher): where Bahi's total differs by at most
   * ₹1 the difference becomes the document's round_off; beyond that `fallback` is created instead
   * and the unit is listed imported_as_journal.
   */
  expectedTotal?: Paise;
  fallback?: ImportUnit;
  /** A note that settled the invoice or bill it names where it came from (Tally's Agst Ref): applied to it once created, as far as both are open. */
  settlesParent?: boolean;
}
