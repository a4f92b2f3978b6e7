import { useSignedIn } from '../../session/context';
import { Amount } from '../../ui/amount';
import { DataTable } from '../../ui/data-table';
import { DateText } from '../../ui/date-text';
import { Loading } from '../../ui/loading';
import { useApi } from '../../ui/use-api';
import { AccountFrame } from './account-frame';
import type { ReconciliationSummary } from './bank-types';
import { ReconciliationForm } from './reconciliation-form';
import { useWrite, type Write } from './use-write';
import { WriteStatus } from './write-status';

/**
 * An account's reconciliations to its statements: the open one's cleared balance and difference
 * as the server works them out, closed at a difference of 0, and the latest closed one reopened.
 */
export function ReconciliationsPage({ account_id: accountId }: { account_id: string }) {
  const { can } = useSignedIn();
  const list = useApi((api) => api.get('/bank_accounts/{account_id}/reconciliations', { params: { path: { account_id: accountId } } }), [accountId]);
  const write = useWrite();
  return (
    <AccountFrame accountId={accountId} view="reconciliations">
      {can('Svc.banking.CREATE') && <ReconciliationForm accountId={accountId} write={write} onSaved={list.reload} />}
      <WriteStatus write={write} />
      <Loading loaded={list}>
        {(data) => {
          const latestClosed = data.reconciliations.filter((r) => r.status === 'CLOSED')
            .reduce<ReconciliationSummary | undefined>((latest, r) => (!latest || r.statement_date > latest.statement_date ? r : latest), undefined);
          return (
            <DataTable
              caption="Reconciliations"
              rows={data.reconciliations}
              rowKey={(r) => r.reconciliation_id}
              empty="No reconciliation yet: start one with the statement's date and closing balance."
              columns={[
                { header: 'Statement date', cell: (r) => <DateText value={r.statement_date} /> },
                { header: 'Status', cell: (r) => r.status },
                { header: 'Closing balance', numeric: true, cell: (r) => <Amount value={r.closing_balance} /> },
                { header: 'Cleared balance', numeric: true, cell: (r) => <Amount value={r.cleared_balance} /> },
                { header: 'Difference', numeric: true, cell: (r) => <Amount value={r.difference} /> },
                { header: 'Lines', numeric: true, cell: (r) => r.line_count },
                {
                  header: 'Action',
                  cell: (r) => can('Svc.banking.UPDATE') && (
                    <ReconciliationAction reconciliation={r} reopenable={r === latestClosed} write={write} onDone={list.reload} />
                  ),
                },
              ]}
            />
          );
        }}
      </Loading>
    </AccountFrame>
  );
}

/** Close an open reconciliation at a difference of 0, or reopen the latest closed one. */
function ReconciliationAction({ reconciliation: r, reopenable, write, onDone }: { reconciliation: ReconciliationSummary; reopenable: boolean; write: Write; onDone: () => void }) {
  const path = { params: { path: { account_id: r.account_id, bank_reconciliation_id: r.reconciliation_id } } };
  if (r.status === 'OPEN') {
    if (r.difference !== 0) return <small>Closes at a difference of ₹0.00</small>;
    return <button type="button" disabled={write.busy} onClick={() => void write.run((api) => api.post('/bank_accounts/{account_id}/reconciliations/{bank_reconciliation_id}/close', path), onDone)}>Close</button>;
  }
  if (!reopenable) return null;
  return <button type="button" class="secondary" disabled={write.busy} onClick={() => void write.run((api) => api.post('/bank_accounts/{account_id}/reconciliations/{bank_reconciliation_id}/reopen', path), onDone)}>Reopen</button>;
}
