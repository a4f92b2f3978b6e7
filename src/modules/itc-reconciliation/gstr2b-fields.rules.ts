import { invalidValue, requiredField } from '../../kernel/errors';
import { validateGstin, gstinProblem } from '../../kernel/gst/gstin';
import { isValidLocalDate, type LocalDate } from '../../kernel/local-date';
import { hasAtMostTwoDecimals, toPaise, type Paise } from '../../kernel/money';

/*
 * Reading one field of a GSTR-2B file, each refusal naming the field by its JSON path
 * (`data.docdata.b2b[3].inv[0].dt`) so the uploader can find it in the portal's file
 * (docs/rules/itc-reconciliation.md, "GSTR-2B in").
 */

/** A JSON object of the file, as the parser assembled it. */
export type JsonObject = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at `path` as an object; `what` says what it should be. */
export function objectAt(value: unknown, path: string, what = 'an object'): JsonObject {
  if (value === undefined) throw requiredField(path, `${path} is required: ${what}`);
  if (!isObject(value)) throw invalidValue(path, `${path} must be ${what}`);
  return value;
}

/** `object[key]` as an array of objects, or [] when absent. */
export function listAt(object: JsonObject, key: string, path: string): JsonObject[] {
  const value = object[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidValue(`${path}.${key}`, `${path}.${key} must be an array`);
  return value.map((item, i) => objectAt(item, `${path}.${key}[${i}]`));
}

/** A text field; the portal writes some numbers (a Bill of Entry's) as JSON numbers, which are read as their digits. */
export function textOf(object: JsonObject, key: string, path: string): string {
  const value = optionalText(object, key, path);
  if (value === null) throw requiredField(`${path}.${key}`);
  return value;
}

export function optionalText(object: JsonObject, key: string, path: string): string | null {
  const value = object[key];
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string') throw invalidValue(`${path}.${key}`, `${path}.${key} must be text`);
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The portal's dates are DD-MM-YYYY; the books' YYYY-MM-DD. */
export function optionalDate(object: JsonObject, key: string, path: string): LocalDate | null {
  const text = optionalText(object, key, path);
  if (text === null) return null;
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  const date = m ? `${m[3]}-${m[2]}-${m[1]}` : '';
  if (!isValidLocalDate(date)) throw invalidValue(`${path}.${key}`, `${path}.${key} must be a date written DD-MM-YYYY, not ${JSON.stringify(text)}`);
  return date;
}

export function dateOf(object: JsonObject, key: string, path: string): LocalDate {
  const date = optionalDate(object, key, path);
  if (date === null) throw requiredField(`${path}.${key}`, `${path}.${key} is required: a date written DD-MM-YYYY`);
  return date;
}

/** A return period, MMYYYY. */
export function optionalPeriod(object: JsonObject, key: string, path: string): string | null {
  const text = optionalText(object, key, path);
  if (text !== null && !/^(0[1-9]|1[0-2])\d{4}$/.test(text)) throw invalidValue(`${path}.${key}`, `${path}.${key} must be a return period written MMYYYY`);
  return text;
}

/** Rupees with at most two decimals (as everywhere in the API) → paise; 0 when absent. */
export function paiseOf(object: JsonObject, key: string, path: string): Paise {
  const value = object[key];
  if (value === undefined || value === null) return 0;
  const field = `${path}.${key}`;
  if (typeof value !== 'number') throw invalidValue(field, `${field} must be a number of rupees`);
  if (!hasAtMostTwoDecimals(value)) throw invalidValue(field, `${field} has more than two decimals: ${value}`);
  try {
    return toPaise(value);
  } catch {
    throw invalidValue(field, `${field} is out of range: ${value}`);
  }
}

/** One of a closed set of codes (Y/N flags, itcavl, a note's type). */
export function codeOf<T extends string>(object: JsonObject, key: string, path: string, codes: readonly T[], absent: T | null = null): T {
  const text = optionalText(object, key, path);
  if (text === null && absent !== null) return absent;
  if (text === null) throw requiredField(`${path}.${key}`, `${path}.${key} is required: one of ${codes.join(', ')}`);
  const code = codes.find((c) => c === text.toUpperCase());
  if (!code) throw invalidValue(`${path}.${key}`, `${path}.${key} must be one of ${codes.join(', ')}, not ${JSON.stringify(text)}`);
  return code;
}

/** A GSTIN, normalised; any kind a supplier may hold. */
export function gstinOf(object: JsonObject, key: string, path: string): string {
  const result = validateGstin(textOf(object, key, path));
  if (!result.ok) throw invalidValue(`${path}.${key}`, gstinProblem(`${path}.${key}`, result.reason));
  return result.gstin;
}
