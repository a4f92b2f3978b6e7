import type { JsonText } from '../../kernel/json-text';

/** An HTTP answer as stored for replay (a replay reads its body back as a value). */
export interface StoredResponse {
  status: number;
  body: unknown;
}

/** A success answer rendered once to JSON text: stored with the key and sent as it is. */
export interface RenderedResponse extends StoredResponse {
  body: JsonText;
}

/**
 * One Idempotency-Key as the spec's replay cache names it: (key, method, path, auth subject),
 * where the subject is the token together with the organisation it acts on, so a token bound
 * to several organisations has one key space per organisation. The body is not part of it.
 */
export interface IdempotencyRequest {
  key: string;
  /** The token. */
  subject: string;
  /** The organisation the request acts on: the rest of the subject. */
  orgId: string;
  method: string;
  path: string;
  /** The answer shows a secret (a webhook signing secret): stored sealed, opened for a replay. */
  sealAnswer?: boolean;
  /** Turns the use case's result into the response stored with the key. */
  render(result: unknown): RenderedResponse;
  /**
   * The response stored with the key once the unit of work committed: the route sends exactly
   * this, so the first answer and every replay are the same bytes whatever the route returns.
   */
  answer?: RenderedResponse;
}

/** Thrown inside a unit of work when the key was already answered: the caller replays it. */
export class IdempotentReplay extends Error {
  constructor(readonly response: StoredResponse) {
    super('idempotent replay');
  }
}
