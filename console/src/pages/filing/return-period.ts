/**
 * A GST return's period as the API names it, MMYYYY (062026 is June 2026), and what the console
 * shows and asks for around it. Only calendar parts are moved here: no time zone, no money.
 */
const PERIOD = /^(0[1-9]|1[0-2])(\d{4})$/;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const isReturnPeriod = (period: string): boolean => PERIOD.test(period);

/** '062026' → 'June 2026'; anything else as it is. */
export function periodLabel(period: string): string {
  const m = PERIOD.exec(period);
  return m ? `${MONTHS[Number(m[1]) - 1]} ${m[2]}` : period;
}

/** The period holding an ISO date: '2026-06-15' → '062026'. */
export function periodOf(iso: string): string {
  return `${iso.slice(5, 7)}${iso.slice(0, 4)}`;
}

/** The period before: '012026' → '122025'. */
export function previousPeriod(period: string): string {
  const month = Number(period.slice(0, 2));
  const year = Number(period.slice(2));
  return month === 1 ? `12${year - 1}` : `${String(month - 1).padStart(2, '0')}${year}`;
}

/** `count` periods ending with the one holding `today`, newest first: what a person usually files. */
export function recentPeriods(today: string, count: number): string[] {
  const periods = [periodOf(today)];
  while (periods.length < count) periods.push(previousPeriod(periods[periods.length - 1]!));
  return periods;
}

/** The first and last day of a period, ISO, for the reports asked by date range. */
export function periodDates(period: string): { from: string; to: string } {
  const month = Number(period.slice(0, 2));
  const year = Number(period.slice(2));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = period.slice(0, 2);
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** A return's date as the portal writes it, DD-MM-YYYY, as ISO for <DateText>; anything else unchanged. */
export function isoFromPortalDate(date: string): string {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(date);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : date;
}
