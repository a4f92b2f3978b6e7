import { useLocation } from 'preact-iso';
import { Loading } from '../../ui/loading';
import { PageHeading } from '../../ui/page-heading';
import { usePeriod } from '../../ui/period';
import { useApi } from '../../ui/use-api';
import { comparisonOf } from './comparison';
import { DownloadButton } from '../../ui/download-button';
import { jsonAnswer } from './json-answer';
import { periodLabel } from './period-label';
import { ReportControls } from './report-controls';
import { profitAndLossLines } from './statement-lines';
import { StatementTable } from './statement-table';

/** The statement of profit and loss for the period, beside a compared one if asked. */
export function ProfitAndLossPage() {
  const period = usePeriod();
  const compare = comparisonOf(useLocation().query);
  const query = { from_date: period.from, to_date: period.to, ...(compare && { compare }) };
  const loaded = useApi(async (api) => jsonAnswer(await api.get('/reports/profit_and_loss', { params: { query } })), [period.from, period.to, compare]);
  return (
    <>
      <PageHeading title="Profit and loss">
        <DownloadButton label="Download CSV" path="/reports/profit_and_loss" query={{ ...query, format: 'csv' }} fileName="profit_and_loss.csv" />
      </PageHeading>
      <ReportControls period={period} offered={['previous_period', 'previous_year']} chosen={compare} />
      <Loading loaded={loaded}>
        {({ profit_and_loss: pl }) => {
          const previous = pl.previous_from_date && pl.previous_to_date ? { from: pl.previous_from_date, to: pl.previous_to_date } : undefined;
          const current = { from: pl.from_date, to: pl.to_date };
          return (
            <StatementTable
              caption={`Statement of profit and loss, ${periodLabel(current)}`}
              lines={profitAndLossLines(pl)}
              current={{ header: periodLabel(current), ledgerPeriod: current }}
              previous={previous && { header: periodLabel(previous), ledgerPeriod: previous }}
            />
          );
        }}
      </Loading>
    </>
  );
}
