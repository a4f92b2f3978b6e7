import { useLocation } from 'preact-iso';
import { financialYearOf, showDate } from '../../format/dates';
import { Loading } from '../../ui/loading';
import { PageHeading } from '../../ui/page-heading';
import { usePeriod } from '../../ui/period';
import { useApi } from '../../ui/use-api';
import { comparisonOf } from './comparison';
import { DownloadButton } from '../../ui/download-button';
import { jsonAnswer } from './json-answer';
import { ReportControls } from './report-controls';
import { balanceSheetLines } from './statement-lines';
import { StatementTable } from './statement-table';

/** The ledger period behind a balance as at a date: its financial year through that date. */
const yearThrough = (date: string) => ({ from: financialYearOf(date).from, to: date });

/** The balance sheet as at the period's last day, beside the same day a year earlier if asked. */
export function BalanceSheetPage() {
  const period = usePeriod();
  const compare = comparisonOf(useLocation().query, ['previous_year']);
  const query = { date: period.to, ...(compare && { compare }) };
  const loaded = useApi(async (api) => jsonAnswer(await api.get('/reports/balance_sheet', { params: { query } })), [period.to, compare]);
  return (
    <>
      <PageHeading title="Balance sheet">
        <DownloadButton label="Download CSV" path="/reports/balance_sheet" query={{ ...query, format: 'csv' }} fileName="balance_sheet.csv" />
      </PageHeading>
      <ReportControls period={period} offered={['previous_year']} chosen={compare} />
      <p><small>The balance sheet is as at the period's last day.</small></p>
      <Loading loaded={loaded}>
        {({ balance_sheet: bs }) => (
          <StatementTable
            caption={`Balance sheet as at ${showDate(bs.date)}`}
            lines={balanceSheetLines(bs)}
            current={{ header: `As at ${showDate(bs.date)}`, ledgerPeriod: yearThrough(bs.date) }}
            previous={bs.previous_date ? { header: `As at ${showDate(bs.previous_date)}`, ledgerPeriod: yearThrough(bs.previous_date) } : undefined}
          />
        )}
      </Loading>
    </>
  );
}
