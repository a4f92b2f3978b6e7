import type { Database, Tx } from '../db/database';
import { isRetryableConflict } from '../db/driver-errors';
import type { RequestContext } from './context';
import type { IdempotencyStore } from './idempotency/idempotency.store';

/**
 * Runs one use case as one transaction. With an Idempotency-Key, the key is claimed at
 * the start and its response stored at the end of the same transaction, so the write and
 * its idempotency record commit together or not at all.
 */
export type UnitOfWork = <T>(ctx: RequestContext, work: (tx: Tx) => Promise<T>) => Promise<T>;

const MAX_ATTEMPTS = 3;

export function unitOfWork(database: Database, idempotency: IdempotencyStore): UnitOfWork {
  return async (ctx, work) => {
    const request = ctx.idempotency;
    const leave = request ? idempotency.enter(request) : undefined;
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          return await database.transaction(async (tx) => {
            if (request) await idempotency.claim(tx, ctx.orgId, request);
            const result = await work(tx);
            if (request) await idempotency.complete(tx, ctx.orgId, request, request.render(result));
            return result;
          });
        } catch (error) {
          // A deadlock or serialization failure rolled everything back: running again is safe.
          if (attempt < MAX_ATTEMPTS && isRetryableConflict(error)) continue;
          throw error;
        }
      }
    } finally {
      leave?.();
    }
  };
}
