import type { components } from '@bahi/sdk';
import { monthOf } from '../../format/dates';
import { DataTable, type Column } from '../../ui/data-table';
import { generalLedgerHref } from '../links';
import type { Account } from './accounts';
import { Figure } from './figure';
import { accountLabel } from './statement-lines';

export type Journal = components['schemas']['Journal'];
type JournalLine = Journal['lines'][number];

/**
 * A journal's lines: each account (linking to its ledger for the entry's month), debit and credit,
 * and the entry's total on both sides. An account the chart no longer lists shows by its id.
 */
export function JournalLinesTable({ journal, accounts }: { journal: Journal; accounts: ReadonlyMap<string, Account> }) {
  const month = monthOf(journal.date);
  const columns: Column<JournalLine>[] = [
    {
      header: 'Account',
      cell: (line) => {
        const account = accounts.get(line.account_id);
        return <a href={generalLedgerHref(line.account_id, month)}>{account ? accountLabel(account) : line.account_id}</a>;
      },
    },
    { header: 'Description', cell: (line) => line.description },
    { header: 'Debit', numeric: true, cell: (line) => <Figure value={line.debit} /> },
    { header: 'Credit', numeric: true, cell: (line) => <Figure value={line.credit} /> },
  ];
  const footer = (
    <tr>
      <th scope="row" colSpan={2}>Total</th>
      <td class="numeric"><Figure value={journal.total} /></td>
      <td class="numeric"><Figure value={journal.total} /></td>
    </tr>
  );
  return (
    <DataTable
      caption="Lines of the entry"
      columns={columns}
      rows={journal.lines}
      rowKey={(line) => `${journal.lines.indexOf(line)}`}
      footer={footer}
    />
  );
}
