import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { financialYearOf, monthOf, todayInIndia } from '../format/dates';
import { DateField } from './date-field';

export interface Period { from: string; to: string }

/**
 * The period a page shows, kept in its address (?from=…&to=…, ISO dates) so that a link from a
 * figure to its ledger carries it, and Back returns to it. Default: the financial year to date.
 */
export function usePeriod(): Period {
  const { query } = useLocation();
  const today = todayInIndia();
  return { from: query.from ?? financialYearOf(today).from, to: query.to ?? today };
}

/** The address of `path` for a period, keeping any other query given. */
export function withPeriod(path: string, period: Period, extra: Record<string, string> = {}): string {
  return `${path}?${new URLSearchParams({ ...extra, from: period.from, to: period.to })}`;
}

function presets(today: string): [string, Period][] {
  const thisMonth = monthOf(today);
  const [year, month] = today.split('-').map(Number);
  const lastMonth = monthOf(month === 1 ? `${year! - 1}-12-01` : `${year}-${String(month! - 1).padStart(2, '0')}-01`);
  const fy = financialYearOf(today);
  return [
    ['This month', { from: thisMonth.from, to: today }],
    ['Last month', lastMonth],
    ['This financial year', { from: fy.from, to: today }],
  ];
}

/** Choose the period: typed dates or one of the usual ones; the page follows the address. */
export function PeriodPicker({ period }: { period: Period }) {
  const { path, query, route } = useLocation();
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const go = (next: Period) => route(`${path}?${new URLSearchParams({ ...query, from: next.from, to: next.to })}`);
  return (
    <form class="period" onSubmit={(e) => { e.preventDefault(); go({ from, to }); }}>
      <fieldset class="grid">
        <legend class="visually-hidden">Period</legend>
        <DateField label="From" name="from" value={from} onChange={setFrom} required />
        <DateField label="To" name="to" value={to} onChange={setTo} required />
        <button type="submit">Show</button>
      </fieldset>
      <div class="presets" role="group" aria-label="Usual periods">
        {presets(todayInIndia()).map(([label, p]) => (
          <button type="button" class="outline secondary" key={label} onClick={() => go(p)}>{label}</button>
        ))}
      </div>
    </form>
  );
}
