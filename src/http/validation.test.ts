import { Type } from '@sinclair/typebox';
import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../kernel/errors';
import { Body, DateOrDateTime, DateTimeSchema, Email, Id, LocalDateSchema, Money, Nullable, StringEnum, Text } from './schema-kit';
import { fieldPath, toValidationError, validatorCompiler } from './validation';

describe('fieldPath', () => {
  it.each([
    ['', undefined, ''],
    ['', 'contact_name', 'contact_name'],
    ['/contact_name', undefined, 'contact_name'],
    ['/line_items/0/rate', undefined, 'line_items[0].rate'],
    ['/line_items/0', 'rate', 'line_items[0].rate'],
    ['/line_items/12/taxes/3/tax_id', undefined, 'line_items[12].taxes[3].tax_id'],
    ['/billing_address/city', undefined, 'billing_address.city'],
    ['/billing_address', 'zip', 'billing_address.zip'],
    ['/matrix/0/1', undefined, 'matrix[0][1]'],
    ['/0/name', undefined, '[0].name'],
    ['/a~1b/c~0d', undefined, 'a/b.c~d'],
    ['/a~01', undefined, 'a~1'],
  ])('%j with child %j is %j', (instancePath, child, expected) => {
    expect(fieldPath(instancePath, child)).toBe(expected);
  });
});

/** Validates with the server's own compiler and turns the failure into the DomainError the client sees. */
function failureOf(schema: object, value: unknown, httpPart = 'body'): DomainError {
  const validate = validatorCompiler({ schema, httpPart, method: 'POST', url: '/x' }) as ((v: unknown) => boolean) & { errors?: ErrorObject[] };
  expect(validate(value)).toBe(false);
  return toValidationError(validate.errors!, httpPart);
}

const LineItems = Body({
  line_items: Type.Array(Body({ rate: Money({ minimum: 0 }), quantity: Type.Number({ exclusiveMinimum: 0 }), description: Type.Optional(Text(10)) })),
  notes: Type.Optional(Nullable(Text(5))),
  address: Type.Optional(Nullable(Body({ city: Text(5), zip: Type.Optional(Text(6)) }))),
});

describe('toValidationError', () => {
  it('names array members as line_items[0].rate', () => {
    const error = failureOf(LineItems, { line_items: [{ rate: 1, quantity: 1 }, { rate: -5, quantity: 1 }] });
    expect(error.code).toBe('validation.invalid_value');
    expect(error.field).toBe('line_items[1].rate');
    expect(error.errors).toEqual([{ field: 'line_items[1].rate', code: 'validation.invalid_value', message: expect.stringContaining('line_items[1].rate') }]);
  });

  it('lists every failing field, the first as code and field', () => {
    const error = failureOf(LineItems, { line_items: [{ rate: 1.234, quantity: 0, description: 'far too long', colour: 'red' }] });
    expect(error.errors!.map((e) => e.field).sort()).toEqual(
      ['line_items[0].colour', 'line_items[0].description', 'line_items[0].quantity', 'line_items[0].rate'],
    );
    expect(error.field).toBe(error.errors![0]!.field);
    expect(error.message).toBe(error.errors![0]!.message);
    const rate = error.errors!.find((e) => e.field === 'line_items[0].rate')!;
    expect(rate.message).toBe('line_items[0].rate must have at most two decimal places, such as 10.25');
    const unknown = error.errors!.find((e) => e.field === 'line_items[0].colour')!;
    expect(unknown).toEqual({ field: 'line_items[0].colour', code: 'validation.invalid_value', message: 'line_items[0].colour is not a known field; remove it' });
  });

  it('reports a missing field as validation.required_field at its full path', () => {
    const error = failureOf(LineItems, { line_items: [{ rate: 1 }] });
    expect(error.code).toBe('validation.required_field');
    expect(error.field).toBe('line_items[0].quantity');
    expect(error.message).toBe('line_items[0].quantity is required');
  });

  it('reports a nullable scalar once, with the informative branch', () => {
    const error = failureOf(LineItems, { line_items: [], notes: 'too long' });
    expect(error.errors).toHaveLength(1);
    expect(error.field).toBe('notes');
    expect(error.message).not.toMatch(/null/);
  });

  it('names the inner field of a nullable object, not the object itself', () => {
    const error = failureOf(LineItems, { line_items: [], address: { city: 'Bengaluru', planet: 'Mars' } });
    expect(error.errors!.map((e) => e.field).sort()).toEqual(['address.city', 'address.planet']);
  });

  it('reports a nullable object of the wrong type once, on the object', () => {
    const error = failureOf(LineItems, { line_items: [], address: 'Pune' });
    expect(error.errors!.map((e) => e.field)).toEqual(['address']);
  });

  it('names the body itself when it is not an object', () => {
    const error = failureOf(LineItems, [1, 2]);
    expect(error.field).toBe('body');
  });

  it('names a query parameter, and the part when nothing narrower fails', () => {
    const query = Body({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) });
    expect(failureOf(query, { limit: '0' }, 'querystring').field).toBe('limit');
    expect(failureOf(query, { other: 'x' }, 'querystring').field).toBe('other');
    expect(failureOf(Type.Object({}, { minProperties: 1 }), {}, 'querystring').field).toBe('querystring');
  });

  it('coerces query text but not body values', () => {
    const schema = Body({ n: Type.Integer() });
    const text = validatorCompiler({ schema, httpPart: 'querystring', method: 'GET', url: '/x' }) as (v: unknown) => boolean;
    expect(text({ n: '5' })).toBe(true);
    expect(failureOf(schema, { n: '5' }).field).toBe('n');
  });
});

/** The one message (and details) a single-field body failure gives. */
function answerFor(schema: object, value: unknown) {
  const error = failureOf(Body({ f: schema as never }), { f: value });
  expect(error.errors).toHaveLength(1);
  return { message: error.message, details: error.details };
}

describe('messages say what to fix, never a regex or a format name', () => {
  it.each<[string, object, unknown, string, Record<string, unknown> | undefined]>([
    ['enum', StringEnum(['CUSTOMER', 'VENDOR', 'BOTH']), 'PARTNER', 'f must be one of CUSTOMER, VENDOR or BOTH', { allowed: ['CUSTOMER', 'VENDOR', 'BOTH'] }],
    ['enum of the wrong type', StringEnum(['CUSTOMER', 'VENDOR']), 5, 'f must be one of CUSTOMER or VENDOR', { allowed: ['CUSTOMER', 'VENDOR'] }],
    ['nullable enum', Nullable(StringEnum(['A', 'B'])), 'C', 'f must be one of A, B or null', { allowed: ['A', 'B', null] }],
    ['union of literals', Type.Union([Type.Literal('PAID'), Type.Literal('VOID')]), 'OPEN', 'f must be one of PAID or VOID', { allowed: ['PAID', 'VOID'] }],
    ['const', Type.Literal(true), false, 'f must be true', { allowed: [true] }],
    ['minimum', Type.Integer({ minimum: 1 }), 0, 'f must be at least 1', { minimum: 1 }],
    ['maximum', Type.Integer({ maximum: 200 }), 201, 'f must be at most 200', { maximum: 200 }],
    ['exclusiveMinimum', Type.Number({ exclusiveMinimum: 0 }), 0, 'f must be greater than 0', { exclusiveMinimum: 0 }],
    ['multipleOf', Type.Number({ multipleOf: 5 }), 7, 'f must be a multiple of 5', { multipleOf: 5 }],
    ['minLength 1', Text(10, 1), '', 'f must not be empty', { minLength: 1 }],
    ['minLength', Text(10, 3), 'ab', 'f must be at least 3 characters long', { minLength: 3 }],
    ['maxLength', Text(5), 'abcdefg', 'f must be at most 5 characters long (it has 7)', { maxLength: 5 }],
    ['minItems', Type.Array(Type.String(), { minItems: 1 }), [], 'f must have at least 1 item', { minItems: 1 }],
    ['maxItems', Type.Array(Type.String(), { maxItems: 2 }), ['a', 'b', 'c'], 'f must have at most 2 items', { maxItems: 2 }],
    ['uniqueItems', Type.Array(Type.String(), { uniqueItems: true }), ['a', 'b', 'a'], 'f must not list the same item twice (items 0 and 2 are equal)', undefined],
    ['type', Type.Integer(), '5', 'f must be a whole number, not a string', undefined],
    ['type of a number', Type.Integer(), 1.5, 'f must be a whole number, not 1.5', undefined],
    ['nullable type', Nullable(Text(5)), 5, 'f must be a string or null, not 5', undefined],
    ['NUL in text', Text(10), 'a\u0000b', 'f must not contain the NUL character (\\u0000)', undefined],
    ['id pattern', Id(), 'con-1', 'f must be an id as the API returns it (letters, digits and _)', undefined],
    ['currency pattern', Type.String({ pattern: '^[A-Z]{3}$' }), 'inr', 'f must be a three-letter ISO 4217 currency code in capitals, such as INR', undefined],
    ['unknown pattern with a description', Type.String({ pattern: '^x+$', description: 'one or more x' }), 'y', 'f must be one or more x', undefined],
    ['email', Email, 'nope', 'f must be an email address, such as name@example.com', undefined],
  ])('%s', (_label, schema, value, message, details) => {
    expect(answerFor(schema, value)).toEqual({ message, details });
  });

  it.each<[string, object, string, string]>([
    ['an impossible day', LocalDateSchema, '2026-02-30', 'f 2026-02-30 is not a day: February 2026 has 28 days'],
    ['29 February of a leap year is fine, 30 is not', LocalDateSchema, '2028-02-30', 'f 2028-02-30 is not a day: February 2028 has 29 days'],
    ['month 13', LocalDateSchema, '2026-13-01', 'f 2026-13-01 is not a day: the month must be 01 to 12'],
    ['a day-first date', LocalDateSchema, '30/01/2026', 'f must be a date written YYYY-MM-DD, such as 2026-01-30'],
    ['an unpadded date', LocalDateSchema, '2026-1-5', 'f must be a date written YYYY-MM-DD, such as 2026-01-30'],
    ['a date-time where a date is due', LocalDateSchema, '2026-01-05T10:00:00Z', 'f must be a date written YYYY-MM-DD, such as 2026-01-30'],
    ['a date or date-time', DateOrDateTime, '30/01/2026',
      'f must be a date written YYYY-MM-DD, such as 2026-01-30, or an ISO 8601 date-time, such as 2026-01-30T14:30:00+05:30'],
    ['an impossible day in a date-time', DateOrDateTime, '2026-04-31T10:00:00+05:30', 'f 2026-04-31 is not a day: April 2026 has 30 days'],
    ['a date-time', DateTimeSchema, 'tomorrow', 'f must be an ISO 8601 date-time, such as 2026-01-30T14:30:00+05:30'],
    ['a union of date and date-time formats', Type.Union([Type.String({ format: 'date' }), Type.String({ format: 'date-time' })]), '2026-1-5',
      'f must be a date written YYYY-MM-DD, such as 2026-01-30, or an ISO 8601 date-time, such as 2026-01-30T14:30:00+05:30'],
  ])('dates: %s', (_label, schema, value, message) => {
    const answer = answerFor(schema, value);
    expect(answer.message).toBe(message);
    expect(answer.message).not.toMatch(/\\d|iso-date|\^|\$/);
  });

  it.each<[string, unknown]>([
    ['a date', '2026-01-30'],
    ['29 February of a leap year', '2028-02-29'],
    ['a date-time with a zone', '2026-01-30T14:30:00+05:30'],
    ['a date-time in UTC with milliseconds', '2026-01-30T09:00:00.123Z'],
    ['a date-time without a zone (India time)', '2026-06-15T00:00:00'],
    ['a date-time without seconds', '2026-01-30T14:30'],
  ])('a date or date-time takes %s', (_label, value) => {
    const validate = validatorCompiler({ schema: Body({ f: DateOrDateTime }), httpPart: 'body', method: 'POST', url: '/x' }) as (v: unknown) => boolean;
    expect(validate({ f: value })).toBe(true);
  });

  it.each<[string, unknown]>([
    ['29 February of a common year', '2027-02-29T10:00:00'],
    ['hour 24', '2026-01-30T24:00:00Z'],
    ['an offset of 99 hours', '2026-01-30T10:00:00+99:00'],
  ])('a date or date-time refuses %s, naming the accepted forms or the missing day', (_label, value) => {
    expect(answerFor(DateOrDateTime, value).message).toMatch(/^f (must be a date written YYYY-MM-DD|\d{4}-\d{2}-\d{2} is not a day)/);
  });

  it.each([0.07, 0.29, 0.57, 19.99, 1.1, -5.05, 999_999_999_999.99, 1_000_000_000_000])('money takes %s (two decimals, however binary floating point holds it)', (value) => {
    const validate = validatorCompiler({ schema: Body({ f: Money() }), httpPart: 'body', method: 'POST', url: '/x' }) as (v: unknown) => boolean;
    expect(validate({ f: value })).toBe(true);
  });

  it.each([0.001, 1.005, 1e-7, 10.255])('money refuses %s with the two-decimals message', (value) => {
    expect(answerFor(Money(), value).message).toBe('f must have at most two decimal places, such as 10.25');
  });

  it('writes a positive amount with exclusiveMinimum alone, never with minimum too', () => {
    expect(Money({ exclusiveMinimum: 0 })).toMatchObject({ exclusiveMinimum: 0 });
    expect(Money({ exclusiveMinimum: 0 })).not.toHaveProperty('minimum');
    expect(Money()).not.toHaveProperty('multipleOf');
  });

  it('suggests the declared field nearest to an unknown one', () => {
    const error = failureOf(Body({ contact_name: Type.Optional(Text()), currency_code: Type.Optional(Text()) }), { contact_nme: 'Asha' });
    expect(error.message).toBe('contact_nme is not a known field; did you mean contact_name?');
  });

  it('gives the first failing field\'s details at the top, and keeps errors[] to field, code and message', () => {
    const error = failureOf(Body({ kind: StringEnum(['A', 'B']), n: Type.Integer({ maximum: 3 }) }), { kind: 'C', n: 4 });
    expect(error.details).toEqual({ allowed: ['A', 'B'] });
    expect(error.errors).toEqual([
      { field: 'kind', code: 'validation.invalid_value', message: 'kind must be one of A or B' },
      { field: 'n', code: 'validation.invalid_value', message: 'n must be at most 3' },
    ]);
  });
});
