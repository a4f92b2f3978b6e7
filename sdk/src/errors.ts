import type { components } from './generated/schema.js';

type ErrorBody = components['schemas']['Error'];
type FieldError = components['schemas']['FieldError'];

/**
 * A refused request: the API's error body (`code`, `message`, `field`, `details`,
 * `request_id`, `errors[]`) with the HTTP status. An answer that is not a Bahi error body
 * (a proxy's 502 page, say) gets the code `unexpected_response`.
 */
export class BahiError extends Error {
  override readonly name = 'BahiError';
  readonly status: number;
  readonly code: ErrorBody['code'] | 'unexpected_response';
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly request_id: string | undefined;
  readonly errors: FieldError[];

  constructor(status: number, body: Partial<ErrorBody> | undefined, requestId?: string | null) {
    super(body?.message ?? `HTTP ${status}`);
    this.status = status;
    this.code = body?.code ?? 'unexpected_response';
    this.field = body?.field;
    this.details = body?.details;
    this.request_id = body?.request_id ?? requestId ?? undefined;
    this.errors = body?.errors ?? [];
  }

  /** The error an answer stands for; `body` is what the client parsed of it. */
  static of(response: Response, body: unknown): BahiError {
    const errorBody = isErrorBody(body) ? body : undefined;
    return new BahiError(response.status, errorBody, response.headers.get('x-request-id'));
  }
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string' && typeof (body as { message?: unknown }).message === 'string';
}
