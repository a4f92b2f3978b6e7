import { Type, type TProperties, type TSchema } from '@sinclair/typebox';
import { MAX_RUPEES } from '../kernel/money';

/** Shared schema pieces, so every route says "money", "date" or "id" the same way. */

/** A request body: unknown fields are refused (docs/rules/errors-and-validation.md, "One rule for every endpoint"). */
export const Body = <P extends TProperties>(properties: P) => Type.Object(properties, { additionalProperties: false });

export const Query = Body;

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Free text. NUL is refused: PostgreSQL cannot store it, and no business text needs it. */
export const Text = (maxLength = 255, minLength = 0) => Type.String({ maxLength, minLength, pattern: '^[^\\u0000]*$' });

/**
 * A GSTIN as sent. It is trimmed of surrounding whitespace and checked by kernel/gst/gstin,
 * whose messages say what is wrong, so the schema only leaves room for that whitespace.
 */
export const GstinText = Type.String({ maxLength: 64, pattern: '^[^\\u0000]*$', description: 'GSTIN, 15 characters (surrounding whitespace is ignored)' });

/** The shape of every id the service mints (kernel/ids: a prefix and a ULID). Body fields that name a record keep to it. */
export const ID_PATTERN = '^[A-Za-z0-9_]+$';
const ID_MAX_LENGTH = 64;
const ID_RE = new RegExp(ID_PATTERN);

export const Id = (description = 'id') => Type.String({ minLength: 1, maxLength: ID_MAX_LENGTH, pattern: ID_PATTERN, description });

/** Whether a string could be an id the service minted: only such a string can name a record. */
export const hasIdShape = (value: string) => value.length <= ID_MAX_LENGTH && ID_RE.test(value);

/**
 * An id in a path: any string. Its shape is never a 400 (docs/rules/errors-and-validation.md, "Ids in a path"): an id the service could
 * not have minted names nothing, and is 404 like any unknown id (http/path-ids.ts).
 */
export const PathId = (description = 'id') => Type.String({ description });

/** An id the server does not check (attachments' entity_id): 1 to 200 characters without control characters. */
export const UncheckedId = (description = 'id') =>
  Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001F\\u007F-\\u009F]+$', description });

/**
 * The format of a number with at most two decimals (money, percentages), which the server's
 * validator checks (http/validation.ts). `multipleOf: 0.01` would say the same, but validators
 * that divide in binary floating point refuse values such as 0.07 by it.
 */
export const TWO_DECIMALS = 'two-decimals';

/** Rupees as a JSON number with at most two decimals; an exclusive lower bound replaces the default minimum. */
export const Money = (options: { minimum?: number; exclusiveMinimum?: number } = {}) => Type.Number({
  format: TWO_DECIMALS,
  description: 'Rupees (or the document currency), at most two decimal places',
  ...(options.exclusiveMinimum === undefined ? { minimum: options.minimum ?? -MAX_RUPEES } : { exclusiveMinimum: options.exclusiveMinimum }),
  maximum: MAX_RUPEES,
});

export const LocalDateSchema = Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

/** An ISO 8601 date-time; a plain date is accepted where the spec says "date or date-time". */
export const DateTimeSchema = Type.String({ format: 'date-time', description: 'ISO 8601 date-time' });

export const Email = Type.String({ format: 'email', maxLength: 254 });

export const PerPage = Type.Integer({ minimum: 1, maximum: 200, default: 50 });

export const CursorQuery = {
  per_page: Type.Optional(PerPage),
  cursor: Type.Optional(Type.String({ maxLength: 1024 })),
};

/**
 * A document list's `search`: a case-insensitive substring of the document's number or its
 * party's name (db/text-search.ts); surrounding whitespace is ignored, and whitespace alone is 400.
 */
export const SearchQuery = (what = "the document's number or its party's name") => ({
  search: Type.Optional(Type.String({
    minLength: 1, maxLength: 100, pattern: '^[^\\u0000]*$',
    description: `A case-insensitive part of ${what} (the letters A-Z in either case; % and _ are literal)`,
  })),
});

export const IdParam = <K extends string>(name: K) => Type.Object({ [name]: PathId(name) } as Record<K, ReturnType<typeof PathId>>);

/** A closed set of strings, as a plain JSON-schema enum (reads better in OpenAPI than a union of literals). */
export const StringEnum = <const T extends readonly string[]>(values: T, description?: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...(description && { description }) });

/** A report's `format`: JSON (the default) or CSV, one header row and amounts as plain numbers. */
export const ReportFormat = (csv = 'csv answers text/csv: one header row, then a row per line of the report') =>
  Type.Optional(StringEnum(['json', 'csv'] as const, csv));

/** A calendar day YYYY-MM-DD that exists (30 February and month 13 do not), leap years included. */
const CALENDAR_DAY = '(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))'
  + '|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)';

/**
 * An ISO 8601 date-time as the spec's document dates take it: seconds and the zone may be left
 * out (RFC 3339's `date-time`, the JSON Schema format, needs both), so it is a pattern. A
 * date-time without a zone is the time in India.
 */
export const ISO_DATE_TIME_PATTERN = `^${CALENDAR_DAY}T(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,6})?)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)?$`;

/**
 * "ISO 8601 date or date-time" (the spec's document dates), in standard JSON Schema: a `date`,
 * or a date-time by ISO_DATE_TIME_PATTERN. The business date is the calendar date written; a
 * time part, when sent, is kept only as given.
 */
export const DateOrDateTime = Type.Union([
  Type.String({ format: 'date' }),
  Type.String({ pattern: ISO_DATE_TIME_PATTERN, description: 'YYYY-MM-DDThh:mm[:ss[.ffffff]] with Z, ±hh:mm or no zone (India time)' }),
], { description: 'YYYY-MM-DD or an ISO 8601 date-time' });
