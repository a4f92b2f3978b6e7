import { invalidValue } from '../../kernel/errors';

/** A return period: the portal's `fp` / `ret_period` (MMYYYY, a quarter's last month) and the dates it covers. */
export interface ReturnPeriod { fp: string; from: string; to: string }

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/**
 * `MMYYYY` for a monthly filer, or `YYYY-Qn` for a quarterly one: quarter n of the financial year
 * that starts in April of YYYY (Q4 is January to March of the next year). Null when neither.
 */
export function returnPeriod(period: string): ReturnPeriod | null {
  const monthly = /^(0[1-9]|1[0-2])(\d{4})$/.exec(period);
  if (monthly) {
    const [month, year] = [Number(monthly[1]), Number(monthly[2])];
    return { fp: period, from: iso(year, month, 1), to: iso(year, month, lastDay(year, month)) };
  }
  const quarterly = /^(\d{4})-Q([1-4])$/.exec(period);
  if (!quarterly) return null;
  const first = Number(quarterly[1]) * 12 + 3 + (Number(quarterly[2]) - 1) * 3; // months since year 0, April = index 3
  const [fromYear, fromMonth] = [Math.floor(first / 12), (first % 12) + 1];
  const [toYear, toMonth] = [Math.floor((first + 2) / 12), ((first + 2) % 12) + 1];
  return { fp: `${pad(toMonth)}${toYear}`, from: iso(fromYear, fromMonth, 1), to: iso(toYear, toMonth, lastDay(toYear, toMonth)) };
}

/** The period of a GSTR-1 or GSTR-3B request: 400 on `period` when it is neither form. */
export function requestedPeriod(period: string): ReturnPeriod {
  const found = returnPeriod(period);
  if (found === null) throw invalidValue('period', 'period is MMYYYY or YYYY-Qn');
  return found;
}
