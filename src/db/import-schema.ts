/* The tables of file imports (docs/rules/imports.md, migration 060). */

/** One uploaded file and its run. */
export interface ImportsTable {
  org_id: string;
  import_id: string;
  /** contacts, items, accounts, opening_balances, invoices, bills, credit_notes, debit_notes, payments, expenses, journals; tally for a Tally export. */
  kind: string;
  /** csv, xlsx or tally_xml. */
  format: string;
  /** QUEUED, RUNNING, COMPLETED, or FAILED when the file was refused whole (`failure` says why and where). */
  status: string;
  /** 1: every row is checked through the create path and nothing is kept. */
  dry_run: number;
  file_name: string | null;
  /** The column mapping sent with the file (JSON text: template header → the file's header); null: the template's names. */
  mapping: string | null;
  /** The file as uploaded, base64: the background run reads it from here. */
  content: string;
  /** Tally's Trial Balance report uploaded with a Tally export (base64), for GET /imports/{id}/reconciliation. */
  trial_balance: string | null;
  /** Who started the run, and their scopes (JSON text array): each row is created as that token would create it. */
  token_id: string | null;
  scopes: string;
  /** Rows (spreadsheets) or records (Tally masters and vouchers) in the file; null until it has been read. */
  total_rows: number | null;
  processed_rows: number;
  created_count: number;
  already_imported_count: number;
  /** Rows skipped on purpose (a cancelled or optional Tally voucher), listed among the issues. */
  skipped_count: number;
  failed_count: number;
  /** Why the file was refused whole: the line or path of the first problem. */
  failure: string | null;
  created_time: string;
  started_time: string | null;
  finished_time: string | null;
}

/** A row an import refused, skipped or wrote another way (a Tally voucher posted as a journal). */
export interface ImportIssuesTable {
  org_id: string;
  import_id: string;
  /** The issue's order within the run. */
  position: number;
  /** failed, skipped, already_imported or imported_as_journal. */
  outcome: string;
  /** The file's row (1 = the header) for spreadsheets; null for Tally records, which `source` names. */
  row_number: number | null;
  /** Where in the file: "row 14", "rows 14-17", or a Tally path such as "VOUCHER Sales 12 (20250405)". */
  source: string;
  /** The file's column at fault, when one is. */
  column_name: string | null;
  /** The API's error code (validation.invalid_value, conflict.duplicate, …) or the skip's reason code. */
  code: string;
  /** The API's `field` within the create body. */
  field: string | null;
  message: string;
}

/** What an import wrote, under its row key, so that a later run skips it. */
export interface ImportKeysTable {
  org_id: string;
  kind: string;
  /** The file's own id column when present, else the document key or number, else the record's name. */
  row_key: string;
  /** CONTACT, ITEM, ACCOUNT, INVOICE, BILL, CREDIT_NOTE, DEBIT_NOTE, PAYMENT, EXPENSE, JOURNAL, OPENING_BALANCES. */
  entity_type: string;
  entity_id: string;
  import_id: string;
}

/* The opening balances (docs/rules/opening-balances.md, migration 061). */

/** The organisation's opening: one row, replaced in place (version + 1) until the books are locked past their start. */
export interface OpeningBalancesTable {
  org_id: string;
  opening_balance_id: string;
  /** The day before books_start_date: the opening entry's date. */
  entry_date: string;
  /** The opening entry (source OPENING_BALANCE) of the current version. */
  journal_id: string;
  /** The accounts as given (JSON text: [{ account_id, debit, credit }] in paise). */
  accounts: string;
  version: number;
  created_time: string;
  last_modified_time: string;
}

/** An invoice, bill or advance (a payment row) the opening made: it posts nothing and no report lists it. */
export interface OpeningItemsTable {
  org_id: string;
  /** The invoice_id, bill_id or payment_id. */
  document_id: string;
  /** INVOICE, BILL, CUSTOMER_ADVANCE or VENDOR_ADVANCE. */
  kind: string;
  opening_balance_id: string;
  contact_id: string;
  /** What was still open when the books started, paise: an item's open_amount, an advance's amount. */
  open_amount: number;
  /** Its place in the body as given. */
  position: number;
}
