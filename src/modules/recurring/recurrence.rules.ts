import { addDays, type LocalDate } from '../../kernel/local-date';

export const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** 09:00 Asia/Kolkata is 03:30 UTC (no daylight saving). */
const RUN_TIME_UTC = 'T03:30:00.000Z';

function daysInMonth(year: number, month1: number): number {
  return new Date(Date.UTC(year, month1, 0)).getUTCDate();
}

/**
 * `months` calendar months after `anchor`, keeping the anchor's day of month and clamping it
 * to the month's last day: 31 Jan + 1 → 28/29 Feb, 31 Jan + 2 → 31 Mar, 29 Feb + 12 → 28 Feb.
 * Always computed from the anchor (never from the previous, possibly clamped, slot).
 */
export function addMonthsAnchored(anchor: LocalDate, months: number): LocalDate {
  const [y, m, d] = anchor.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month1 = (index % 12) + 1;
  const day = Math.min(d, daysInMonth(year, month1));
  return `${String(year).padStart(4, '0')}-${String(month1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The n-th slot (0 = start_date) of a schedule. */
export function slotDate(start: LocalDate, frequency: Frequency, interval: number, n: number): LocalDate {
  switch (frequency) {
    case 'DAILY': return addDays(start, n * interval);
    case 'WEEKLY': return addDays(start, 7 * n * interval);
    case 'MONTHLY': return addMonthsAnchored(start, n * interval);
    case 'QUARTERLY': return addMonthsAnchored(start, 3 * n * interval);
    case 'YEARLY': return addMonthsAnchored(start, 12 * n * interval);
  }
}

function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The first slot on or after `date` (start_date itself when `date` is earlier). */
export function firstSlotOnOrAfter(start: LocalDate, frequency: Frequency, interval: number, date: LocalDate): LocalDate {
  if (date <= start) return start;
  // A lower bound for n, so long-running daily schedules do not walk every day.
  const days = daysBetween(start, date);
  const unitDays = { DAILY: 1, WEEKLY: 7, MONTHLY: 31, QUARTERLY: 92, YEARLY: 366 }[frequency] * interval;
  let n = Math.max(0, Math.floor(days / unitDays) - 1);
  while (slotDate(start, frequency, interval, n) < date) n++;
  return slotDate(start, frequency, interval, n);
}

/** The first slot strictly after `date`. */
export function firstSlotAfter(start: LocalDate, frequency: Frequency, interval: number, date: LocalDate): LocalDate {
  return firstSlotOnOrAfter(start, frequency, interval, addDays(date, 1));
}

/** The last slot on or before `date`, or null when `date` is before start_date. */
export function lastSlotOnOrBefore(start: LocalDate, frequency: Frequency, interval: number, date: LocalDate): LocalDate | null {
  if (date < start) return null;
  const next = firstSlotAfter(start, frequency, interval, date);
  let previous = start;
  // Walk from a lower bound as above; slots are increasing, so the one before `next` is it.
  const days = daysBetween(start, date);
  const unitDays = { DAILY: 1, WEEKLY: 7, MONTHLY: 31, QUARTERLY: 92, YEARLY: 366 }[frequency] * interval;
  let n = Math.max(0, Math.floor(days / unitDays) - 1);
  for (let s = slotDate(start, frequency, interval, n); s < next; s = slotDate(start, frequency, interval, ++n)) previous = s;
  return previous;
}

/** The instant a slot runs: 09:00 IST on its date. */
export function runInstant(date: LocalDate): string {
  return `${date}${RUN_TIME_UTC}`;
}

/** The IST date a run instant belongs to (run instants are always 09:00 IST, 03:30Z, same date). */
export function slotOfInstant(instant: string): LocalDate {
  return new Date(Date.parse(instant) + 330 * 60_000).toISOString().slice(0, 10);
}

/** The IST business date on which the scheduler may run slots: today once it is 09:00 IST, else yesterday. */
export function latestRunnableDate(today: LocalDate, nowIso: string): LocalDate {
  return nowIso >= runInstant(today) ? today : addDays(today, -1);
}

export interface ScheduleLimits {
  end_date: LocalDate | null;
  max_runs: number | null;
  run_count: number;
}

/** Whether a slot may still run: not past end_date and max_runs not reached. */
export function slotAllowed(slot: LocalDate, limits: ScheduleLimits): boolean {
  if (limits.end_date !== null && slot > limits.end_date) return false;
  if (limits.max_runs !== null && limits.run_count >= limits.max_runs) return false;
  return true;
}
