import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { useSignedIn } from '../../session/context';
import { Amount } from '../../ui/amount';
import { DataTable } from '../../ui/data-table';
import { DateText } from '../../ui/date-text';
import { Loading } from '../../ui/loading';
import { useApi } from '../../ui/use-api';
import { AccountFrame } from './account-frame';
import type { BankLine } from './bank-types';
import { jsonOf } from './json-answer';
import { Pager } from './pager';
import { StatusFilter, type LineStatus } from './status-filter';
import { useWrite, type Write } from './use-write';
import { WriteStatus } from './write-status';

/** Every line of an account, by status: a matched line can be unmatched, an excluded one restored. */
export function LinesPage({ account_id: accountId }: { account_id: string }) {
  const { query } = useLocation();
  const status = (query.status ?? '') as LineStatus;
  const [cursor, setCursor] = useState<string>();
  const lines = useApi(async (api) => jsonOf(await api.get('/bank_transactions', {
    params: { query: { account_id: accountId, format: 'json', per_page: 50, ...(status && { status }), ...(cursor && { cursor }) } },
  })), [accountId, status, cursor]);
  const write = useWrite();
  const { can } = useSignedIn();
  return (
    <AccountFrame accountId={accountId} view="lines">
      <StatusFilter status={status} onChange={() => setCursor(undefined)} />
      <WriteStatus write={write} />
      <Loading loaded={lines}>
        {(data) => (
          <>
            <DataTable
              caption={`Lines${status ? `, ${status}` : ''}, in the bank's order`}
              rows={data.bank_transactions}
              rowKey={(l) => l.bank_transaction_id}
              empty="No line of this status."
              columns={[
                { header: 'Date', cell: (l) => <DateText value={l.date} /> },
                { header: 'Narration', cell: (l) => l.narration },
                { header: 'Reference', cell: (l) => l.reference ?? '' },
                { header: 'Money out', numeric: true, cell: (l) => l.direction === 'OUT' ? <Amount value={l.amount} /> : '' },
                { header: 'Money in', numeric: true, cell: (l) => l.direction === 'IN' ? <Amount value={l.amount} /> : '' },
                { header: 'Balance', numeric: true, cell: (l) => <Amount value={l.balance} /> },
                { header: 'Status', cell: (l) => l.status + (l.exclude_reason ? `: ${l.exclude_reason}` : '') + (l.reconciliation_id ? ' (reconciled)' : '') },
                { header: 'Action', cell: (l) => can('Svc.banking.UPDATE') && <LineAction line={l} write={write} onDone={lines.reload} /> },
              ]}
            />
            <Pager next={data.page_context.next_cursor ?? undefined} onPage={setCursor} atStart={cursor === undefined} />
          </>
        )}
      </Loading>
    </AccountFrame>
  );
}

/** The one thing a line's status lets a person undo: its match, or its exclusion. */
function LineAction({ line, write, onDone }: { line: BankLine; write: Write; onDone: () => void }) {
  const path = { params: { path: { bank_transaction_id: line.bank_transaction_id } } };
  if (line.reconciliation_id) return null;
  if (line.status === 'MATCHED') {
    return <button type="button" class="secondary" disabled={write.busy} onClick={() => void write.run((api) => api.delete('/bank_transactions/{bank_transaction_id}/match', path), onDone)}>Unmatch</button>;
  }
  if (line.status === 'EXCLUDED') {
    return <button type="button" class="secondary" disabled={write.busy} onClick={() => void write.run((api) => api.post('/bank_transactions/{bank_transaction_id}/restore', path), onDone)}>Restore</button>;
  }
  return null;
}
