import BetterSqlite3 from 'better-sqlite3';
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
import { Mutex } from '../kernel/mutex';
import { StatementCache, type Prepared } from './sqlite-statements';

/**
 * Kysely driver for better-sqlite3, written here rather than taken from Kysely because
 * the service needs what Kysely's own driver does not do:
 *  - write transactions begin with BEGIN IMMEDIATE, so the write lock is taken at the
 *    start and a transaction never fails half-way with SQLITE_BUSY on upgrade;
 *  - group commit: one fsync per transaction would cap the writes per second at the disk's
 *    fsync rate. Transactions that finish within the same turn of the event loop share one
 *    COMMIT: each runs in its own SAVEPOINT inside one BEGIN IMMEDIATE, and its commit (or
 *    rollback) returns only after the shared COMMIT has been made durable. Nothing is
 *    acknowledged before its fsync, and a transaction that fails is undone alone (ROLLBACK
 *    TO its savepoint). SQLite runs with synchronous=FULL: COMMIT returns once the WAL is on
 *    disk, and SQLite shows a commit to readers (of any process) only after that fsync, so
 *    nothing acknowledged or read can be lost to a power cut;
 *  - reads outside a transaction run on a second, query-only connection;
 *  - prepared statements are cached by SQL text (preparing dominates small queries);
 *  - a transaction waits for another connection's write lock (the webhook delivery thread's)
 *    on timers, not in SQLite's busy handler, which would sleep on the event loop.
 * Transactions run one at a time on the writing connection, under a mutex: SQLite has one
 * writer anyway.
 */

/** Transactions sharing one BEGIN IMMEDIATE … COMMIT; `durable` settles when that COMMIT has (on disk). */
class Group {
  members = 0;
  readonly durable: Promise<void>;
  settle!: (error?: unknown) => void;

  constructor() {
    this.durable = new Promise<void>((resolve, reject) => {
      this.settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    this.durable.catch(() => {}); // awaited by every member; never an unhandled rejection
  }
}

/** One acquisition by Kysely: a plain query, or one transaction on the writing connection. */
class Lease implements DatabaseConnection {
  release: (() => void) | null = null;
  group: Group | null = null;

  constructor(private readonly driver: GroupCommitSqliteDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, query);
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield* this.driver.stream<R>(this, query);
  }
}

const SAVEPOINT = 'bahi_tx';
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;
/** A group commits at the latest when this many transactions joined it. */
const MAX_GROUP = 64;
/** How long a transaction waits for another connection's write lock before it fails with SQLITE_BUSY. */
const WRITE_LOCK_WAIT_MS = 5000;

class GroupCommitSqliteDriver implements Driver {
  private readonly writer: StatementCache;
  private reader: StatementCache | null = null;
  private readonly mutex = new Mutex();
  private group: Group | null = null;
  private flushScheduled = false;

  constructor(database: BetterSqlite3.Database) {
    this.writer = new StatementCache(database);
  }

  async init(): Promise<void> {
    const file = this.writer.db;
    file.pragma('busy_timeout = 0'); // waits for the write lock are beginImmediate's, off the event loop
    if (file.memory) return; // a second connection would be a second, empty database
    const reader = new BetterSqlite3(file.name, { fileMustExist: true });
    reader.pragma('busy_timeout = 5000');
    reader.pragma('query_only = ON');
    this.reader = new StatementCache(reader);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Lease(this);
  }

  async execute<R>(lease: Lease, query: CompiledQuery): Promise<QueryResult<R>> {
    const parameters = query.parameters as unknown[];
    if (lease.group) return this.runOnWriter<R>(query.sql, parameters);
    const read = this.readStatement(query.sql);
    if (read) return this.reader!.run<R>(read, parameters);
    // A write outside a transaction (migration bookkeeping): after the pending group, on its own.
    const release = await this.mutex.lock();
    try {
      this.flush();
      return this.runOnWriter<R>(query.sql, parameters);
    } finally {
      release();
    }
  }

  async *stream<R>(lease: Lease, query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const parameters = query.parameters as unknown[];
    const read = lease.group ? undefined : this.readStatement(query.sql);
    if (read || lease.group) {
      const cache = read ? this.reader! : this.writer;
      for (const row of cache.iterate<R>(read ?? this.writer.prepare(query.sql), parameters)) yield { rows: [row] };
      return;
    }
    const release = await this.mutex.lock();
    try {
      this.flush();
      for (const row of this.writer.iterate<R>(this.writer.prepare(query.sql), parameters)) yield { rows: [row] };
    } finally {
      release();
    }
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    const release = await this.mutex.lock();
    const opens = !this.group;
    try {
      if (opens) {
        await this.beginImmediate();
        this.group = new Group();
      }
      this.writer.exec(`SAVEPOINT ${SAVEPOINT}`);
    } catch (error) {
      if (opens && this.group) this.abandon(error);
      release();
      throw error;
    }
    lease.group = this.group;
    lease.release = release;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    const group = lease.group!;
    this.writer.exec(`RELEASE ${SAVEPOINT}`);
    lease.group = null;
    group.members += 1;
    this.leave(lease, group);
    await group.durable;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    const group = lease.group;
    if (!group) return; // commitTransaction already left the transaction (its group failed)
    lease.group = null;
    if (!this.writer.db.inTransaction) {
      // SQLite undid the whole group (e.g. SQLITE_FULL): every member fails, this one with its own error.
      // SQLite rolls a whole transaction back itself only when it cannot go on (full disk, I/O error, out of memory): SQLITE_ABORT says so to the others.
      this.abandon(Object.assign(new Error('SQLite rolled back the transaction group after an error; nothing in it was committed'), { code: 'SQLITE_ABORT' }));
      lease.release?.();
      return;
    }
    try {
      this.writer.exec(`ROLLBACK TO ${SAVEPOINT}`);
      this.writer.exec(`RELEASE ${SAVEPOINT}`);
    } catch (error) {
      this.abandon(error);
      lease.release?.();
      throw error;
    }
    this.leave(lease, group);
    // What this transaction read (and so its error) may rest on earlier members: answer once they are committed.
    await group.durable;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // Transactions hand the writer back in commit/rollback, before waiting for their group's COMMIT.
    (connection as Lease).release?.();
    (connection as Lease).release = null;
  }

  async destroy(): Promise<void> {
    const release = await this.mutex.lock();
    try {
      this.flush();
    } finally {
      release();
      this.reader?.db.close();
      this.writer.db.close();
    }
  }

  /**
   * BEGIN IMMEDIATE, waiting for another connection's write lock (the webhook delivery thread's,
   * a `bahi migrate`) without blocking the event loop: the writer runs with busy_timeout=0, and a
   * refusal is retried after a short pause, longer each time, for up to WRITE_LOCK_WAIT_MS.
   * SQLite's own busy handler would sleep on this thread, and requests with it.
   */
  private async beginImmediate(): Promise<void> {
    const deadline = performance.now() + WRITE_LOCK_WAIT_MS;
    for (let pauseMs = 0.2; ; pauseMs = Math.min(pauseMs * 2, 10)) {
      try {
        this.writer.exec('BEGIN IMMEDIATE');
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY' || performance.now() >= deadline) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }

  private runOnWriter<R>(sql: string, parameters: unknown[]): QueryResult<R> {
    const result = this.writer.run<R>(this.writer.prepare(sql), parameters);
    if (SCHEMA_CHANGE.test(sql)) {
      this.writer.clear();
      this.reader?.clear();
    }
    return result;
  }

  /** The statement on the query-only connection when it is a read there; else undefined. */
  private readStatement(sql: string): Prepared | undefined {
    if (!this.reader) return undefined;
    try {
      const prepared = this.reader.prepare(sql);
      return prepared.statement.readonly ? prepared : undefined;
    } catch {
      return undefined; // e.g. names a table only the pending group has created: the writer answers
    }
  }

  /** Hands the writer on; the group commits now when full, else once this turn of the event loop is done. */
  private leave(lease: Lease, group: Group): void {
    try {
      if (group.members >= MAX_GROUP) this.flush();
      else if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => void this.flushWhenIdle());
      }
    } finally {
      lease.release?.();
      lease.release = null;
    }
  }

  private async flushWhenIdle(): Promise<void> {
    const release = await this.mutex.lock();
    try {
      this.flush();
    } finally {
      release();
    }
  }

  /** Commits the open group (caller holds the mutex). */
  private flush(): void {
    this.flushScheduled = false;
    const group = this.group;
    if (!group) return;
    this.group = null;
    try {
      this.writer.exec('COMMIT');
    } catch (error) {
      this.rollbackQuietly();
      group.settle(error);
      return;
    }
    group.settle();
  }

  private abandon(error: unknown): void {
    const group = this.group;
    this.group = null;
    this.rollbackQuietly();
    group?.settle(error);
  }

  private rollbackQuietly(): void {
    try {
      if (this.writer.db.inTransaction) this.writer.exec('ROLLBACK');
    } catch {
      // the connection already left the transaction
    }
  }
}

export function immediateSqliteDialect(database: BetterSqlite3.Database): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new GroupCommitSqliteDriver(database),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
