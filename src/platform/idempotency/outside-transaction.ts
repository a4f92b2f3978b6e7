import type { RequestContext } from '../context';
import type { IdempotencyStore } from './idempotency.store';

/**
 * Runs the part of a keyed request that cannot sit in a transaction (sending an email or a
 * webhook) with its Idempotency-Key held in this process, so that a twin with the same key
 * gets 409 idempotency.in_progress instead of sending again. The unit of work that records
 * the outcome, and stores the answer with it, takes the key over in the same tick (the key is
 * released and entered again within one run of microtasks, so no twin can slip in between).
 */
export async function withKeyHeld<T>(idempotency: IdempotencyStore, ctx: RequestContext, work: () => Promise<T>): Promise<T> {
  const leave = ctx.idempotency ? idempotency.enter(ctx.idempotency) : undefined;
  try {
    return await work();
  } finally {
    leave?.();
  }
}
