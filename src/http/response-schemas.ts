import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { ERROR_CODES, type ErrorCode } from '../kernel/errors';
import { ERROR_STATUS } from './error-status';

/*
 * What the server answers, described once: the OpenAPI document's responses are built from
 * these schemas, and the API suite validates every answer of every test against that document
 * (test/support/response-check.ts), so a schema that drifts from the server fails the tests.
 */

const components: TSchema[] = [];

/**
 * A schema with a name: it appears once in the document's `components.schemas` and is
 * referenced wherever it is used. Returns the reference, typed as the schema.
 */
export function Named<T extends TSchema>(name: string, schema: T): ReturnType<typeof Type.Unsafe<Static<T>>> {
  if (components.some((c) => c.$id === name)) throw new Error(`a schema named ${name} is already registered`);
  components.push({ ...schema, $id: name });
  return Type.Unsafe<Static<T>>({ $ref: `${name}#` });
}

/** Every named schema, for the server to register before its routes. */
export const namedSchemas = (): readonly TSchema[] => components;

/** An object whose every property is declared: an answer carrying anything else does not match the document. */
export const Strict = <P extends TProperties>(properties: P, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description && { description }) });

const FieldError = Named('FieldError', Strict({
  field: Type.String(),
  code: Type.Unsafe<ErrorCode>({ type: 'string', enum: [...ERROR_CODES] }),
  message: Type.String(),
}, 'One field that failed validation.'));

export const ErrorBody = Named('Error', Strict({
  code: Type.Unsafe<ErrorCode>({ type: 'string', enum: [...ERROR_CODES], description: 'A stable, dotted error code' }),
  message: Type.String({ description: 'What went wrong and, where it can, what to do about it' }),
  field: Type.Optional(Type.String({ description: 'The input at fault: a path such as `line_items[0].rate`, or a header name' })),
  details: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Facts about the failure (allowed values, limits, the state found)' })),
  request_id: Type.String({ description: 'Also sent as the X-Request-Id header' }),
  errors: Type.Optional(Type.Array(FieldError, { description: 'Every field that failed, when several did' })),
}, 'Every error answer: 4xx and 5xx alike.'));

/** The success envelope around a route's resource keys: `code` 0 and a message. */
export const envelopeOf = (payload: TProperties) =>
  Strict({ code: Type.Literal(0), message: Type.String(), ...payload });

/** Statuses the spec gives to a code other than the code's own (src/kernel/errors.ts StatusOverride). */
const OVERRIDDEN: Record<number, ErrorCode[]> = {
  413: ['validation.invalid_value'],
  415: ['validation.invalid_value'],
  422: ['validation.invalid_value', 'validation.required_field'],
};

/** Codes only some operations can answer: listed for those that declare them (route `failsWithCodes`), not under every one of their status. */
const OPERATION_CODES: readonly ErrorCode[] = ['conflict.period_locked', 'conflict.period_filed', 'conflict.reconciled'];

/** The codes an error status can carry on an operation, for its description in the document. */
export function codesOf(status: number, declared: readonly ErrorCode[] = []): ErrorCode[] {
  return [
    ...(OVERRIDDEN[status] ?? []),
    ...ERROR_CODES.filter((code) => ERROR_STATUS[code] === status && (!OPERATION_CODES.includes(code) || declared.includes(code))),
  ];
}

/** The cursor form of a list's page_context (the spec's "Cursor" pagination). */
export const PageContext = Named('PageContext', Strict({
  per_page: Type.Integer(),
  has_more_page: Type.Boolean(),
  next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass back unchanged as `cursor` for the next page; null on the last' }),
}, 'Where a cursor list stands.'));

/** Rupees in an answer: a number with at most two decimals. */
export const Amount = Type.Number({ description: 'Rupees (or the document currency), at most two decimals' });

/** A timestamp in an answer: ISO 8601 in UTC. */
export const Timestamp = Type.String({ format: 'date-time' });

export const NullableOf = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The limit form of a list's page_context (the spec's "Limit" pagination: newest first, no cursor; page back with since/until). */
export const LimitPageContext = Named('LimitPageContext', Strict({
  limit: Type.Integer({ description: 'The most entries asked for' }),
  returned: Type.Integer({ description: 'How many entries this answer holds' }),
  has_more_page: Type.Boolean({ description: 'Older entries exist beyond this answer' }),
}, 'Where a limit list stands.'));

/** The page form of a list's page_context (the spec's "Page" pagination: comments, attachments, recurring schedules). */
export const PagePageContext = Named('PagePageContext', Strict({
  page: Type.Integer({ description: 'The page this answer holds, from 1' }),
  per_page: Type.Integer(),
  has_more_page: Type.Boolean({ description: 'Ask for page + 1 for more' }),
}, 'Where a page list stands.'));
