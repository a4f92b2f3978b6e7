import { formatCount } from '../../format/money';
import { useSignedIn } from '../../session/context';
import { Amount } from '../../ui/amount';
import { DataTable } from '../../ui/data-table';
import type { Period } from '../../ui/period';
import { generalLedgerHref } from '../links';
import type { DashboardFigures } from './figures';

/** Each bank and cash account's book balance at the period's end, and its lines still to match. */
export function BankPanel({ accounts, period }: { accounts: DashboardFigures['bank_accounts']; period: Period }) {
  const { can } = useSignedIn();
  return (
    <section>
      <h2>Bank and cash</h2>
      <DataTable caption="Balances and lines to match" rows={accounts} rowKey={(a) => a.account_id} columns={[
        { header: 'Account', cell: (a) => <a href={generalLedgerHref(a.account_id, period)}>{a.name}</a> },
        { header: 'Balance', numeric: true, cell: (a) => <Amount value={a.balance} /> },
        { header: 'To match', numeric: true, cell: (a) => (a.unmatched_lines > 0 && can('Svc.banking.READ')
          ? <a href={`/app/bank/${encodeURIComponent(a.account_id)}/match`} aria-label={`Match ${a.unmatched_lines} lines of ${a.name}`}>{formatCount(a.unmatched_lines)}</a>
          : formatCount(a.unmatched_lines)) },
      ]} />
    </section>
  );
}
