import { createHash } from 'node:crypto';
import type { TableRow } from '../../platform/spreadsheets/table-row';
import { cellText, cellValue } from './cell-values.rules';
import type { ImportUnit } from './import-unit';
import { rowsSource, type PlacedSheet } from './sheet-columns.rules';

type Fields = Record<string, unknown>;

/** Where each row type's cells go in the opening balances body, by the template column's header. */
const ROW_FIELDS: Readonly<Record<string, readonly (readonly [header: string, field: string])[]>> = {
  ACCOUNT: [['account', 'account_id'], ['debit', 'debit'], ['credit', 'credit']],
  DOCUMENT: [['contact', 'contact_id'], ['number', 'number'], ['date', 'date'], ['due_date', 'due_date'], ['place_of_supply', 'place_of_supply'], ['total', 'total'], ['open_amount', 'open_amount']],
  TAX: [['rate', 'rate'], ['taxable_value', 'taxable_value'], ['igst', 'igst'], ['cgst', 'cgst'], ['sgst', 'sgst'], ['cess', 'cess']],
  ADVANCE: [['party_type', 'type'], ['contact', 'contact_id'], ['amount', 'amount'], ['date', 'date'], ['reference', 'reference']],
};

/**
 * The whole opening balances sheet as one body (docs/rules/opening-balances.md; docs/rules/imports.md,
 * "Opening balances"): ACCOUNT rows are account balances, INVOICE and BILL rows open items (rows of
 * one number are its rates), ADVANCE rows advances. Its row key is the sheet's content, so the same
 * file is not set twice while a corrected one replaces the balances.
 */
export function openingBalancesUnit(sheet: PlacedSheet): ImportUnit {
  const accounts: Fields[] = [];
  const openItems = new Map<string, Fields>();
  const advances: Fields[] = [];
  const columns: Record<string, string> = {};
  const read = (row: TableRow, group: keyof typeof ROW_FIELDS, list: string): Fields => {
    const fields: Fields = {};
    for (const [header, field] of ROW_FIELDS[group]!) {
      const placed = sheet.columns.find((p) => p.column.header === header);
      if (!placed) continue;
      columns[`${list}.${field}`] = placed.fileHeader;
      const value = cellValue(row.cells[placed.index], placed.column.cell);
      if (value !== undefined) fields[field] = value;
    }
    return fields;
  };
  for (const row of sheet.rows) {
    const typeColumn = sheet.columns.find((p) => p.column.header === 'type')!;
    const type = cellText(row.cells[typeColumn.index])?.toUpperCase() ?? '';
    if (type === 'ACCOUNT') accounts.push(read(row, 'ACCOUNT', 'accounts[]'));
    else if (type === 'ADVANCE') advances.push(read(row, 'ADVANCE', 'advances[]'));
    else {
      // An unknown type is left on an open item, for the body's validation to name.
      const document = read(row, 'DOCUMENT', 'open_items[]');
      const id = `${type}|${String(document.number ?? `row ${row.line}`)}`;
      const item = openItems.get(id) ?? { type, ...document };
      openItems.set(id, item);
      const tax = read(row, 'TAX', 'open_items[].taxes[]');
      if (Object.keys(tax).length > 0) ((item.taxes ??= []) as Fields[]).push(tax);
    }
  }
  const body = { accounts, open_items: [...openItems.values()], advances };
  const key = `sha256:${createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 32)}`;
  return { kind: 'opening_balances', key, source: rowsSource(sheet.rows.map((r) => r.line)), row: sheet.rows[0]!.line, body, columns };
}
