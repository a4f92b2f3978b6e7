import fs from 'node:fs';
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
import { WalSync, type Fsync } from './wal-sync';

export type { Fsync } from './wal-sync';

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
 *    TO its savepoint);
 *  - the fsync happens off the event loop: SQLite runs with synchronous=NORMAL, which in WAL
 *    mode skips only the fsync of the WAL at COMMIT (checkpoints still sync), and the driver
 *    makes that fsync itself on libuv's thread pool (`WalSync`). better-sqlite3 would block
 *    the one JavaScript thread for the whole fsync; now the next group is built meanwhile.
 *    The guarantee is synchronous=FULL's: a group is acknowledged after its WAL frames are on
 *    disk. If an fsync fails, the driver refuses all further work (as PostgreSQL panics):
 *    after a failed fsync the kernel may have dropped the dirty pages, so nothing written
 *    since can be trusted to be on disk;
 *  - reads outside a transaction run on a second, query-only connection, and wait for the
 *    fsync in flight, so they see only what is committed and durable. Where another process
 *    writes the file (`othersWrite`: a peer under BAHI_PROCESSES), whose fsync this process
 *    cannot wait for, a read answers only after an fsync of the WAL that began after it;
 *  - prepared statements are cached by SQL text (preparing dominates small queries);
 *  - a transaction waits for another connection's write lock (the webhook delivery thread's)
 *    on timers, not in SQLite's busy handler, which would sleep on the event loop.
 * Transactions run one at a time on the writing connection, under a mutex: SQLite has one
 * writer anyway.
 */

/** Transactions sharing one BEGIN IMMEDIATE … COMMIT; `durable` settles when that COMMIT has. */
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
  private walSync: WalSync | null = null;
  /** The latest WAL fsync in flight: it covers every group committed before it began. */
  private syncing: Promise<void> | null = null;
  /** Set when an fsync failed: nothing may be written or read after it. */
  private failure: Error | null = null;

  constructor(database: BetterSqlite3.Database, private readonly fsync: Fsync, private readonly othersWrite: boolean) {
    this.writer = new StatementCache(database);
  }

  async init(): Promise<void> {
    const file = this.writer.db;
    file.pragma('busy_timeout = 0'); // waits for the write lock are beginImmediate's, off the event loop
    if (file.memory) return; // a second connection would be a second, empty database
    if (file.pragma('journal_mode', { simple: true }) === 'wal' && file.pragma('synchronous', { simple: true }) === 1) {
      this.walSync = new WalSync(`${file.name}-wal`, this.fsync);
    }
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
    if (read) {
      await this.durable();
      const result = this.reader!.run<R>(read, parameters);
      if (this.othersWrite) await this.othersDurable();
      return result;
    }
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
    if (read && this.othersWrite) {
      // Nothing is handed out before the fsync that covers what was read.
      const rows = [...(await this.execute<R>(lease, query)).rows];
      for (const row of rows) yield { rows: [row] };
      return;
    }
    if (read || lease.group) {
      if (read) await this.durable();
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
      if (this.failure) throw this.failure;
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
    // What this transaction read (and so its error) may rest on earlier members: answer once they are durable.
    await group.durable;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // Transactions hand the writer back in commit/rollback, before waiting for the fsync.
    (connection as Lease).release?.();
    (connection as Lease).release = null;
  }

  async destroy(): Promise<void> {
    const release = await this.mutex.lock();
    try {
      this.flush();
      await this.durable().catch(() => {}); // the failure was reported to the group's members
    } finally {
      release();
      this.walSync?.close();
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

  /** Settles once everything committed so far is on disk. */
  private async durable(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.syncing) await this.syncing;
  }

  /**
   * Settles once every COMMIT a read just saw is on disk, another process's too: that process
   * acknowledges its writes only after its own fsync, but SQLite shows them to readers at COMMIT.
   */
  private async othersDurable(): Promise<void> {
    try {
      await this.walSync?.syncAfter();
    } catch (error) {
      throw this.fsyncFailed(error as Error);
    }
  }

  /** After a failed fsync the kernel may have dropped dirty pages: nothing may be written or read after it. */
  private fsyncFailed(error: Error): Error {
    this.failure = new Error(`fsync of the SQLite WAL failed; restart the service (${error.message})`, { cause: error });
    return this.failure;
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
    if (!this.walSync) return group.settle();
    const synced = this.walSync.sync();
    this.syncing = synced;
    synced.then(
      () => {
        if (this.syncing === synced) this.syncing = null;
        group.settle();
      },
      (error: Error) => group.settle(this.fsyncFailed(error)),
    );
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

export interface SqliteDriverOptions {
  /** How the WAL reaches the disk; tests pass one that fails or waits. */
  fsync?: Fsync;
  /** Other processes write the same file (BAHI_PROCESSES): a read answers once what it saw is durable. */
  othersWrite?: boolean;
}

export function immediateSqliteDialect(database: BetterSqlite3.Database, { fsync = fs.fsync, othersWrite = false }: SqliteDriverOptions = {}): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new GroupCommitSqliteDriver(database, fsync, othersWrite),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
