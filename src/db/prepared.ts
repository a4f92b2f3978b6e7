import { CompiledQuery, sql, type Insertable, type Kysely } from 'kysely';
import { BoundedCache } from '../kernel/bounded-cache';
import { asBatchable } from './batched-inserts';
import { perDatabase } from './per-database';
import type { Tables } from './schema';

/*
 * Kysely builds and compiles a query anew on every call: for the small statements of a
 * document create that cost as much CPU as SQLite running them. The hot statements are
 * therefore built and compiled once per database and shape, and each call only binds its
 * values. Both helpers stay on Kysely's compiler, so the SQL is the same on both engines.
 */

type Executor = Kysely<Tables>;

/**
 * `batchable`: an insert whose rows nothing later in the transaction expects an error from;
 * on PostgreSQL it may go with the transaction's next statement (batched-inserts.ts).
 */
interface Batching { batchable?: boolean }

const SLOT = Symbol('prepared query parameter');
interface Slot { [SLOT]: string }
const isSlot = (value: unknown): value is Slot => typeof value === 'object' && value !== null && SLOT in value;

/** Where each parameter of the compiled SQL comes from: a named argument, or a constant of the query. */
type Binding = { name: string } | { constant: unknown };

interface Template { sql: string; bindings: Binding[] }

/**
 * A query built once by `build`, with `args.<name>` standing for the values given on each
 * call. `build` must use each argument by name as a plain value (a comparison, a limit, a
 * column's value), never as a list, in JavaScript logic or by enumerating `args`: the
 * placeholders have no keys, and the shape of the query may not depend on the arguments.
 */
export function preparedQuery<A extends object, R>(
  build: (db: Executor, args: A) => { compile(): CompiledQuery<R> },
  { batchable = false }: Batching = {},
): (db: Executor, args: A) => Promise<R[]> {
  const templateOf = perDatabase((): { template?: Template } => ({}));
  const placeholders = new Proxy({}, { get: (_, name) => ({ [SLOT]: String(name) }) }) as A;
  return async (db, args) => {
    const state = templateOf(db);
    if (!state.template) {
      const compiled = build(db, placeholders).compile();
      state.template = {
        sql: compiled.sql,
        bindings: compiled.parameters.map((p) => (isSlot(p) ? { name: p[SLOT] } : { constant: p })),
      };
    }
    const { sql, bindings } = state.template;
    const parameters = bindings.map((b) => ('name' in b ? (args as Record<string, unknown>)[b.name] : b.constant));
    const query = CompiledQuery.raw(sql, parameters);
    const result = await db.executeQuery<R>(batchable ? asBatchable(query) : query);
    return result.rows;
  };
}

/**
 * A preparedQuery whose shape varies with a few choices made before its values are known
 * (which of a list's filters are set): one template per shape. `build` follows
 * preparedQuery's rules, and may branch on `shape` alone.
 */
export function preparedShapes<S extends Record<string, string | boolean>, A extends object, R>(
  build: (db: Executor, args: A, shape: S) => { compile(): CompiledQuery<R> },
): (db: Executor, shape: S, args: A) => Promise<R[]> {
  const byShape = new Map<string, (db: Executor, args: A) => Promise<R[]>>();
  return (db, shape, args) => {
    const key = Object.entries(shape).map(([name, choice]) => `${name}=${String(choice)}`).join('&');
    let query = byShape.get(key);
    if (!query) {
      query = preparedQuery((d, a: A) => build(d, a, shape));
      byShape.set(key, query);
    }
    return query(db, args);
  };
}

const insertsOf = perDatabase(() => new BoundedCache<string, string>(500));

/** What an insert does with a row that breaks a unique index: fails, is skipped, or adds its `sums` onto the row it meets on `keys`. */
type OnConflict = 'fail' | 'skip' | { keys: readonly string[]; sums: readonly string[] };

/**
 * Inserts rows, compiling the statement once per table, column list and row count. Kysely
 * compiles the first call; its SQL is kept only if its parameters are exactly the rows'
 * values, row by row in column order, so a shape Kysely would compile differently (an
 * undefined value it leaves out, rows with other keys) simply is not cached.
 */
export async function insertRows<T extends keyof Tables & string>(
  db: Executor, table: T, rows: readonly Insertable<Tables[T]>[], { batchable = false }: Batching = {},
): Promise<void> {
  if (rows.length > 0) await insert(db, table, rows, 'fail', batchable);
}

/**
 * Inserts one row unless it would break a unique index (ON CONFLICT DO NOTHING): whether it
 * was inserted. A claim on a unique value (a document number) in one statement, where
 * checking first and inserting after would take two, and the check could go stale between.
 */
export async function insertUnlessConflicting<T extends keyof Tables & string>(db: Executor, table: T, row: Insertable<Tables[T]>): Promise<boolean> {
  return (await insert(db, table, [row], 'skip', false)).numAffectedRows === 1n;
}

/**
 * Inserts rows, each adding its `sums` columns onto the existing row with the same `keys`
 * (ON CONFLICT DO UPDATE): running totals kept in one statement. The rows must have distinct
 * keys; PostgreSQL locks the rows it meets in the order they are given. `batchable` as for insertRows.
 */
export async function insertAddingUp<T extends keyof Tables & string>(
  db: Executor, table: T, rows: readonly Insertable<Tables[T]>[], keys: readonly string[], sums: readonly string[], { batchable = false }: Batching = {},
): Promise<void> {
  if (rows.length > 0) await insert(db, table, rows, { keys, sums }, batchable);
}

async function insert<T extends keyof Tables & string>(db: Executor, table: T, rows: readonly Insertable<Tables[T]>[], onConflict: OnConflict, batchable: boolean) {
  const send = (query: CompiledQuery) => db.executeQuery(batchable ? asBatchable(query) : query);
  const columns = Object.keys(rows[0]!);
  // One pass: the values in column order, and whether every row has exactly these keys, none undefined.
  const values = new Array<unknown>(rows.length * columns.length);
  let sameShape = true;
  let at = 0;
  for (const row of rows as readonly Record<string, unknown>[]) {
    let keys = 0;
    for (const _ in row) keys++;
    if (keys !== columns.length) sameShape = false;
    for (const column of columns) {
      const value = row[column];
      if (value === undefined) sameShape = false;
      values[at++] = value;
    }
  }
  const key = `${table}(${columns.join(',')})x${rows.length}${typeof onConflict === 'object' ? ` adding ${onConflict.sums.join(',')} on ${onConflict.keys.join(',')}` : onConflict === 'skip' ? ' unless conflicting' : ''}`;
  const cache = insertsOf(db);
  const sql = sameShape ? cache.get(key) : undefined;
  if (sql) return send(CompiledQuery.raw(sql, values));
  const query = db.insertInto(table).values(rows as never);
  const compiled = (
    onConflict === 'skip' ? query.onConflict((conflict) => conflict.doNothing())
      : typeof onConflict === 'object' ? query.onConflict((conflict) => conflict.columns(onConflict.keys as never).doUpdateSet(addedOnto(table, onConflict.sums) as never))
        : query
  ).compile();
  if (sameShape && compiled.parameters.length === values.length && compiled.parameters.every((p, i) => p === values[i])) {
    cache.set(key, compiled.sql);
  }
  return send(compiled);
}

/** `SET sum = table.sum + excluded.sum` for each column: what an insert adds onto the row it meets. */
function addedOnto(table: string, sums: readonly string[]) {
  return Object.fromEntries(sums.map((column) => [column, sql`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`]));
}
