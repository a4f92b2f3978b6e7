/**
 * The closed set of error codes the service answers with. The spec's table comes
 * first; the rest are the decisions in docs/rules/errors-and-validation.md and the HTTP layer's own cases.
 * Each code's HTTP status lives in one table: src/http/error-status.ts.
 */
export const ERROR_CODES = [
  'validation.invalid_value',
  'validation.required_field',
  'validation.failed',
  'validation.duplicate_resource',
  'conflict.already_allocated',
  'conflict.allocated',
  'conflict.invalid_state',
  'conflict.series_exhausted',
  'conflict.period_locked',
  'conflict.period_filed',
  /** A bank line in a closed reconciliation, or an entry matched to one (docs/rules/banking.md, "Reconciliation"). */
  'conflict.reconciled',
  'idempotency.key_required',
  'idempotency.in_progress',
  'not_found.resource',
  'not_found.route',
  'authn.token_invalid',
  'authz.scope_missing',
  'auth.insufficient_scope',
  'rate_limit.exceeded',
  'email.send_failed',
  'storage.upload_failed',
  'internal.error',
  'service.unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The spec names a few code-and-context pairs with a status other than the code's own. */
export type StatusOverride = 413 | 415 | 422;

export interface FieldError {
  field: string;
  code: ErrorCode;
  message: string;
}

export interface DomainErrorOptions {
  field?: string;
  details?: Record<string, unknown>;
  errors?: FieldError[];
  status?: StatusOverride;
  headers?: Record<string, string>;
}

export class DomainError extends Error {
  readonly field?: string;
  readonly details?: Record<string, unknown>;
  readonly errors?: FieldError[];
  readonly status?: StatusOverride;
  readonly headers?: Record<string, string>;

  constructor(readonly code: ErrorCode, message: string, options: DomainErrorOptions = {}) {
    super(message);
    this.name = 'DomainError';
    this.field = options.field;
    this.details = options.details;
    this.errors = options.errors;
    this.status = options.status;
    this.headers = options.headers;
  }
}

export const invalidValue = (field: string | undefined, message: string, options: Omit<DomainErrorOptions, 'field'> = {}) =>
  new DomainError('validation.invalid_value', message, { ...options, field });

export const requiredField = (field: string, message = `${field} is required`) =>
  new DomainError('validation.required_field', message, { field });

export const notFound = (what: string, field?: string) =>
  new DomainError('not_found.resource', `${what} not found`, { field });

export const invalidState = (message: string, details?: Record<string, unknown>) =>
  new DomainError('conflict.invalid_state', message, { details });

/** Seconds a client is told to wait before retrying while the service cannot reach or write its database. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

export const serviceUnavailable = (message = 'The service cannot reach its database right now; retrying with the same Idempotency-Key is safe') =>
  new DomainError('service.unavailable', message, { headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) } });
