import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { describeDriverError, isDatabaseUnavailable } from '../db/driver-errors';
import { DomainError, serviceUnavailable } from '../kernel/errors';
import type { IdempotencyStore } from '../platform/idempotency/idempotency.store';
import { IdempotentReplay } from '../platform/idempotency/idempotency.types';
import { ERROR_STATUS } from './error-status';
import type { InvalidBodyRule } from './route';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's InvalidBodyRule, set by the server for the error handler. */
    invalidBody?: InvalidBodyRule;
  }
}
import { toValidationError } from './validation';

const unsupportedMediaType = () =>
  new DomainError('validation.invalid_value', 'Send the body as application/json', { field: 'Content-Type', status: 415 });

/** A Content-Type was sent and it is not JSON (a missing body with no Content-Type is a plain 400). */
function sentNonJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return !!type && type !== 'application/json' && !type.endsWith('+json');
}

/** Anything thrown → the DomainError it means. Unknown errors become internal.error (and are logged). */
function asDomainError(error: unknown, request: FastifyRequest): DomainError {
  if (error instanceof DomainError) return error;
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.validation) {
    // Fastify parses text/plain itself, so such a body reaches validation as a string: the fault is the media type.
    if (fastifyError.validationContext === 'body' && sentNonJson(request)) return unsupportedMediaType();
    const invalid = toValidationError(fastifyError.validation as never, fastifyError.validationContext ?? 'body');
    const rule = request.routeOptions.config.invalidBody;
    if (fastifyError.validationContext !== 'body' || !rule) return invalid;
    // The per-field codes stay in errors[]; the answer as a whole takes the route's code and status.
    return new DomainError(rule.code, invalid.message, { field: invalid.field, errors: invalid.errors, status: rule.status });
  }
  const status = fastifyError.statusCode;
  if (status === 413) {
    return new DomainError('validation.invalid_value', 'The request body is too large', { field: 'body', status: 413 });
  }
  if (status === 415) return unsupportedMediaType();
  if (status !== undefined && status >= 400 && status < 500) {
    // Malformed JSON, empty JSON body, prototype poisoning, bad headers: all input faults.
    return new DomainError('validation.invalid_value', fastifyError.message ?? 'The request is malformed', { field: 'body' });
  }
  return new DomainError('internal.error', 'An unexpected error occurred; it is safe to retry with the same Idempotency-Key');
}

export function statusOf(error: DomainError): number {
  return error.status ?? ERROR_STATUS[error.code];
}

export function errorBody(error: DomainError, requestId: string) {
  return {
    code: error.code,
    message: error.message,
    ...(error.field !== undefined && { field: error.field }),
    ...(error.details !== undefined && { details: error.details }),
    request_id: requestId,
    ...(error.errors !== undefined && error.errors.length > 0 && { errors: error.errors }),
  };
}

/** Refused before or around the operation, not by it: a retry may get another answer, so these are never stored with the key. */
const NOT_THE_OPERATIONS = new Set([401, 403, 429]);

/**
 * A 4xx the operation itself produced (validation or a business rule) is deterministic: it is
 * stored so a retry gets the same answer. 5xx, authentication, scope, rate limits and the key's
 * own refusals (key_required, in_progress) are not.
 */
const refusedByTheOperation = (status: number, error: DomainError) =>
  status >= 400 && status < 500 && !NOT_THE_OPERATIONS.has(status) && !error.code.startsWith('idempotency.');

export function errorHandler(idempotency: IdempotencyStore) {
  return async (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof IdempotentReplay) {
      return reply.code(error.response.status).header('Idempotent-Replayed', 'true').send(error.response.body);
    }
    const domain = asDomainError(error, request);
    request.errorCode = domain.code;
    const status = statusOf(domain);
    // An outage is the operator's to mend, not a bug: one line with the driver's code, no stack (an outage logs one per request).
    if (domain.code === 'service.unavailable') request.log.warn({ cause: describeDriverError(error) }, 'database unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    const body = errorBody(domain, request.id);
    const idem = request.ctx?.idempotency;
    if (idem && refusedByTheOperation(status, domain)) {
      // The refusal stands even when it cannot be stored (the database went away meanwhile): a retry then runs again and refuses again.
      await idempotency.recordRefusal(idem, { status, body }).catch((err: unknown) => request.log.warn({ err }, 'refusal not stored with its Idempotency-Key'));
    }
    for (const [name, value] of Object.entries(domain.headers ?? {})) reply.header(name, value);
    return reply.code(status).send(body);
  };
}

