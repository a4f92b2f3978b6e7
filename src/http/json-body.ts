import type { FastifyInstance } from 'fastify';
import { DomainError } from '../kernel/errors';
import { findJsonFault } from './json-error-position';

/**
 * The body is not JSON: where it stops being JSON, as line, column and character offset,
 * so a client can find the fault. Valid JSON refused by the parser carried a prototype key.
 */
export function malformedJson(text: string): DomainError {
  const fault = findJsonFault(text);
  if (!fault) {
    return new DomainError('validation.invalid_value', 'The body may not contain a "__proto__" key or a "constructor" key holding "prototype"', { field: 'body' });
  }
  const where = `line ${fault.line}, column ${fault.column} (character ${fault.offset + 1})`;
  const what = fault.truncated ? `it ends at ${where} before the JSON value is complete` : `unexpected ${JSON.stringify(text[fault.offset])} at ${where}`;
  return new DomainError('validation.invalid_value', `The body is not valid JSON: ${what}`, {
    field: 'body', details: { line: fault.line, column: fault.column, offset: fault.offset },
  });
}

/**
 * Fastify's own JSON parser (same limits and prototype-poisoning guard), whose refusal of a
 * malformed body says nothing of where; this one answers with malformedJson instead.
 */
export function parseJsonWithPositions(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string' hands over a string; Fastify's type allows a Buffer too.
    const text = typeof body === 'string' ? body : body.toString('utf8');
    parse(request, text, (error, value) => {
      done(error && (error as { code?: string }).code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? malformedJson(text) : error, value);
    });
  });
}
