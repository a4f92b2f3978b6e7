import { Type, type TProperties, type TSchema } from '@sinclair/typebox';
import { MAX_RUPEES } from '../kernel/money';

/** Shared schema pieces, so every route says "money", "date" or "id" the same way. */

/** A request body: unknown fields are refused (operator.md: an unknown field is invalid_value). */
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
 * An id in a path: any string. Its shape is never a 400 (operator.md): an id the service could
 * not have minted names nothing, and is 404 like any unknown id (http/path-ids.ts).
 */
export const PathId = (description = 'id') => Type.String({ description });

/** An id the server does not check (attachments' entity_id): 1 to 200 characters without control characters. */
export const UncheckedId = (description = 'id') =>
  Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001F\\u007F-\\u009F]+$', description });

/** Rupees as a JSON number with at most two decimals. */
export const Money = (options: { minimum?: number; exclusiveMinimum?: number } = {}) =>
  Type.Number({ multipleOf: 0.01, minimum: -MAX_RUPEES, maximum: MAX_RUPEES, ...options });

export const LocalDateSchema = Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

/** An ISO 8601 date-time; a plain date is accepted where the spec says "date or date-time". */
export const DateTimeSchema = Type.String({ format: 'date-time', description: 'ISO 8601 date-time' });

export const Email = Type.String({ format: 'email', maxLength: 254 });

export const PerPage = Type.Integer({ minimum: 1, maximum: 200, default: 50 });

export const CursorQuery = {
  per_page: Type.Optional(PerPage),
  cursor: Type.Optional(Type.String({ maxLength: 1024 })),
};

export const IdParam = <K extends string>(name: K) => Type.Object({ [name]: PathId(name) } as Record<K, ReturnType<typeof PathId>>);

/** A closed set of strings, as a plain JSON-schema enum (reads better in OpenAPI than a union of literals). */
export const StringEnum = <const T extends readonly string[]>(values: T, description?: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...(description && { description }) });

/**
 * "ISO 8601 date or date-time" (the spec's document dates). The business date is the
 * calendar date written; a time part, when sent, is kept only as given.
 */
export const DateOrDateTime = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})?)?$',
  format: 'iso-date-or-date-time',
  description: 'YYYY-MM-DD or an ISO 8601 date-time',
});
