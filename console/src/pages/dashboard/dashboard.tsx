import './dashboard.css';
import { showMonth } from '../../format/dates';
import { Loading } from '../../ui/loading';
import { PageHeading } from '../../ui/page-heading';
import { PeriodPicker, usePeriod } from '../../ui/period';
import { useApi } from '../../ui/use-api';
import { AgeingPanel } from './ageing-panel';
import { BankPanel } from './bank-panel';
import { MonthsPanel } from './months-panel';
import { Tiles } from './tiles';
import { WaitingPanel } from './waiting-panel';

/** The month at a glance: every figure computed by the server (GET /reports/dashboard) for the chosen period. */
export function Dashboard() {
  const period = usePeriod();
  const loaded = useApi((api) => api.get('/reports/dashboard', { params: { query: { from_date: period.from, to_date: period.to } } }), [period.from, period.to]);
  return (
    <>
      <PageHeading title="Dashboard" />
      <PeriodPicker period={period} />
      <Loading loaded={loaded}>
        {({ dashboard }) => (
          <>
            <Tiles dashboard={dashboard} period={period} />
            <MonthsPanel months={dashboard.months} label={showMonth} />
            <div class="grid">
              <AgeingPanel title="Receivables by days past due" ageing={dashboard.receivables} />
              <AgeingPanel title="Payables by days past due" ageing={dashboard.payables} />
            </div>
            <div class="grid">
              <WaitingPanel waiting={dashboard.waiting} />
              <BankPanel accounts={dashboard.bank_accounts} period={period} />
            </div>
          </>
        )}
      </Loading>
    </>
  );
}
