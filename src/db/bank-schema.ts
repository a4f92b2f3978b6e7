/* The tables of bank reconciliation (docs/rules/banking.md): statements, their lines, matches, rules and reconciliations. */

/** One file imported for a BANK or CASH account (migration 056); amounts in INR paise. */
export interface BankStatementsTable {
  org_id: string;
  statement_id: string;
  account_id: string;
  /** CSV, XLSX, OFX, CAMT053 or MT940. */
  format: string;
  /** The bank's column preset the file was read with (HDFC, ICICI, …); null for a mapping or a format with its own fields. */
  preset: string | null;
  file_name: string | null;
  /** The first and last line's dates (null for a file without lines). */
  from_date: string | null;
  to_date: string | null;
  /** The balances the file states, when it states them. */
  opening_balance: number | null;
  closing_balance: number | null;
  /** Lines in the file, and those not already stored from an earlier statement. */
  lines: number;
  new_lines: number;
  /** Lines matched when the statement was imported (rules and bankAutoMatchOnImport). */
  matched: number;
  created_time: string;
}

/** One line of a bank statement, stored once per account under its key (migration 056); amounts in INR paise. */
export interface BankTransactionsTable {
  org_id: string;
  bank_transaction_id: string;
  account_id: string;
  /** The statement that first brought the line. */
  statement_id: string;
  /** The bank's own transaction id (`FITID`, `AcctSvcrRef`, …), else a key of the line's fields and its occurrence that day. */
  line_key: string;
  /** The line's place among the account's lines, as the bank listed them. */
  sequence: number;
  txn_date: string;
  value_date: string | null;
  narration: string;
  /** UTR, cheque number or the bank's reference column. */
  reference: string | null;
  /** IN: money into the account (a deposit, the bank's credit); OUT: money out. */
  direction: string;
  /** Positive. */
  amount: number;
  /** The running balance after the line, when the file carries one. */
  balance: number | null;
  /** UNMATCHED, MATCHED or EXCLUDED. */
  status: string;
  exclude_reason: string | null;
  /** The closed reconciliation that settled the line; null until then. */
  reconciliation_id: string | null;
  /** The SUGGEST rule that matched the line (migration 058), for its create to follow; null when none did. */
  bank_rule_id: string | null;
  version: number;
  created_time: string;
  updated_time: string;
}

/**
 * One pair of a bank line and a book entry in a match (migration 056). A match is its rows under one
 * `match_group_id`: one line with several entries, or several lines with one entry, never many with many.
 */
export interface BankMatchesTable {
  org_id: string;
  bank_match_id: string;
  match_group_id: string;
  bank_transaction_id: string;
  /** The entry's journal source (PAYMENT, EXPENSE, MANUAL, …) and its id: the entry is that source's posting to the account. */
  source: string;
  source_id: string;
  /** The entry's posting to the line's account, in paise: positive into the account, negative out of it. */
  amount: number;
  created_time: string;
}

/** An account's reconciliation to its bank statement on one date (migration 059); amounts in INR paise. */
export interface BankReconciliationsTable {
  org_id: string;
  reconciliation_id: string;
  account_id: string;
  /** The statement's date: lines dated on or before it are reconciled by it. */
  statement_date: string;
  /** The bank's closing balance on that date, as the statement states it. */
  closing_balance: number;
  /** OPEN, or CLOSED once its difference was 0. */
  status: string;
  /** At the close: the cleared balance (equal to the closing balance) and how many lines it settled; null while OPEN. */
  cleared_balance: number | null;
  lines: number | null;
  closed_time: string | null;
  reopened_time: string | null;
  version: number;
  created_time: string;
  updated_time: string;
}

/**
 * A bank rule (migration 058): what a line's narration contains (case-insensitive) or matches,
 * with an optional direction and amount range; and what it makes of a line it fits.
 */
export interface BankRulesTable {
  org_id: string;
  bank_rule_id: string;
  name: string;
  /** The BANK or CASH account whose lines it reads; null: every such account. */
  account_id: string | null;
  /** Lower first: the first rule that fits a line wins. */
  priority: number;
  /** Exactly one of the two is set. */
  narration_contains: string | null;
  narration_matches: string | null;
  /** IN or OUT; null: either. */
  direction: string | null;
  /** Paise, inclusive; null: no bound. */
  amount_min: number | null;
  amount_max: number | null;
  /** SUGGEST: the line records the rule; CREATE: the entry is made and matched. */
  action: string;
  /** PAYMENT, EXPENSE, TRANSFER or JOURNAL. */
  target_type: string;
  contact_id: string | null;
  target_account_id: string | null;
  tax_id: string | null;
  mode: string | null;
  version: number;
  created_time: string;
  last_modified_time: string;
}
