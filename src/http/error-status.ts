import type { ErrorCode } from '../kernel/errors';

/** The HTTP status of each error code: one table. Spec-named exceptions travel on the error (413, 415, 422). */
export const ERROR_STATUS = {
  'validation.invalid_value': 400,
  'validation.required_field': 400,
  'validation.failed': 422,
  'validation.duplicate_resource': 409,
  'conflict.already_allocated': 409,
  'conflict.allocated': 409,
  'conflict.invalid_state': 409,
  'conflict.series_exhausted': 409,
  'conflict.period_locked': 409,
  'conflict.period_filed': 409,
  'conflict.reconciled': 409,
  'idempotency.key_required': 400,
  'idempotency.in_progress': 409,
  'not_found.resource': 404,
  'not_found.route': 404,
  'authn.token_invalid': 401,
  'authz.scope_missing': 403,
  'auth.insufficient_scope': 403,
  'rate_limit.exceeded': 429,
  'email.send_failed': 502,
  'storage.upload_failed': 502,
  'internal.error': 500,
  'service.unavailable': 503,
} as const satisfies Record<ErrorCode, number>;
