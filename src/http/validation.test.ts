import { Type } from '@sinclair/typebox';
import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../kernel/errors';
import { Body, Money, Nullable, Text } from './schema-kit';
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
    expect(rate.message).toBe('line_items[0].rate must have at most two decimal places');
    const unknown = error.errors!.find((e) => e.field === 'line_items[0].colour')!;
    expect(unknown).toEqual({ field: 'line_items[0].colour', code: 'validation.invalid_value', message: 'line_items[0].colour is not a known field' });
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
