import { addDays, daysBetween, financialYearStart, isValidLocalDate, type LocalDate } from '../../kernel/local-date';

export interface DateRange { from: LocalDate; to: LocalDate }

export const COMPARISONS = ['previous_period', 'previous_year'] as const;
export type Comparison = (typeof COMPARISONS)[number];

/** The same day a year earlier; 29 February falls back to the 28th. */
export function yearEarlier(date: LocalDate): LocalDate {
  const earlier = `${String(Number(date.slice(0, 4)) - 1).padStart(4, '0')}${date.slice(4)}`;
  return isValidLocalDate(earlier) ? earlier : earlier.replace(/-29$/, '-28');
}

/**
 * The range a statement is compared with: the one of equal length ending the day before
 * (previous_period), or the same dates a year earlier (previous_year).
 */
export function comparisonRange(range: DateRange, comparison: Comparison): DateRange {
  if (comparison === 'previous_year') return { from: yearEarlier(range.from), to: yearEarlier(range.to) };
  const to = addDays(range.from, -1);
  return { from: addDays(to, -daysBetween(range.from, range.to)), to };
}

/** A statement's period: the dates given, else the financial year to date (its start through today). */
export function statementRange(from: LocalDate | undefined, to: LocalDate | undefined, today: LocalDate): DateRange {
  const end = to ?? today;
  return { from: from ?? financialYearStart(end), to: end };
}
