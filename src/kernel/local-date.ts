/**
 * Business dates are calendar dates in Asia/Kolkata (UTC+05:30, no daylight saving),
 * written YYYY-MM-DD. Timestamps are UTC instants. These helpers never use the
 * machine's local time zone.
 */
export type LocalDate = string;

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isValidLocalDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}

/** The IST calendar date of an instant. */
export function istDateOf(instant: Date): LocalDate {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from one date to another (negative when `to` is earlier): addDays(from, daysBetween(from, to)) === to. */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** UTC timestamp as the API writes audit stamps: second precision with a trailing Z. */
export function isoTimestamp(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The financial year (1 April – 31 March) holding a date, written `2025-26`. */
export function financialYearLabel(date: LocalDate): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** First day (YYYY-04-01) of the financial year holding a date. */
export function financialYearStart(date: LocalDate): LocalDate {
  return `${financialYearLabel(date).slice(0, 4)}-04-01`;
}

/** Same month and day, n years on (only used on 1 April, so no leap-day edge). */
export function addYears(date: LocalDate, years: number): LocalDate {
  return `${String(Number(date.slice(0, 4)) + years).padStart(4, '0')}${date.slice(4)}`;
}

/**
 * The business date of a "date or date-time" input: a plain date, or a date-time without
 * an offset, is already an Asia/Kolkata calendar date; one with Z or an offset is an instant,
 * converted to its IST date.
 */
export function businessDateOf(input: string): LocalDate {
  if (/(Z|[+-]\d{2}:\d{2})$/.test(input)) return istDateOf(new Date(input));
  return input.slice(0, 10);
}

/** Whether a "date or date-time" input names a real calendar date and a parsable time. */
export function isValidDateOrDateTime(input: string): boolean {
  if (!isValidLocalDate(input.slice(0, 10))) return false;
  return input.length === 10 || !Number.isNaN(Date.parse(input.length === 16 ? `${input}:00` : input));
}
