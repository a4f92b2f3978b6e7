/**
 * The words for a date that failed validation: a day that does not exist is named as such;
 * anything else is shown the accepted forms (never a regular expression or a format's name).
 */

/** What a date field takes: a calendar date, an instant, or either (the spec's "date or date-time"). */
export interface DateForms {
  date: boolean;
  dateTime: boolean;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Why a value written YYYY-MM-DD… names no day (month 13, 30 February), or undefined when the day exists or the form is wrong. */
export function missingDay(value: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?![0-9])/.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12) return `${m[0]} is not a day: the month must be 01 to 12`;
  const days = daysIn(year, month);
  if (day < 1 || day > days) return `${m[0]} is not a day: ${MONTHS[month - 1]} ${year} has ${days} days`;
  return undefined;
}

const DATE_EXAMPLE = 'a date written YYYY-MM-DD, such as 2026-01-30';
const DATE_TIME_EXAMPLE = 'an ISO 8601 date-time, such as 2026-01-30T14:30:00+05:30';

/** The sentence for a date field: which day does not exist, or which forms it takes. */
export function dateMessage(field: string, value: unknown, forms: DateForms): string {
  const missing = typeof value === 'string' ? missingDay(value) : undefined;
  if (missing) return `${field} ${missing}`;
  const accepted = [forms.date && DATE_EXAMPLE, forms.dateTime && DATE_TIME_EXAMPLE].filter(Boolean).join(', or ');
  return `${field} must be ${accepted}`;
}
