import type { Database, Tx } from '../db/database';
import { isRetryableConflict } from '../db/driver-errors';
import type { RequestContext } from './context';
import type { IdempotencyStore } from './idempotency/idempotency.store';
import type { RenderedResponse } from './idempotency/idempotency.types';
import { noMetrics, type Metrics } from './metrics/metrics';

/**
 * Runs one use case as one transaction. With an Idempotency-Key, the key is claimed at
 * the start and its response stored at the end of the same transaction, so the write and
 * its idempotency record commit together or not at all; the stored answer is then kept on
 * the request (IdempotencyRequest.answer) for the route to send.
 */
export type UnitOfWork = <T>(ctx: RequestContext, work: (tx: Tx) => Promise<T>) => Promise<T>;

const MAX_ATTEMPTS = 3;

export function unitOfWork(database: Database, idempotency: IdempotencyStore, metrics: Metrics = noMetrics): UnitOfWork {
  return async (ctx, work) => {
    const request = ctx.idempotency;
    const leave = request ? idempotency.enter(request) : undefined;
    const measured = metrics.transaction();
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          let answer: RenderedResponse | undefined;
          const result = await database.transaction(async (tx) => {
            if (request) await idempotency.claim(tx, request);
            const result = await work(tx);
            if (request) {
              answer = request.render(result);
              await idempotency.complete(tx, request, answer);
            }
            return result;
          });
          // Committed: this is the answer the key replays, so it is the one the route sends.
          if (request) request.answer = answer;
          measured('committed', attempt - 1);
          return result;
        } catch (error) {
          // A deadlock or serialization failure rolled everything back: running again is safe.
          if (attempt < MAX_ATTEMPTS && isRetryableConflict(error)) continue;
          measured('rolled_back', attempt - 1);
          throw error;
        }
      }
    } finally {
      leave?.();
    }
  };
}
