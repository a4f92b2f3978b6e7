import { addDays, type LocalDate } from '../../kernel/local-date';

/*
 * Which months a period's reconciliation looks at (docs/rules/itc-reconciliation.md, "Matching"):
 * a supplier may report an invoice months after the recipient books it, and the goods may come
 * after the 2B that reports them. Six months back and two forward hold nearly all of it and keep
 * a month's reconciliation a few months' reading.
 */

const MONTHS_BACK = 6;
const MONTHS_FORWARD = 2;

const pad = (n: number) => String(n).padStart(2, '0');
/** Months since year 0 of a date's month (YYYY-MM-…). */
const monthIndex = (date: LocalDate) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const firstOf = (index: number): LocalDate => `${Math.floor(index / 12)}-${pad((index % 12) + 1)}-01`;
/** MMYYYY of a month index: a 2B's `rtnprd`. */
const returnPeriodOf = (index: number) => `${pad((index % 12) + 1)}${Math.floor(index / 12)}`;

/** The MMYYYY of each month a period (a month or a quarter) covers. */
export function periodMonths(period: { from: LocalDate; to: LocalDate }): string[] {
  const months: string[] = [];
  for (let i = monthIndex(period.from); i <= monthIndex(period.to); i++) months.push(returnPeriodOf(i));
  return months;
}

/** The months read to reconcile a period, and the days they span. */
export function monthsAround(period: { from: LocalDate; to: LocalDate }): { from: LocalDate; to: LocalDate; months: string[] } {
  const first = monthIndex(period.from) - MONTHS_BACK;
  const last = monthIndex(period.to) + MONTHS_FORWARD;
  const to = addDays(firstOf(last + 1), -1);
  return { from: firstOf(first), to, months: periodMonths({ from: firstOf(first), to }) };
}
