import { Amount } from '../../ui/amount';
import type { Period } from '../../ui/period';
import { withPeriod } from '../../ui/period';
import type { DashboardFigures } from './figures';

/** The period's headline figures; each leads to the statement it comes from. */
export function Tiles({ dashboard, period }: { dashboard: DashboardFigures; period: Period }) {
  const pl = withPeriod('/app/reports/profit-and-loss', period);
  const gst = dashboard.gst_payable;
  const tiles = [
    { label: 'Sales', value: dashboard.totals.sales, href: pl },
    { label: 'Purchases', value: dashboard.totals.purchases, href: pl },
    { label: 'Cash in', value: dashboard.totals.cash_in, href: null },
    { label: 'Cash out', value: dashboard.totals.cash_out, href: null },
    { label: 'Receivables', value: dashboard.receivables.outstanding, href: null },
    { label: 'Payables', value: dashboard.payables.outstanding, href: null },
  ];
  return (
    <section aria-labelledby="tiles-heading">
      <h2 id="tiles-heading" class="visually-hidden">Figures of the period</h2>
      <div class="tiles">
        {tiles.map((t) => (
          <article key={t.label}>
            <header>{t.href ? <a href={t.href}>{t.label}</a> : t.label}</header>
            <p class="tile-figure"><Amount value={t.value} /></p>
          </article>
        ))}
        <article>
          <header>GST payable</header>
          <p class="tile-figure"><Amount value={gst.total} /></p>
          <dl class="heads">
            <dt>IGST</dt><dd><Amount value={gst.igst} /></dd>
            <dt>CGST</dt><dd><Amount value={gst.cgst} /></dd>
            <dt>SGST</dt><dd><Amount value={gst.sgst} /></dd>
            <dt>Cess</dt><dd><Amount value={gst.cess} /></dd>
          </dl>
        </article>
      </div>
    </section>
  );
}
