import { PostgresAdapter, type Kysely } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** Which engine a Kysely instance or transaction runs on: decides locking and SQL dialect bits. */
export function engineOf(db: Kysely<any>): Engine { // eslint-disable-line @typescript-eslint/no-explicit-any -- any table set
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
