import { DateText } from '../../ui/date-text';
import { DataTable, type Column } from '../../ui/data-table';
import { journalHref } from '../links';
import { Balance, Figure } from './figure';
import { sourceLabel } from './journal-sources';
import type { Ledger, LedgerLine } from './ledger-pages';

/** A row of the ledger: its opening balance, then each line. */
type Row = { opening: Ledger } | { line: LedgerLine };

/** The line's entry in words, linking to its journal: "Bill BILL-000002", "Expense (reversal)". */
function EntryLink({ line }: { line: LedgerLine }) {
  const words = [sourceLabel(line.source), line.document_number, line.kind === 'REVERSAL' ? '(reversal)' : null].filter(Boolean).join(' ');
  return <a href={journalHref(line.journal_id)}>{words}</a>;
}

const columns: Column<Row>[] = [
  { header: 'Date', cell: (row) => 'line' in row ? <DateText value={row.line.date} /> : <DateText value={row.opening.from_date} /> },
  { header: 'Number or reference', cell: (row) => 'line' in row ? <EntryLink line={row.line} /> : null },
  {
    header: 'Narration',
    cell: (row) => 'line' in row
      ? <>{row.line.description}{row.line.contact_name && <small class="party"> · {row.line.contact_name}</small>}</>
      : <strong>Opening balance</strong>,
  },
  { header: 'Debit', numeric: true, cell: (row) => 'line' in row ? <Figure value={row.line.debit} /> : null },
  { header: 'Credit', numeric: true, cell: (row) => 'line' in row ? <Figure value={row.line.credit} /> : null },
  {
    header: 'Balance', numeric: true,
    cell: (row) => 'line' in row
      ? <Balance value={row.line.balance} side={row.line.balance_side} />
      : <Balance value={row.opening.opening_balance} side={row.opening.opening_balance_side} />,
  },
];

/** The account's opening, its lines with the running balance, and the range's totals and closing (the API's). */
export function LedgerTable({ ledger, lines }: { ledger: Ledger; lines: LedgerLine[] }) {
  const rows: Row[] = [{ opening: ledger }, ...lines.map((line) => ({ line }))];
  const footer = (
    <tr>
      <th scope="row" colSpan={3}>Totals, and closing balance at <DateText value={ledger.to_date} /></th>
      <td class="numeric"><Figure value={ledger.total_debit} /></td>
      <td class="numeric"><Figure value={ledger.total_credit} /></td>
      <td class="numeric"><Balance value={ledger.closing_balance} side={ledger.closing_balance_side} /></td>
    </tr>
  );
  return (
    <DataTable
      caption={`General ledger of ${ledger.account.account_name}`}
      columns={columns}
      rows={rows}
      rowKey={(row) => 'line' in row ? row.line.line_id : 'opening'}
      footer={footer}
    />
  );
}
