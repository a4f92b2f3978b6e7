import { expect } from 'vitest';
import type { ConsoleTour } from '../../support/console-browser';

interface Dashboard { totals: { sales: number; purchases: number }; gst_payable: { total: number }; months: { month: string }[] }

/** Rupees as the test expects to read them: ₹, lakh/crore grouping, two decimals, brackets when negative. */
export function rupees(amount: number): string {
  const figures = `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(amount))}`;
  return amount < 0 ? `(${figures})` : figures;
}

/** The dashboard for June 2026 shows the server's figures, in rupees as Indians group them. */
export async function dashboardFlow(tour: ConsoleTour): Promise<void> {
  const { page } = tour;
  await tour.open('/app?from=2026-06-01&to=2026-06-30');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  const { dashboard } = await tour.api<{ dashboard: Dashboard }>('/reports/dashboard', { from_date: '2026-06-01', to_date: '2026-06-30' });
  expect(dashboard.totals.sales).toBeGreaterThan(0);
  // In the scenario's June every expense was posted by a purchase (bills, a Bill of Entry's duty, expenses, vendor
  // notes), so the purchases figure is the profit and loss's expenses, which the statement computes on its own.
  const { profit_and_loss: pl } = await tour.api<{ profit_and_loss: { total_expenses: { amount: number } } }>('/reports/profit_and_loss', { from_date: '2026-06-01', to_date: '2026-06-30' });
  expect(dashboard.totals.purchases).toBe(pl.total_expenses.amount);

  const tile = (label: string) => page.locator('.tiles article', { has: page.locator('header', { hasText: label }) }).first();
  expect(await tile('Sales').locator('.tile-figure').textContent()).toBe(rupees(dashboard.totals.sales));
  expect(await tile('Purchases').locator('.tile-figure').textContent()).toBe(rupees(dashboard.totals.purchases));
  expect(await tile('GST payable').locator('.tile-figure').textContent()).toBe(rupees(dashboard.gst_payable.total));
  // The period's dates as typed and shown: DD/MM/YYYY.
  expect(await page.getByLabel('From').inputValue()).toBe('01/06/2026');
  // One group of bars per month in each chart, and the month's row in the table beside them.
  expect(await page.locator('figure.bar-chart').count()).toBe(2);
  expect(await page.getByRole('region', { name: 'Sales, purchases and cash by month' }).locator('tbody tr').count()).toBe(dashboard.months.length);
  await tour.check('Dashboard');
}
