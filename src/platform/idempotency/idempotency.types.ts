/** A rendered HTTP answer, as stored for replay. */
export interface StoredResponse {
  status: number;
  body: unknown;
}

export interface IdempotencyRequest {
  key: string;
  /** Whose key it is: the token. Together with key, method and path it names the record. */
  subject: string;
  method: string;
  path: string;
  /** Hash of the request body; the same key with another body is refused. */
  requestHash: string;
  /** Turns the use case's result into the response stored with the key. */
  render(result: unknown): StoredResponse;
}

/** Thrown inside a unit of work when the key was already answered: the caller replays it. */
export class IdempotentReplay extends Error {
  constructor(readonly response: StoredResponse) {
    super('idempotent replay');
  }
}
