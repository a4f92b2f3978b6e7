/**
 * Records the statements the database drivers are sent, below every layer of the service
 * (Kysely, the group-commit SQLite driver, the batching PostgreSQL driver): exactly what the
 * engine executes for a request, for bench/replay.ts. Installed once, before the service opens
 * its database, because statements are wrapped as they are prepared.
 */
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

export interface RecordedStatement {
  sql: string;
  parameters: unknown[];
  /** PostgreSQL: the session options of the connection it was sent on (the rate limiter's differ). */
  sessionOptions?: string;
}

let recording: RecordedStatement[] | null = null;
let installed = false;

function wrapSqliteStatement(statement: BetterSqlite3.Statement, sql: string): void {
  const methods = statement as unknown as Record<'run' | 'all' | 'get' | 'iterate', (...args: unknown[]) => unknown>;
  for (const name of ['run', 'all', 'get', 'iterate'] as const) {
    const original = methods[name];
    methods[name] = function (this: unknown, ...args: unknown[]) {
      recording?.push({ sql, parameters: Array.isArray(args[0]) ? [...(args[0] as unknown[])] : args });
      return original.apply(this, args);
    };
  }
}

export function installStatementRecorder(): void {
  if (installed) return;
  installed = true;
  const database = BetterSqlite3.prototype as unknown as { prepare(sql: string): BetterSqlite3.Statement };
  const prepare = database.prepare;
  database.prepare = function (this: BetterSqlite3.Database, sql: string) {
    const statement = prepare.call(this, sql);
    wrapSqliteStatement(statement, sql);
    return statement;
  };
  const client = pg.Client.prototype as unknown as { query(...args: unknown[]): unknown };
  const query = client.query;
  client.query = function (this: pg.Client, ...args: unknown[]) {
    if (recording) {
      const [first, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      const sessionOptions = (this as unknown as { connectionParameters: { options?: string } }).connectionParameters.options;
      recording.push(typeof first === 'string'
        ? { sql: first, parameters: values ?? [], sessionOptions }
        : { sql: first.text, parameters: first.values ?? [], sessionOptions });
    }
    return query.apply(this, args);
  };
}

/** Runs `work` and returns the statements sent meanwhile (one request at a time: nothing else may run). */
export async function recordStatements<T>(work: () => Promise<T>): Promise<{ value: T; statements: RecordedStatement[] }> {
  if (!installed) throw new Error('recordStatements: installStatementRecorder() was not called before the service opened its database');
  if (recording) throw new Error('recordStatements: already recording');
  recording = [];
  try {
    const value = await work();
    return { value, statements: recording };
  } finally {
    recording = null;
  }
}
