import { readCellAmount } from '../../kernel/cell-amount';
import { readDayFirstDate } from '../../kernel/day-first-date';
import { toRupees } from '../../kernel/money';
import type { NameRef, RefTarget } from './import-unit';

/** How a template column's cell becomes a body value (docs/rules/imports.md, "Cells"). */
export type CellKind = 'text' | 'upper' | 'amount' | 'date' | 'number' | 'boolean' | { ref: RefTarget };

/**
 * A spreadsheet's guard against formulas (`'=SUM…`, `'+91…`, `'-5`, `'@home`): the apostrophe
 * was typed so the cell would stay text, and is not part of the value.
 */
const FORMULA_GUARD = /^'(?=[=+\-@])/;

const TRUE_WORDS = ['true', 'yes', 'y', '1'];
const FALSE_WORDS = ['false', 'no', 'n', '0'];
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/** A cell as text: trimmed, the formula guard removed; blank is undefined (the field is left out). */
export function cellText(raw: string | undefined): string | undefined {
  const text = (raw ?? '').trim().replace(FORMULA_GUARD, '');
  return text === '' ? undefined : text;
}

/**
 * The body value of a cell. A cell that cannot be read as its kind is passed on as written, so
 * that the create path's validation refuses it with the API's code, on its field.
 */
export function cellValue(raw: string | undefined, kind: CellKind): unknown {
  const text = cellText(raw);
  if (text === undefined) return undefined;
  if (typeof kind === 'object') return { $ref: kind.ref, name: text } satisfies NameRef;
  switch (kind) {
    case 'text': return text;
    case 'upper': return text.toUpperCase();
    case 'date': return readDayFirstDate(text) ?? text;
    case 'amount': return amountInRupees(text);
    case 'number': {
      const plain = text.replace(/,/g, '');
      return PLAIN_NUMBER.test(plain) ? Number(plain) : text;
    }
    case 'boolean': {
      const word = text.toLowerCase();
      return TRUE_WORDS.includes(word) ? true : FALSE_WORDS.includes(word) ? false : text;
    }
  }
}

/** ₹, Rs, commas in any grouping (lakh too) and brackets for negative, read into paise exactly, then given in rupees as the API takes them. */
function amountInRupees(text: string): number | string {
  const read = readCellAmount(text);
  if (read === null || 'problem' in read) return text;
  const negative = read.negative || read.marker === 'DR';
  return toRupees(negative ? -read.paise : read.paise);
}

/** A GSTIN's first two digits are its state's code: the state a row leaves blank. */
export function stateOfGstin(gstin: unknown): string | undefined {
  return typeof gstin === 'string' && /^\d{2}/.test(gstin) ? gstin.slice(0, 2) : undefined;
}
