import { InvalidInputError, readSheet } from 'read-excel-file/node';
import { FileReadError } from '../../kernel/file-error';
import type { TableRow } from './table-row';
import { assertSafeArchive } from './xlsx-archive';

/**
 * The rows of an XLSX workbook's first sheet (read-excel-file), each with its row number.
 * Numbers are kept as the text the file stores, so amounts reach paise without a binary
 * fraction; a date cell becomes YYYY-MM-DD; a formula's stored result is read, never run.
 * The archive is checked first (xlsx-archive.ts).
 */
export async function xlsxRows(bytes: Buffer): Promise<TableRow[]> {
  assertSafeArchive(bytes);
  let data: unknown[][];
  try {
    data = await readSheet(bytes, { parseNumber: (text: string) => text }) as unknown[][];
  } catch (error) {
    const reason = error instanceof InvalidInputError ? 'it is not an XLSX workbook' : 'its sheet cannot be read';
    throw new FileReadError('file', `the XLSX file was refused: ${reason}`);
  }
  return data.map((cells, i) => ({ line: i + 1, cells: cells.map(cellText) }));
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  // A date cell is a calendar day; the reader gives it as midnight UTC.
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell);
}
