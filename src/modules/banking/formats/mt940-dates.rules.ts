import { isValidLocalDate } from '../../../kernel/local-date';

/**
 * MT940 writes a line's value date as YYMMDD and its entry (booking) date as MMDD without a year.
 * Two-digit years are 2000 to 2099. The entry date's year is the one, of the value date's year and
 * the years either side, that puts it nearest the value date: a line valued 1 January 2026 and
 * booked 31 December was booked in 2025 (SWIFT MT940, field 61, subfields 1 and 2). A month and day that
 * is no date in any of those years (1340, or 0229 away from a leap year) is returned as written, for the
 * caller to refuse.
 */
export function valueDateOf(yymmdd: string): string {
  return `20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}

export function entryDateOf(valueDate: string, mmdd: string): string {
  const year = Number(valueDate.slice(0, 4));
  const monthDay = `${mmdd.slice(0, 2)}-${mmdd.slice(2, 4)}`;
  const candidates = [year - 1, year, year + 1].map((y) => `${y}-${monthDay}`).filter(isValidLocalDate);
  if (candidates.length === 0) return `${year}-${monthDay}`;
  const distance = (date: string) => Math.abs(Date.parse(`${date}T00:00:00Z`) - Date.parse(`${valueDate}T00:00:00Z`));
  return candidates.reduce((best, date) => (distance(date) < distance(best) ? date : best));
}
