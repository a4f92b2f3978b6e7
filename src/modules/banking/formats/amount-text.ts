import { MAX_PAISE, type Paise } from '../../../kernel/money';
import { StatementFileError } from '../statement.types';

export interface AmountTextOptions {
  /** The characters the format allows as its decimal mark: OFX writes `.` or `,`, camt.053 `.`, MT940 `,`. */
  decimalMarks: string;
  /** Whether a leading `+` or `-` may give the sign (OFX TRNAMT); otherwise the format states direction apart. */
  signed: boolean;
}

/**
 * A statement's amount text ("-1180.50", "1180,5", "1180,") → exact paise, by integer arithmetic on
 * the digits: never through a binary float, so no amount is off by a paisa
 * (docs/rules/amounts-and-rounding.md). More than two decimals are refused unless the extra ones are
 * zeros, as are group separators and amounts beyond the service's bound. Throws naming `where`.
 */
export function amountTextToPaise(text: string, where: string, options: AmountTextOptions): Paise {
  const trimmed = text.trim();
  const marks = options.decimalMarks.replace(/[\\\]^-]/g, '\\$&');
  const match = new RegExp(`^([+-]?)(\\d*)(?:[${marks}](\\d*))?$`).exec(trimmed);
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === '')) throw new StatementFileError(where, `"${shorten(trimmed)}" is not an amount`);
  if (sign !== '' && !options.signed) throw new StatementFileError(where, `"${shorten(trimmed)}" carries a sign; the format states the direction apart`);
  if (/[1-9]/.test(fraction.slice(2))) throw new StatementFileError(where, `"${shorten(trimmed)}" has more than two decimals`);
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > String(MAX_PAISE / 100).length) throw new StatementFileError(where, `"${shorten(trimmed)}" is beyond the largest amount the service holds`);
  const paise = Number(digits || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (paise > MAX_PAISE) throw new StatementFileError(where, `"${shorten(trimmed)}" is beyond the largest amount the service holds`);
  return sign === '-' && paise !== 0 ? -paise : paise;
}

/** Hostile files carry megabyte-long "amounts": a message quotes only their start. */
function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
