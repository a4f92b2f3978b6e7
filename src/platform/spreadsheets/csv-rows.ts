import { CsvError, parse } from 'csv-parse/sync';
import { FileReadError } from '../../kernel/file-error';
import type { TableRow } from './table-row';

/** A record longer than this is refused by the parser before it is held whole: no statement line or import row comes near it. */
const MAX_RECORD_BYTES = 64 * 1024;

/** Control characters no spreadsheet's text holds (tab, CR and LF aside): their presence means the file is not text. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A spreadsheet's way of keeping leading zeros in a CSV (`="000123"`): the text inside, not a formula. */
const QUOTED_TEXT = /^="(.*)"$/s;

/**
 * The rows of a CSV file (a bank statement, an import) (csv-parse: RFC 4180 quoting, a BOM dropped, rows of any width),
 * each with the file line it starts on. The file must be UTF-8 text; an unclosed quote or an
 * oversized record refuses it, naming the line.
 */
export function csvRows(bytes: Buffer): TableRow[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new FileReadError('file', 'the file is not UTF-8 text: send a CSV saved as UTF-8, or the XLSX workbook itself');
  }
  const control = CONTROL.exec(text);
  if (control) throw new FileReadError(`line ${text.slice(0, control.index).split('\n').length}`, 'the file holds control characters: it is not a CSV file');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, relax_column_count: true, info: true, max_record_size: MAX_RECORD_BYTES }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) throw new FileReadError(`line ${(error as CsvError & { lines?: number }).lines ?? 1}`, csvProblem(error.code));
    throw error;
  }
  let next = 1;
  return records.map(({ record, info }) => {
    const row = { line: next, cells: record.map((cell) => QUOTED_TEXT.exec(cell)?.[1] ?? cell) };
    next = info.lines + 1;
    return row;
  });
}

function csvProblem(code: string): string {
  if (code === 'CSV_QUOTE_NOT_CLOSED') return 'the file ends inside a quoted cell: a quote is never closed';
  if (code === 'CSV_MAX_RECORD_SIZE') return `a line is longer than ${MAX_RECORD_BYTES} bytes`;
  if (code === 'INVALID_OPENING_QUOTE' || code === 'CSV_INVALID_CLOSING_QUOTE') return 'a quote stands inside an unquoted cell, or text follows a closing quote';
  return `the CSV cannot be read (${code})`;
}
