/**
 * GST return periods as the API names them, MMYYYY ('062026' is June 2026), and as people read
 * them. Only the parts move: no dates are computed beyond stepping back a month.
 */
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const MONTHS: [string, string][] = MONTH_NAMES.map((name, i) => [String(i + 1).padStart(2, '0'), name]);

/** '062026' → 'June 2026'; anything else unchanged. */
export function periodLabel(period: string): string {
  const m = /^(0[1-9]|1[0-2])(\d{4})$/.exec(period);
  return m ? `${MONTH_NAMES[Number(m[1]) - 1]} ${m[2]}` : period;
}

/** Whether the text is a period MMYYYY. */
export const isPeriod = (text: string | undefined): text is string => /^(0[1-9]|1[0-2])\d{4}$/.test(text ?? '');

/** The month before the one holding an ISO date, as a period: the return usually being worked on. */
export function lastMonthPeriod(isoToday: string): string {
  const [year, month] = isoToday.split('-').map(Number);
  return month === 1 ? `12${year! - 1}` : `${String(month! - 1).padStart(2, '0')}${year}`;
}
