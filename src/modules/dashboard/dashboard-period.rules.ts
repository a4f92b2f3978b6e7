import { invalidValue } from '../../kernel/errors';
import type { LocalDate } from '../../kernel/local-date';
import { statementRange, type DateRange } from '../financial-statements/report-periods.rules';

/** The most calendar months one dashboard shows: two financial years. */
export const MAX_MONTHS = 24;

const monthIndex = (date: LocalDate) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const monthOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/** 'YYYY-MM' of every calendar month the range touches, oldest first. */
export function monthsOf(range: DateRange): string[] {
  const months: string[] = [];
  for (let i = monthIndex(range.from); i <= monthIndex(range.to); i++) months.push(monthOf(i));
  return months;
}

/**
 * The dashboard's period: the dates given, else the financial year holding today from its first
 * day to today (as the statements default). to_date before from_date, or a period touching more
 * than MAX_MONTHS calendar months, is 400 on to_date.
 */
export function dashboardPeriod(from: LocalDate | undefined, to: LocalDate | undefined, today: LocalDate): DateRange {
  const range = statementRange(from, to, today);
  if (range.to < range.from) throw invalidValue('to_date', 'to_date is before from_date');
  const months = monthsOf(range).length;
  if (months > MAX_MONTHS) throw invalidValue('to_date', `the period touches ${months} calendar months; the dashboard shows at most ${MAX_MONTHS}`);
  return range;
}
