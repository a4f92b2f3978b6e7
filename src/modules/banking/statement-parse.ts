import { parseCamt053, parseMt940, parseOfx } from './formats';
import { csvRows } from '../../platform/spreadsheets/csv-rows';
import { statementFormatOf } from './statement-format.rules';
import type { TableRow } from '../../platform/spreadsheets/table-row';
import { readTable, type TableReading } from './statement-table.reader';
import { xlsxRows } from '../../platform/spreadsheets/xlsx-rows';
import { StatementFileError, type ParsedStatement, type StatementFormat } from './statement.types';

/** What the upload says about its file besides the bytes. */
export interface StatementOptions extends TableReading {
  format?: StatementFormat;
  fileName?: string | null;
}

/** A format's reader: the pure parsers of OFX, camt.053 and MT940 take the bytes alone. */
type Reader = (bytes: Buffer, options: StatementOptions) => ParsedStatement | Promise<ParsedStatement>;

/** A spreadsheet format: its rows, read as a statement table with the preset or mapping. */
const tableReader = (format: 'CSV' | 'XLSX', rowsOf: (bytes: Buffer) => TableRow[] | Promise<TableRow[]>): Reader => async (bytes, options) => {
  const { preset, openingBalance, lines } = readTable(await rowsOf(bytes), options);
  return { format, preset, accountNumber: null, openingBalance, closingBalance: null, lines };
};

/** The reader of each format: one line each. */
const READERS: Record<StatementFormat, Reader> = {
  CSV: tableReader('CSV', csvRows),
  XLSX: tableReader('XLSX', xlsxRows),
  OFX: parseOfx,
  CAMT053: parseCamt053,
  MT940: parseMt940,
};

/**
 * Reads a statement file whole (docs/rules/banking.md, "Statements in"): its format named or
 * found (statement-format.rules.ts), then that format's reader. A file that cannot be read is a
 * StatementFileError naming where.
 */
export async function parseStatement(bytes: Buffer, options: StatementOptions): Promise<ParsedStatement> {
  if (bytes.length === 0) throw new StatementFileError('file', 'the file is empty');
  const format = statementFormatOf(bytes, options.fileName ?? null, options.format);
  if (typeof format !== 'string') throw new StatementFileError('file', format.problem);
  return READERS[format](bytes, options);
}
