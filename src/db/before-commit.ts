/*
 * Work a transaction defers to its very end. Running totals that every writer of a day
 * touches (ledger balances) are written last, right before COMMIT: the row locks they take
 * are then held for the commit alone, not for the whole use case, so concurrent writers
 * queue only briefly on them.
 */

const deferred = new WeakMap<object, Array<() => Promise<void>>>();

/** Runs `last` after the transaction's work, just before it commits (in the order deferred). */
export function beforeCommit(tx: object, last: () => Promise<void>): void {
  const queue = deferred.get(tx);
  if (queue) queue.push(last);
  else deferred.set(tx, [last]);
}

/** What database.transaction runs once the work has returned. */
export async function runDeferred(tx: object): Promise<void> {
  const queue = deferred.get(tx);
  if (!queue) return;
  deferred.delete(tx);
  for (const last of queue) await last();
}
