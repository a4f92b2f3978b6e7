import { FileReadError } from '../../kernel/file-error';
import type { TableRow } from '../../platform/spreadsheets/table-row';
import { cellText } from './cell-values.rules';
import { ID_COLUMNS, type KindTemplate, type TemplateColumn } from './import-templates.rules';

/** A template column found in the file: where it stands and the header the file gives it. */
export interface PlacedColumn {
  column: TemplateColumn;
  index: number;
  fileHeader: string;
}

/** A file's header row read against a template: its columns, its own id column, and the rows under it. */
export interface PlacedSheet {
  headerLine: number;
  columns: PlacedColumn[];
  idIndex: number | null;
  rows: TableRow[];
}

/** Headers compare without case, spaces or punctuation: "Invoice No." is no "invoice_no", but "GST No" is "gst_no". */
const comparable = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

const isBlank = (row: TableRow) => row.cells.every((cell) => cellText(cell) === undefined);

/**
 * Finds each template column in the header row, the file's first row that is not blank, by the
 * template's header or the one the mapping gives it (docs/rules/imports.md, "Templates"). A
 * file the run could make nothing of is refused whole, naming the row: no header, a mapping
 * naming a column the header row does not have, or a required column missing.
 */
export function placeColumns(rows: readonly TableRow[], kind: string, template: KindTemplate, mapping: Readonly<Record<string, string>>): PlacedSheet {
  const nonBlank = rows.filter((row) => !isBlank(row));
  const header = nonBlank[0];
  if (!header) throw new FileReadError('file', 'the file holds no rows');
  const where = `row ${header.line}`;
  const headers = header.cells.map((cell) => comparable(cell));
  for (const name of Object.keys(mapping)) {
    if (!template.columns.some((c) => c.header === name) && !(ID_COLUMNS as readonly string[]).includes(name)) {
      throw new FileReadError('mapping', `"${name}" is no column of the ${kind} template (GET /imports/templates/${kind})`);
    }
  }
  const columns: PlacedColumn[] = [];
  for (const column of template.columns) {
    const wanted = mapping[column.header] ?? column.header;
    const index = headers.indexOf(comparable(wanted));
    if (index < 0 && mapping[column.header] !== undefined) throw new FileReadError(where, `the mapping names "${wanted}" for ${column.header}, and the header row has no such column`);
    if (index >= 0) columns.push({ column, index, fileHeader: header.cells[index]!.trim() });
  }
  if (columns.length === 0) throw new FileReadError(where, `the header row has none of the ${kind} template's columns (GET /imports/templates/${kind}), and no mapping names them`);
  const missing = template.columns.find((c) => c.required && !columns.some((p) => p.column === c));
  if (missing) throw new FileReadError(where, `the header row has no ${missing.header} column, which every ${kind} row needs`);
  const idHeader = ID_COLUMNS.map((name) => comparable(mapping[name] ?? name)).find((name) => headers.includes(name));
  return {
    headerLine: header.line, columns,
    idIndex: idHeader === undefined ? null : headers.indexOf(idHeader),
    rows: nonBlank.slice(1),
  };
}

/** The row's cell of a template column, by its header; undefined when the file has no such column. */
export function cellOf(sheet: PlacedSheet, row: TableRow, header: string): string | undefined {
  const placed = sheet.columns.find((p) => p.column.header === header);
  return placed === undefined ? undefined : row.cells[placed.index];
}

/** "row 14" or "rows 14-17". */
export const rowsSource = (lines: readonly number[]) => (lines.length === 1 ? `row ${lines[0]}` : `rows ${lines[0]}-${lines[lines.length - 1]}`);
