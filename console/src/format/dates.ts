/**
 * Dates as people in India write them, DD/MM/YYYY, while the API takes and gives ISO dates
 * (YYYY-MM-DD). These functions only move the parts; no time zone is involved, because a
 * business date is a calendar day.
 */
const ISO = /^(\d{4})-(\d{2})-(\d{2})/;
const TYPED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** '2025-04-01' (or an ISO instant) → '01/04/2025'; anything else unchanged. */
export function showDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = ISO.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** '1/4/2025' or '01-04-2025' → '2025-04-01'; null when it is not a real calendar day. */
export function isoFromTyped(typed: string): string | null {
  const m = TYPED.exec(typed.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** '2025-04' → 'Apr 2025', for chart axes and month headings. */
export function showMonth(yearMonth: string): string {
  const [year, month] = yearMonth.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, 1)).toLocaleDateString('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** Today in India as YYYY-MM-DD (the business calendar's day, whatever the browser's zone). */
export function todayInIndia(now = new Date()): string {
  return now.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
}

/** The Indian financial year (April–March) holding an ISO date: its first and last day. */
export function financialYearOf(iso: string): { from: string; to: string } {
  const [year, month] = iso.split('-').map(Number);
  const start = month! >= 4 ? year! : year! - 1;
  return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

/** First and last day of the calendar month holding an ISO date. */
export function monthOf(iso: string): { from: string; to: string } {
  const [year, month] = iso.split('-').map(Number);
  const last = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}
