import type { TableRow } from '../../platform/spreadsheets/table-row';
import { cellText, cellValue, stateOfGstin } from './cell-values.rules';
import { TEMPLATES } from './import-templates.rules';
import type { ImportKind, ImportUnit } from './import-unit';
import { openingBalancesUnit } from './opening-balances-sheet.rules';
import { cellOf, placeColumns, rowsSource, type PlacedSheet } from './sheet-columns.rules';

/**
 * A spreadsheet of one kind read into the units to create (docs/rules/imports.md, "Rows and
 * documents"). Rows sharing the kind's document-key column are one document, its header fields
 * from the first of them and a line from each; a row whose key is blank continues the document
 * above it. Throws FileReadError for a file the run could make nothing of.
 */
export function sheetUnits(rows: readonly TableRow[], kind: ImportKind, mapping: Readonly<Record<string, string>> = {}): ImportUnit[] {
  const template = TEMPLATES[kind];
  const sheet = placeColumns(rows, kind, template, mapping);
  if (kind === 'opening_balances') return sheet.rows.length === 0 ? [] : [openingBalancesUnit(sheet)];
  return groupRows(sheet, template.groupBy).map((group) => unitOf(sheet, kind, group));
}

function groupRows(sheet: PlacedSheet, groupBy: string | undefined): TableRow[][] {
  if (groupBy === undefined) return sheet.rows.map((row) => [row]);
  const groups = new Map<string, TableRow[]>();
  let current: TableRow[] | null = null;
  for (const row of sheet.rows) {
    const key = cellText(cellOf(sheet, row, groupBy));
    if (key === undefined && current) {
      current.push(row);
      continue;
    }
    const id = key ?? `row ${row.line}`;
    current = groups.get(id) ?? [];
    groups.set(id, current);
    current.push(row);
  }
  return [...groups.values()];
}

function unitOf(sheet: PlacedSheet, kind: ImportKind, rows: TableRow[]): ImportUnit {
  const template = TEMPLATES[kind];
  const body: Record<string, unknown> = { ...template.fixed };
  const columns: Record<string, string> = {};
  for (const [position, row] of rows.entries()) {
    const lineFields: Record<string, Record<string, unknown>> = {};
    for (const { column, index, fileHeader } of sheet.columns) {
      if (column.field === '') continue;
      columns[column.field] = fileHeader;
      const value = cellValue(row.cells[index], column.cell);
      const line = /^(\w+)\[\]\.(\w+)$/.exec(column.field);
      if (line) {
        if (value !== undefined) (lineFields[line[1]!] ??= {})[line[2]!] = value;
      } else if (position === 0 && value !== undefined) {
        setPath(body, column.field, value);
      }
    }
    for (const [list, fields] of Object.entries(lineFields)) ((body[list] ??= []) as unknown[]).push(fields);
  }
  completeBody(kind, body);
  const first = rows[0]!;
  return { kind, key: rowKey(sheet, kind, first), source: rowsSource(rows.map((r) => r.line)), row: first.line, body, columns };
}

/** `billing_address.city` → body.billing_address.city. */
function setPath(body: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let at = body;
  for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
  at[parts[parts.length - 1]!] = value;
}

/** A contact whose state is blank is in its GSTIN's state. */
function completeBody(kind: ImportKind, body: Record<string, unknown>): void {
  if (kind !== 'contacts') return;
  const state = stateOfGstin(body.gst_no);
  const address = body.billing_address as Record<string, unknown> | undefined;
  if (state !== undefined && address !== undefined && address.state_code === undefined) address.state_code = state;
}

/**
 * The row key (docs/rules/imports.md, "Row keys"): the file's own id column when it has one,
 * else the document key, else the record's natural name (case aside).
 */
function rowKey(sheet: PlacedSheet, kind: ImportKind, row: TableRow): string {
  const template = TEMPLATES[kind];
  const own = sheet.idIndex === null ? undefined : cellText(row.cells[sheet.idIndex]);
  if (own !== undefined) return `id:${own}`;
  const documentKey = template.groupBy === undefined ? undefined : cellText(cellOf(sheet, row, template.groupBy));
  if (documentKey !== undefined) return documentKey;
  const natural = (template.naturalKey ?? []).map((header) => cellText(cellOf(sheet, row, header))?.toUpperCase() ?? '');
  return natural.some((part) => part !== '') ? natural.join('|') : `row ${row.line}`;
}
