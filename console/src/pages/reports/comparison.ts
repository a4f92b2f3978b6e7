/**
 * The second period a statement is shown beside, named as the API names it (`compare` on the
 * profit and loss and the balance sheet) and kept in the page's address as ?compare=….
 */
import type { Period } from '../../ui/period';

export const COMPARISONS = ['previous_period', 'previous_year'] as const;
export type Comparison = (typeof COMPARISONS)[number];

export const COMPARISON_LABELS: Record<Comparison, string> = {
  previous_period: 'Previous period',
  previous_year: 'Same period a year earlier',
};

/** The comparison an address asks for; undefined for none or one not known. */
export function comparisonOf<C extends Comparison = Comparison>(query: Record<string, string | undefined>, allowed: readonly C[] = COMPARISONS as readonly Comparison[] as readonly C[]): C | undefined {
  return allowed.find((c) => c === query.compare);
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Whether an ISO date is a day of the calendar (2025-02-29 is not). */
function isRealDay(iso: string): boolean {
  const time = Date.parse(`${iso}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === iso;
}

/** The same day a year earlier; 29 February falls back to the 28th (as the API's statements do). */
export function yearEarlier(iso: string): string {
  const earlier = `${String(Number(iso.slice(0, 4)) - 1).padStart(4, '0')}${iso.slice(4)}`;
  return isRealDay(earlier) ? earlier : earlier.replace(/-29$/, '-28');
}

/**
 * The period compared with, by the API's own rule for statements: the one of equal length ending
 * the day before (previous_period), or the same dates a year earlier (previous_year). The trial
 * balance has no `compare` of its own, so the console asks it twice, for each period.
 */
export function comparedPeriod(period: Period, comparison: Comparison): Period {
  if (comparison === 'previous_year') return { from: yearEarlier(period.from), to: yearEarlier(period.to) };
  const to = dayNumber(period.from) - 1;
  const length = dayNumber(period.to) - dayNumber(period.from);
  return { from: isoOfDay(to - length), to: isoOfDay(to) };
}
