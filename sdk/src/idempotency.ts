import type { Middleware } from 'openapi-fetch';

/** Methods whose requests change something: each carries an Idempotency-Key. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Adds `Idempotency-Key: <random UUID>` to every write the caller did not give one, before the
 * request is sent, so that every retry of it (retry.ts) carries the same key and the server
 * answers a repeat with the first answer instead of doing the work twice.
 */
export const idempotencyKeys: Middleware = {
  onRequest({ request }) {
    if (WRITES.has(request.method) && !request.headers.has('Idempotency-Key')) {
      request.headers.set('Idempotency-Key', crypto.randomUUID());
    }
    return request;
  },
};
