import { MAX_PAISE, type Paise } from './money';

/** An amount as a spreadsheet cell writes it: its size in paise, and which way it points when the cell says so. */
export interface CellAmount {
  paise: Paise;
  /** Written negative: a leading minus or brackets. */
  negative: boolean;
  /** A `Cr` or `Dr` after the figure (before it, for `Cr 1,200.00`). */
  marker: 'CR' | 'DR' | null;
}

const CURRENCY = /^(?:₹|rs\.?|inr)\s*|\s*(?:₹|rs\.?|inr)$/i;
const MARKER_AFTER = /\s*\(?(cr|dr)\.?\)?$/i;
const MARKER_BEFORE = /^(cr|dr)\.?\s+/i;
/** Digits with commas between groups (Indian 1,23,456 or western 123,456) and at most two decimals beyond trailing zeros. */
const FIGURE = /^(\d+(?:,\d+)*)(?:\.(\d+))?$/;

/**
 * Reads an amount cell exactly into paise (docs/rules/banking.md, "Statements in"; docs/rules/imports.md, "Cells"): ₹, Rs or
 * INR around it, grouping commas, a sign or brackets, and a Cr or Dr marker. Decimal text is
 * turned into paise digit by digit, never through a binary fraction. Blank cells (and a lone
 * dash) are null; anything else that is not an amount is a refusal, returned as its reason.
 */
export function readCellAmount(cell: string): CellAmount | null | { problem: string } {
  let text = cell.trim();
  if (text === '' || text === '-') return null;
  let marker: CellAmount['marker'] = null;
  const after = MARKER_AFTER.exec(text) ?? MARKER_BEFORE.exec(text);
  if (after) {
    marker = after[1]!.toUpperCase() as 'CR' | 'DR';
    text = text.replace(after[0], '').trim();
  }
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  text = text.replace(CURRENCY, '').trim();
  if (text.startsWith('-') || text.startsWith('+')) {
    negative ||= text.startsWith('-');
    text = text.slice(1).trim();
  }
  text = text.replace(CURRENCY, '').trim();
  const figure = FIGURE.exec(text);
  if (!figure) return { problem: `"${shorten(cell)}" is not an amount` };
  const whole = figure[1]!.replace(/,/g, '');
  const decimals = (figure[2] ?? '').replace(/0+$/, '');
  if (decimals.length > 2) return { problem: `"${shorten(cell)}" has more than two decimals: an amount is in rupees and paise` };
  const digits = `${whole}${decimals.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > String(MAX_PAISE).length || Number(digits) > MAX_PAISE) return { problem: `"${shorten(cell)}" is larger than any amount Bahi holds` };
  return { paise: Number(digits), negative, marker };
}

/** A cell quoted in a message: at most 40 characters of it. */
export const shorten = (cell: string) => (cell.length > 40 ? `${cell.slice(0, 40)}…` : cell);
