import { useSignedIn } from '../../session/context';
import { Amount } from '../../ui/amount';
import { DataTable } from '../../ui/data-table';
import { DateText } from '../../ui/date-text';
import { Loading } from '../../ui/loading';
import { useApi } from '../../ui/use-api';
import { AccountFrame } from './account-frame';
import { StatementUpload } from './statement-upload';

/** The statements imported for an account, newest first, and the form that imports another. */
export function StatementsPage({ account_id: accountId }: { account_id: string }) {
  const { can } = useSignedIn();
  const statements = useApi((api) => api.get('/bank_accounts/{account_id}/statements', { params: { path: { account_id: accountId } } }), [accountId]);
  return (
    <AccountFrame accountId={accountId} view="statements">
      {can('Svc.banking.CREATE') && <StatementUpload accountId={accountId} onImported={statements.reload} />}
      <Loading loaded={statements}>
        {(data) => (
          <DataTable
            caption="Statements imported"
            rows={data.bank_statements}
            rowKey={(s) => s.statement_id}
            empty="No statement imported yet."
            columns={[
              { header: 'File', cell: (s) => s.file_name ?? s.statement_id },
              { header: 'Format', cell: (s) => [s.format, s.preset].filter(Boolean).join(' · ') },
              { header: 'From', cell: (s) => <DateText value={s.from_date} /> },
              { header: 'To', cell: (s) => <DateText value={s.to_date} /> },
              { header: 'Opening', numeric: true, cell: (s) => <Amount value={s.opening_balance} /> },
              { header: 'Closing', numeric: true, cell: (s) => <Amount value={s.closing_balance} /> },
              { header: 'Lines', numeric: true, cell: (s) => s.lines },
              { header: 'New', numeric: true, cell: (s) => s.new_lines },
              { header: 'Matched on import', numeric: true, cell: (s) => s.matched },
              { header: 'Imported', cell: (s) => <DateText value={s.created_time} /> },
            ]}
          />
        )}
      </Loading>
    </AccountFrame>
  );
}
