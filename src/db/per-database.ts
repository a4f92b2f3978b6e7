import type { Kysely } from 'kysely';

/**
 * State that belongs to one database, such as a cache of rows that never change. Keyed by
 * the database's adapter, which a transaction shares with its root, so `tx` and `db` find
 * the same state and two databases in one process (as in tests) never share it.
 */
export function perDatabase<T>(create: () => T): (db: Kysely<any>) => T { // eslint-disable-line @typescript-eslint/no-explicit-any -- any table set
  const states = new WeakMap<object, T>();
  return (db) => {
    const key = db.getExecutor().adapter;
    let state = states.get(key);
    if (state === undefined) states.set(key, (state = create()));
    return state;
  };
}
