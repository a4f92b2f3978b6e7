import { sql } from 'kysely';
import { discardDeferred, runDeferred } from './before-commit';
import type { Tx } from './database';

/**
 * Runs `work` in a savepoint of the caller's transaction, so that a failure undoes it alone.
 * Work deferred to the commit (before-commit.ts: the ledger's day balances) is written at each
 * edge of the savepoint, inside the part it belongs to: what comes before is written before
 * the savepoint, the work's own before its release, and a rollback to the savepoint forgets
 * the work's unwritten part, so nothing rolled back is ever written later. `rollback` undoes
 * the work so far and keeps the savepoint, for work that tries again.
 */
export async function inSavepoint<T>(tx: Tx, work: (rollback: () => Promise<void>) => Promise<T>): Promise<T> {
  await runDeferred(tx);
  await sql`savepoint bahi_part`.execute(tx);
  const rollback = async () => {
    discardDeferred(tx);
    await sql`rollback to savepoint bahi_part`.execute(tx);
  };
  try {
    const result = await work(rollback);
    await runDeferred(tx);
    await sql`release savepoint bahi_part`.execute(tx);
    return result;
  } catch (error) {
    await rollback();
    await sql`release savepoint bahi_part`.execute(tx);
    throw error;
  }
}
