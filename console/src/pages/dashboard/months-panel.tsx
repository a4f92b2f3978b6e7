import { Amount } from '../../ui/amount';
import { BarChart } from '../../ui/bar-chart';
import { DataTable } from '../../ui/data-table';
import type { DashboardFigures } from './figures';

type Month = DashboardFigures['months'][number];

/** Sales against purchases, and cash in against out, month by month: two charts and the figures they draw. */
export function MonthsPanel({ months, label }: { months: Month[]; label: (yearMonth: string) => string }) {
  const labels = months.map((m) => label(m.month));
  return (
    <section aria-labelledby="months-heading">
      <h2 id="months-heading">Month by month</h2>
      <div class="grid">
        <BarChart title="Sales and purchases" labels={labels} series={[
          { name: 'Sales', values: months.map((m) => m.sales), tone: 'a' },
          { name: 'Purchases', values: months.map((m) => m.purchases), tone: 'b' },
        ]} />
        <BarChart title="Cash in and out" labels={labels} series={[
          { name: 'In', values: months.map((m) => m.cash_in), tone: 'c' },
          { name: 'Out', values: months.map((m) => m.cash_out), tone: 'd' },
        ]} />
      </div>
      <DataTable caption="Sales, purchases and cash by month" rows={months} rowKey={(m) => m.month} columns={[
        { header: 'Month', cell: (m) => label(m.month) },
        { header: 'Sales', numeric: true, cell: (m) => <Amount value={m.sales} /> },
        { header: 'Purchases', numeric: true, cell: (m) => <Amount value={m.purchases} /> },
        { header: 'Cash in', numeric: true, cell: (m) => <Amount value={m.cash_in} /> },
        { header: 'Cash out', numeric: true, cell: (m) => <Amount value={m.cash_out} /> },
      ]} />
    </section>
  );
}
