import type { LocalDate } from '../../kernel/local-date';
import type { Paise } from '../../kernel/money';

/** The file formats a statement comes in (docs/rules/banking.md, "Statements in"). */
export const STATEMENT_FORMATS = ['CSV', 'XLSX', 'OFX', 'CAMT053', 'MT940'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** IN: money into the account; OUT: money out of it. */
export type Direction = 'IN' | 'OUT';

/** One line as a statement file states it, before it is keyed and stored. */
export interface StatementLine {
  /** 1-based: the file's line (CSV), row (XLSX) or entry (OFX, camt.053, MT940), for the messages that name it. */
  line: number;
  date: LocalDate;
  valueDate: LocalDate | null;
  narration: string;
  /** UTR, cheque number or the bank's reference column. */
  reference: string | null;
  direction: Direction;
  /** Positive. */
  amount: Paise;
  /** The running balance after this line, when the file carries one. */
  balance: Paise | null;
  /** The bank's own id for the transaction (OFX `FITID`, camt.053 `AcctSvcrRef`/`NtryRef`, MT940's bank reference). */
  bankId: string | null;
}

/** A statement file read whole: its lines in the bank's order, and the balances it states. */
export interface ParsedStatement {
  format: StatementFormat;
  preset: string | null;
  /** The account the file names (number or IBAN), when it names one. */
  accountNumber: string | null;
  openingBalance: Paise | null;
  closingBalance: Paise | null;
  lines: StatementLine[];
}

/** Where a malformed statement file breaks (the parsers' and the table reader's refusals). */
export { FileReadError as StatementFileError } from '../../kernel/file-error';
