/*
 * Work a transaction defers to its very end. Running totals that every writer of a day
 * touches (ledger balances) are written last, right before COMMIT: the row locks they take
 * are then held for the commit alone, not for the whole use case, so concurrent writers
 * queue only briefly on them.
 */

interface Deferred {
  state: unknown;
  write: () => Promise<void>;
}

const deferred = new WeakMap<object, Map<string, Deferred>>();

/**
 * What the transaction collects under `key` to write just before it commits: made by `create`
 * on first use, when `write` is deferred (in the order first used); the same state after that.
 */
export function deferredState<S>(tx: object, key: string, create: () => S, write: (state: S) => Promise<void>): S {
  let queue = deferred.get(tx);
  if (!queue) deferred.set(tx, (queue = new Map()));
  const known = queue.get(key);
  if (known) return known.state as S;
  const state = create();
  queue.set(key, { state, write: () => write(state) });
  return state;
}

/** What database.transaction runs once the work has returned (and a savepoint before it is released). */
export async function runDeferred(tx: object): Promise<void> {
  const queue = deferred.get(tx);
  if (!queue) return;
  deferred.delete(tx);
  for (const { write } of queue.values()) await write();
}

/** Forgets the deferred work unwritten: what a rollback to a savepoint undid must not be written after it. */
export function discardDeferred(tx: object): void {
  deferred.delete(tx);
}
