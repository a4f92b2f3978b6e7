import { DataTable } from '../../ui/data-table';
import { Loading } from '../../ui/loading';
import { PageHeading } from '../../ui/page-heading';
import { useApi } from '../../ui/use-api';
import { ACCOUNT_VIEWS, accountHref, bankRulesHref } from './bank-links';
import './bank.css';

/** The organisation's BANK and CASH accounts, each with the way into its lines, statements and reconciliations. */
export function BankAccountsPage() {
  const accounts = useApi((api) => api.get('/accounts', { params: { query: { account_type: 'BANK,CASH', per_page: 200 } } }), []);
  return (
    <>
      <PageHeading title="Bank accounts"><a href={bankRulesHref}>Bank rules</a></PageHeading>
      <Loading loaded={accounts}>
        {(data) => (
          <DataTable
            caption="BANK and CASH accounts"
            rows={data.accounts}
            rowKey={(a) => a.account_id}
            empty="No BANK or CASH account yet."
            columns={[
              { header: 'Account', cell: (a) => <a href={accountHref(a.account_id, 'match')}>{a.account_name}</a> },
              { header: 'Code', cell: (a) => a.account_code ?? '' },
              { header: 'Type', cell: (a) => a.account_type },
              {
                header: 'Pages',
                cell: (a) => (
                  <span class="inline-actions">
                    {ACCOUNT_VIEWS.slice(1).map(([view, label]) => (
                      <a key={view} href={accountHref(a.account_id, view)} aria-label={`${label} of ${a.account_name}`}>{label}</a>
                    ))}
                  </span>
                ),
              },
            ]}
          />
        )}
      </Loading>
    </>
  );
}
