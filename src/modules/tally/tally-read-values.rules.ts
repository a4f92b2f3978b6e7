import { invalidValue } from '../../kernel/errors';
import { isValidLocalDate, type LocalDate } from '../../kernel/local-date';
import { MAX_PAISE, type Paise } from '../../kernel/money';

/*
 * Tally writes figures as text: amounts signed (negative is a debit), with two decimals, sometimes
 * grouped with commas, and in a foreign currency as "-$100.00 @ ₹ 82.50/$ = -₹ 8250.00" (the rupees
 * after the `=`); quantities with their unit ("10 Nos", "2.500 Kgs"); rates per unit ("100.00/Nos").
 * Each is read digit by digit into integers, never through a binary fraction
 * (docs/rules/amounts-and-rounding.md).
 */

const FIGURE = /^([+-]?)(\d+)(?:\.(\d*))?$/;

/** A decimal text (commas, ₹ and spaces allowed) → an integer scaled by 10^places; null when it is not one or has more places. */
function scaled(text: string, places: number): number | null {
  const figure = FIGURE.exec(text.replace(/[₹,\s]|Rs\.?|INR/g, ''));
  if (!figure) return null;
  const [, sign, whole = '', fraction = ''] = figure;
  if (/[1-9]/.test(fraction.slice(places))) return null;
  const value = Number(whole) * 10 ** places + Number(fraction.slice(0, places).padEnd(places, '0') || '0');
  if (!Number.isSafeInteger(value)) return null;
  return sign === '-' && value !== 0 ? -value : value;
}

/** An AMOUNT or OPENINGBALANCE in paise, Tally's sign kept (negative = debit); blank is 0. */
export function tallyAmount(text: string | null, where: string, field = 'file'): Paise {
  if (text === null) return 0;
  const rupees = text.includes('=') ? text.slice(text.lastIndexOf('=') + 1) : text;
  const paise = scaled(rupees, 2);
  if (paise === null || Math.abs(paise) > MAX_PAISE) throw invalidValue(field, `${where}: "${text.slice(0, 40)}" is not an amount in rupees and paise`);
  return paise;
}

/** A debit in Tally's sign (negative) as Bahi's: debit positive. */
export const debitPositive = (tallyPaise: Paise): Paise => (tallyPaise === 0 ? 0 : -tallyPaise);

/** DATE and BILLDATE: YYYYMMDD → YYYY-MM-DD. */
export function tallyDate(text: string | null, where: string): LocalDate {
  const date = text !== null && /^\d{8}$/.test(text) ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6)}` : '';
  if (!isValidLocalDate(date)) throw invalidValue('file', `${where}: "${(text ?? '').slice(0, 40)}" is not a date (YYYYMMDD)`);
  return date;
}

export interface TallyQuantity {
  /** In thousandths: Bahi's quantities have at most three decimals. */
  milli: number;
  unit: string | null;
}

/** "10 Nos", "2.500 Kgs", "-5 Nos" → its size (a negative is an outward entry) and unit; null when absent or not a quantity. */
export function tallyQuantity(text: string | null): TallyQuantity | null {
  const match = text === null ? null : /^\s*(-?[\d,]+(?:\.\d*)?)\s*([^\d\s].*)?$/.exec(text);
  const milli = match ? scaled(match[1]!, 3) : null;
  if (milli === null || milli === 0) return null;
  return { milli: Math.abs(milli), unit: match![2]?.trim() || null };
}

/** "100.00/Nos" → paise per unit; null when absent or finer than a paisa. */
export function tallyRate(text: string | null): Paise | null {
  if (text === null) return null;
  const paise = scaled(text.split('/')[0]!, 2);
  return paise === null ? null : Math.abs(paise);
}

/** "18", "18%" or "2.5" → the rate in hundredths of a per cent; null when not a rate. */
export function tallyPercentCenti(text: string | null): number | null {
  const centi = text === null ? null : scaled(text.replace('%', ''), 2);
  return centi === null || centi < 0 || centi > 10_000 ? null : centi;
}
