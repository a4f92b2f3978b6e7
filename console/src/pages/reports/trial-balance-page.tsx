import type { BahiClient } from '@bahi/sdk';
import { useLocation } from 'preact-iso';
import { Loading } from '../../ui/loading';
import { PageHeading } from '../../ui/page-heading';
import { usePeriod, type Period } from '../../ui/period';
import { useApi } from '../../ui/use-api';
import { comparedPeriod, comparisonOf } from './comparison';
import { DownloadButton } from '../../ui/download-button';
import { jsonAnswer } from './json-answer';
import { ReportControls } from './report-controls';
import { TrialBalanceTable, type TrialBalancePeriod } from './trial-balance-table';

async function trialBalanceOf(api: BahiClient, period: Period): Promise<TrialBalancePeriod> {
  const { trial_balance } = jsonAnswer(await api.get('/reports/trial_balance', { params: { query: { from_date: period.from, to_date: period.to } } }));
  return { period, answer: trial_balance };
}

/** Every account's opening, movements and closing over the period, beside a compared period's closing if asked. */
export function TrialBalancePage() {
  const period = usePeriod();
  const compare = comparisonOf(useLocation().query);
  const loaded = useApi(async (api) => {
    const [current, previous] = await Promise.all([
      trialBalanceOf(api, period),
      compare ? trialBalanceOf(api, comparedPeriod(period, compare)) : undefined,
    ]);
    return { current, previous };
  }, [period.from, period.to, compare]);
  return (
    <>
      <PageHeading title="Trial balance">
        <DownloadButton label="Download CSV" path="/reports/trial_balance" query={{ from_date: period.from, to_date: period.to, format: 'csv' }} fileName="trial_balance.csv" />
      </PageHeading>
      <ReportControls period={period} offered={['previous_period', 'previous_year']} chosen={compare} />
      <Loading loaded={loaded}>{(both) => <TrialBalanceTable {...both} />}</Loading>
    </>
  );
}
