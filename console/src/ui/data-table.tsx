import type { ComponentChildren } from 'preact';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ComponentChildren;
  /** Amounts and counts: right-aligned, figures in even widths. */
  numeric?: boolean;
}

/**
 * A table in a box of its own that scrolls sideways when it is wider than the page, so the page
 * itself never does (at 390 px too). The box is focusable and named, so a keyboard can scroll it.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, footer, empty = 'Nothing to show.' }: {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  footer?: ComponentChildren;
  empty?: string;
}) {
  return (
    <div class="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table class="striped">
        <caption>{caption}</caption>
        <thead>
          <tr>{columns.map((c) => <th scope="col" class={c.numeric ? 'numeric' : undefined}>{c.header}</th>)}</tr>
        </thead>
        <tbody>
          {rows.length === 0 && <tr><td colSpan={columns.length}>{empty}</td></tr>}
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => <td class={c.numeric ? 'numeric' : undefined}>{c.cell(row)}</td>)}
            </tr>
          ))}
        </tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </table>
    </div>
  );
}
