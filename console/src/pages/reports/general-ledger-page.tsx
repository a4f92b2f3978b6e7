import { useLocation } from 'preact-iso';
import { ErrorNote } from '../../ui/error-note';
import { Loading } from '../../ui/loading';
import { PageHeading } from '../../ui/page-heading';
import { usePeriod, type Period } from '../../ui/period';
import { AccountChooser } from './account-chooser';
import { DownloadButton } from '../../ui/download-button';
import { LedgerTable } from './ledger-table';
import { useLedgerPages } from './ledger-pages';
import { ReportControls } from './report-controls';

/** One account's ledger for the period, with a "Load more" while the API has further pages. */
function AccountLedger({ accountId, period }: { accountId: string; period: Period }) {
  const { first, lines, hasMore, loadMore, more } = useLedgerPages(accountId, period);
  return (
    <Loading loaded={first}>
      {({ general_ledger: ledger }) => (
        <>
          <LedgerTable ledger={ledger} lines={lines} />
          {hasMore && (
            <button type="button" class="secondary" aria-busy={more.busy ? 'true' : 'false'} disabled={more.busy} onClick={() => void loadMore()}>
              Load more
            </button>
          )}
          <ErrorNote error={more.error} />
        </>
      )}
    </Loading>
  );
}

/** The general ledger: choose an account, see its opening, lines and running balance, and closing. */
export function GeneralLedgerPage() {
  const period = usePeriod();
  const accountId = useLocation().query.account_id || undefined;
  return (
    <>
      <PageHeading title="General ledger">
        {accountId && (
          <DownloadButton
            label="Download CSV" path="/reports/general_ledger" fileName="general_ledger.csv"
            query={{ account_id: accountId, from_date: period.from, to_date: period.to, format: 'csv' }}
          />
        )}
      </PageHeading>
      <ReportControls period={period}><AccountChooser chosen={accountId} /></ReportControls>
      {accountId ? <AccountLedger accountId={accountId} period={period} /> : <p>Choose an account to see its ledger.</p>}
    </>
  );
}
