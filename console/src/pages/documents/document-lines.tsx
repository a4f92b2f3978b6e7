import { DataTable, type Column } from '../../ui/data-table';
import { DocumentAmount } from './document-amount';
import type { Kind, Row } from './kind';
import { numberField, rowsField, textField } from './row-fields';

/** A line's quantity and unit ("50 PCS"): a count, not money. */
const quantityOf = (line: Row) => {
  const quantity = numberField(line, 'quantity');
  return quantity === undefined ? '' : `${quantity}${textField(line, 'unit') ? ` ${textField(line, 'unit')}` : ''}`;
};

/** The document's lines: what, how many, at what rate, the taxable value and the tax on it. */
export function DocumentLines({ kind, doc }: { kind: Kind; doc: Row }) {
  const lines = rowsField(doc, 'line_items');
  if (lines.length === 0) return null;
  const currency = kind.currency?.(doc);
  const amount = (key: string) => (line: Row) => <DocumentAmount value={numberField(line, key)} currency={currency} />;
  const columns: Column<Row>[] = [
    { header: 'Item', cell: (line) => textField(line, 'name') ?? textField(line, 'note') ?? textField(line, 'description') ?? '' },
    { header: 'HSN/SAC', cell: (line) => textField(line, 'hsn_or_sac') ?? '' },
    { header: 'Quantity', numeric: true, cell: quantityOf },
    { header: 'Rate', numeric: true, cell: (line) => (numberField(line, 'rate') === undefined ? '' : amount('rate')(line)) },
    { header: 'Taxable value', numeric: true, cell: amount('item_total') },
    { header: 'GST rate', numeric: true, cell: (line) => `${numberField(line, 'tax_percentage') ?? 0}%` },
    { header: 'Tax', numeric: true, cell: amount('tax_amount') },
  ];
  return <DataTable caption="Lines" columns={columns} rows={lines} rowKey={(line) => String(line.line_item_id)} />;
}
