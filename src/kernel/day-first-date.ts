import { isValidLocalDate, type LocalDate } from './local-date';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Day, month (number or English name), year of two or four digits; any time after the date is left out. */
const DAY_FIRST = /^(\d{1,2})[/\-. ]\s*([a-z]{3,9}|\d{1,2})[/\-., ]\s*(\d{4}|\d{2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]m)?)?$/i;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/;

/**
 * A date cell, read day first (docs/rules/banking.md, "Statements in"; docs/rules/imports.md, "Cells"): DD/MM/YY,
 * DD/MM/YYYY, DD-MM-YYYY, DD.MM.YYYY, DD-MMM-YYYY, D MMM YYYY. Never month first: 03/04/2026
 * is 3 April. A two-digit year is of this century; YYYY-MM-DD (a spreadsheet's date cell) is
 * read as written. Null when the text is no such date or names no real day.
 */
export function readDayFirstDate(cell: string): LocalDate | null {
  const text = cell.trim();
  const iso = ISO.exec(text);
  if (iso) {
    const date = `${iso[1]}-${iso[2]}-${iso[3]}`;
    return isValidLocalDate(date) ? date : null;
  }
  const m = DAY_FIRST.exec(text);
  if (!m) return null;
  const month = /^\d+$/.test(m[2]!) ? Number(m[2]) : monthNumber(m[2]!);
  if (month === null) return null;
  const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isValidLocalDate(date) ? date : null;
}

/** 1-12 for an English month name or its first three letters (Sept too); null otherwise. */
function monthNumber(name: string): number | null {
  const lower = name.toLowerCase();
  const index = MONTHS.indexOf(lower.slice(0, 3));
  if (index < 0) return null;
  const full = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'][index]!;
  return lower.length === 3 || full.startsWith(lower) ? index + 1 : null;
}
