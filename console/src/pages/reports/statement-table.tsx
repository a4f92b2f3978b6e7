import { DataTable, type Column } from '../../ui/data-table';
import { withPeriod, type Period } from '../../ui/period';
import { generalLedgerHref } from '../links';
import { Figure } from './figure';
import { partAnchor, type LineLink, type StatementLine } from './statement-lines';

export interface StatementColumn {
  header: string;
  /** The period whose ledger an account's figure in this column links to (and whose profit and loss). */
  ledgerPeriod: Period;
}

function hrefOf(link: LineLink | undefined, period: Period): string | null {
  if (!link) return null;
  if ('account' in link) return generalLedgerHref(link.account, period);
  if ('part' in link) return `#${partAnchor(link.part)}`;
  return withPeriod('/app/reports/profit-and-loss', period);
}

/**
 * A financial statement's rows in one table: its own period's figures and, when compared, the
 * other period's beside them. Each figure of an account (or of a line of one account) links to
 * that account's general ledger for the column's period; a total of several lines, to their heading.
 */
export function StatementTable({ caption, lines, current, previous }: {
  caption: string;
  lines: StatementLine[];
  current: StatementColumn;
  previous?: StatementColumn | undefined;
}) {
  const figureColumn = (column: StatementColumn, pick: (line: StatementLine) => number | null | undefined): Column<StatementLine> => ({
    header: column.header,
    numeric: true,
    cell: (line) => line.figure && (
      <Figure value={pick(line)} href={hrefOf(line.link, column.ledgerPeriod)} />
    ),
  });
  const columns: Column<StatementLine>[] = [
    {
      header: 'Line',
      cell: (line) => <span class={`statement-${line.level}`} id={line.level === 'heading' ? partAnchor(line.key) : undefined}>{line.label}</span>,
    },
    figureColumn(current, (line) => line.figure?.amount),
    ...(previous ? [figureColumn(previous, (line) => line.figure?.previous_amount)] : []),
  ];
  return <DataTable caption={caption} columns={columns} rows={lines} rowKey={(line) => line.key} />;
}
