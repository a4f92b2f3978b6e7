import type { ErrorObject } from 'ajv';
import { nearest } from '../kernel/edit-distance';
import type { FieldError } from '../kernel/errors';
import { dateMessage, type DateForms } from './date-messages';
import { patternPhrase } from './pattern-phrases';
import { ISO_DATE_TIME_PATTERN, TWO_DECIMALS } from './schema-kit';

/*
 * One field's ajv failures → one sentence a developer can act on: it names the field and
 * the limit, lists allowed values, and never shows a regular expression or a format's
 * internal name. The facts behind the sentence go to `details` (allowed values as
 * `allowed`, a bound under its JSON Schema keyword).
 */

export interface DescribedField {
  error: FieldError;
  details?: Record<string, unknown>;
}

const TYPE_NOUNS: Readonly<Record<string, string>> = {
  string: 'a string', number: 'a number', integer: 'a whole number', boolean: 'true or false', object: 'an object', array: 'an array', null: 'null',
};

function sentKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return String(value);
  return TYPE_NOUNS[typeof value] ?? typeof value;
}

const orList = (items: readonly string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const DATE_FORMATS: Readonly<Record<string, DateForms>> = {
  date: { date: true, dateTime: false },
  'date-time': { date: false, dateTime: true },
};

/** Date forms written as patterns rather than formats (schema-kit.ts DateOrDateTime), keyed by the pattern. */
const DATE_PATTERNS: Readonly<Record<string, DateForms>> = {
  [ISO_DATE_TIME_PATTERN]: { date: false, dateTime: true },
};

/** The date form one failure asks for: its format's, or its pattern's when that is a date pattern. */
function dateFormOf(e: ErrorObject): DateForms | undefined {
  if (e.keyword === 'pattern') return DATE_PATTERNS[String(e.params.pattern)];
  const format = e.keyword === 'format' ? String(e.params.format) : (e.parentSchema as { format?: string } | undefined)?.format;
  return format ? DATE_FORMATS[format] : undefined;
}

/** The date forms a field's failures ask for (a union of a date and a date-time asks for both), or undefined for a field that is no date. */
function dateFormsOf(errors: readonly ErrorObject[]): DateForms | undefined {
  const forms = errors.flatMap((e) => dateFormOf(e) ?? []);
  if (forms.length === 0) return undefined;
  return { date: forms.some((f) => f.date), dateTime: forms.some((f) => f.dateTime) };
}

const BOUNDS: Readonly<Record<string, string>> = {
  minimum: 'at least', maximum: 'at most', exclusiveMinimum: 'greater than', exclusiveMaximum: 'less than',
};

/** The sentence for one failure that is not an enum, a date or a type mismatch. */
function describeOne(e: ErrorObject, field: string): DescribedField {
  const invalid = (message: string, details?: Record<string, unknown>): DescribedField =>
    ({ error: { field, code: 'validation.invalid_value', message: `${field} ${message}` }, ...(details && { details }) });
  const limit = (e.params as { limit?: number }).limit ?? 0;
  switch (e.keyword) {
    case 'required':
      return { error: { field, code: 'validation.required_field', message: `${field} is required` } };
    case 'additionalProperties':
      return invalid(`is not a known field${unknownFieldHint(e)}`);
    case 'minimum': case 'maximum': case 'exclusiveMinimum': case 'exclusiveMaximum':
      return invalid(`must be ${BOUNDS[e.keyword]} ${limit}`, { [e.keyword]: limit });
    case 'multipleOf': {
      const step = (e.params as { multipleOf: number }).multipleOf;
      return step === 0.01 ? invalid('must have at most two decimal places, such as 10.25') : invalid(`must be a multiple of ${step}`, { multipleOf: step });
    }
    case 'minLength':
      return invalid(limit === 1 ? 'must not be empty' : `must be at least ${plural(limit, 'character')} long`, { minLength: limit });
    case 'maxLength':
      return invalid(`must be at most ${plural(limit, 'character')} long (it has ${[...String(e.data)].length})`, { maxLength: limit });
    case 'minItems':
      return invalid(`must have at least ${plural(limit, 'item')}`, { minItems: limit });
    case 'maxItems':
      return invalid(`must have at most ${plural(limit, 'item')}`, { maxItems: limit });
    case 'minProperties':
      return invalid(`must have at least ${plural(limit, 'field')}`, { minProperties: limit });
    case 'uniqueItems': {
      const { i, j } = e.params as { i: number; j: number };
      return invalid(`must not list the same item twice (items ${Math.min(i, j)} and ${Math.max(i, j)} are equal)`);
    }
    case 'pattern': {
      const description = (e.parentSchema as { description?: string } | undefined)?.description;
      return invalid(patternPhrase(String(e.params.pattern)) ?? (description ? `must be ${description}` : 'is not in the accepted form'));
    }
    case 'format':
      return invalid(formatPhrase(String(e.params.format)));
    default:
      return invalid(e.message ?? 'is invalid');
  }
}

function formatPhrase(format: string): string {
  if (format === TWO_DECIMALS) return 'must have at most two decimal places, such as 10.25';
  if (format === 'email') return 'must be an email address, such as name@example.com';
  if (format === 'uri' || format === 'url') return 'must be an absolute URL, such as https://example.com/hooks/bahi';
  return `must be a valid ${format}`;
}

/** "; did you mean contact_name?" for a near miss of a declared field, else an instruction. */
function unknownFieldHint(e: ErrorObject): string {
  const name = String((e.params as { additionalProperty: string }).additionalProperty);
  const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
  const [guess] = nearest(name, known, (k) => k, Math.max(1, Math.floor(name.length / 4)));
  return guess ? `; did you mean ${guess}?` : '; remove it';
}

/**
 * Every failure ajv reported at one field, the branches of a union (`Nullable(...)`, a union of
 * literals, `date` or `date-time`) included, as one FieldError. An enum or const wins (it says
 * what to send), then a date's forms, then the first failure inside a branch whose type matched;
 * a mere type mismatch comes last, naming every type the branches accept.
 */
export function describeField(field: string, errors: readonly ErrorObject[]): DescribedField {
  const choices = errors.filter((e) => e.keyword === 'enum' || e.keyword === 'const');
  const typeErrors = errors.filter((e) => e.keyword === 'type');
  const accepted = [...new Set(typeErrors.flatMap((e) => [e.params.type].flat() as string[]))];
  if (choices.length > 0) {
    const values = choices.flatMap((e) => (e.keyword === 'enum' ? (e.params.allowedValues as unknown[]) : [e.params.allowedValue]));
    const allowed = [...new Set([...values, ...(accepted.includes('null') ? [null] : [])])];
    const message = allowed.length === 1 ? `${field} must be ${shown(allowed[0])}` : `${field} must be one of ${orList(allowed.map(shown))}`;
    return { error: { field, code: 'validation.invalid_value', message }, details: { allowed } };
  }
  const dateForms = dateFormsOf(errors);
  if (dateForms) return { error: { field, code: 'validation.invalid_value', message: dateMessage(field, errors[0]?.data, dateForms) } };
  const informative = errors.find((e) => e.keyword !== 'type');
  if (informative) return describeOne(informative, field);
  const message = `${field} must be ${orList(accepted.map((t) => TYPE_NOUNS[t] ?? t))}, not ${sentKind(typeErrors[0]?.data)}`;
  return { error: { field, code: 'validation.invalid_value', message } };
}
