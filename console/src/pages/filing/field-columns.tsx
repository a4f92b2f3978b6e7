import { formatCount } from '../../format/money';
import { Amount } from '../../ui/amount';
import { DataTable, type Column } from '../../ui/data-table';
import { DateText } from '../../ui/date-text';
import type { FlatRow } from './flat-rows';
import { isoFromPortalDate } from './return-period';

/**
 * How a field of a return is shown: rupees, a portal date (DD-MM-YYYY), a count or rate, or text;
 * a label is text the console puts beside the portal's fields (a table's name), so no field name is shown for it.
 */
export type FieldKind = 'rupees' | 'date' | 'number' | 'text' | 'label';

/** A column of a return's table: the portal's field, a heading a person reads, and its kind. */
export type Field = [key: string, header: string, kind?: FieldKind];

function shown(value: string | number | undefined, kind: FieldKind) {
  if (value === undefined) return '';
  if (kind === 'rupees') return <Amount value={Number(value)} />;
  if (kind === 'date') return <DateText value={isoFromPortalDate(String(value))} />;
  if (kind === 'number') return typeof value === 'number' ? formatCount(value) : value;
  return value;
}

/** A row and its place in the table, which is its key: a return's rows have no id of their own. */
interface Placed { place: number; row: FlatRow }

/** DataTable columns for the fields, each headed by its name and the portal's field (when that differs). */
function fieldColumns(fields: readonly Field[]): Column<Placed>[] {
  return fields.map(([key, header, kind = 'text']) => ({
    header: kind === 'label' || header.toLowerCase() === key ? header : `${header} (${key})`,
    numeric: kind === 'rupees' || kind === 'number',
    cell: ({ row }: Placed) => shown(row[key], kind),
  }));
}

/** The footer's row of totals the API gave, under the fields it has a total for, labelled in the first cell. */
function TotalsRow({ fields, totals }: { fields: readonly Field[]; totals: FlatRow }) {
  return (
    <tr>
      {fields.map(([key, , kind = 'text'], i) => (
        i === 0 ? <th scope="row">Total</th> : <td class={kind === 'rupees' ? 'numeric' : undefined}>{shown(totals[key], kind)}</td>
      ))}
    </tr>
  );
}

/** A table of a return: its rows as the API gave them, one column per field, and the API's totals if it gave some. */
export function ReturnTable({ caption, fields, rows, totals, empty }: {
  caption: string; fields: readonly Field[]; rows: readonly FlatRow[]; totals?: FlatRow; empty?: string;
}) {
  return (
    <DataTable
      caption={caption} columns={fieldColumns(fields)} rows={rows.map((row, place) => ({ place, row }))}
      rowKey={({ place }) => String(place)} {...(empty !== undefined && { empty })}
      footer={totals && <TotalsRow fields={fields} totals={totals} />}
    />
  );
}

/** The tax columns every table of a return ends with. */
export const TAX_FIELDS: readonly Field[] = [
  ['txval', 'Taxable value', 'rupees'], ['iamt', 'IGST', 'rupees'], ['camt', 'CGST', 'rupees'], ['samt', 'SGST', 'rupees'], ['csamt', 'Cess', 'rupees'],
];
