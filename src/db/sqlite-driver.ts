import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';

/**
 * Kysely driver for better-sqlite3, written here rather than taken from Kysely because
 * the service needs two things Kysely's own driver does not do:
 *  - write transactions begin with BEGIN IMMEDIATE, so the write lock is taken at the
 *    start and a transaction never fails half-way with SQLITE_BUSY on upgrade;
 *  - prepared statements are cached by SQL text (preparing dominates small queries).
 * One connection, handed out under a mutex: SQLite has one writer anyway.
 */
class StatementCachingConnection implements DatabaseConnection {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();

  constructor(private readonly db: BetterSqlite3.Database) {}

  private prepare(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (this.statements.size > 2000) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.prepare(query.sql);
    const parameters = query.parameters as unknown[];
    if (statement.reader) {
      return { rows: statement.all(parameters) as R[] };
    }
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      rows: [],
      numAffectedRows: BigInt(changes),
      insertId: lastInsertRowid === undefined ? undefined : BigInt(lastInsertRowid),
    };
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const statement = this.prepare(query.sql);
    for (const row of statement.iterate(query.parameters as unknown[])) {
      yield { rows: [row as R] };
    }
  }

  raw(sql: string): void {
    this.db.exec(sql);
  }
}

class ConnectionMutex {
  private tail: Promise<void> = Promise.resolve();

  async lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => next);
    await previous;
    return release;
  }
}

class ImmediateSqliteDriver implements Driver {
  private connection?: StatementCachingConnection;
  private readonly mutex = new ConnectionMutex();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(private readonly database: BetterSqlite3.Database) {}

  async init(): Promise<void> {
    this.connection = new StatementCachingConnection(this.database);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    const connection = this.connection!;
    this.releases.set(connection, release);
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as StatementCachingConnection).raw('BEGIN IMMEDIATE');
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as StatementCachingConnection).raw('COMMIT');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.database.inTransaction) (connection as StatementCachingConnection).raw('ROLLBACK');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.releases.get(connection)?.();
  }

  async destroy(): Promise<void> {
    this.database.close();
  }
}

export function immediateSqliteDialect(database: BetterSqlite3.Database): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ImmediateSqliteDriver(database),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
