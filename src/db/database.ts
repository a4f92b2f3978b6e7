import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, type Transaction } from 'kysely';
import pg from 'pg';
import { BatchingPostgresDialect } from './batched-inserts';
import { runDeferred } from './before-commit';
import type { Engine } from './engine';
import { isDatabaseUnavailable } from './driver-errors';
import { migrationProvider } from './migrations';
import { resilientPool } from './pg-pool';
import type { Tables } from './schema';
import { immediateSqliteDialect } from './sqlite-driver';

export type Tx = Transaction<Tables>;
export type Db = Kysely<Tables>;

export interface Database {
  readonly engine: Engine;
  /** For reads outside a use case. Writes always go through transaction(). */
  readonly db: Db;
  /** One use case = one call. SQLite: BEGIN IMMEDIATE. PostgreSQL: READ COMMITTED + row locks. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: the connection pool as it is now (for /metrics); absent on SQLite, which has no pool. */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  /** Connections open, idle or in use. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory holding the embedded database file (ignored with databaseUrl). */
  dataDir: string;
  /** PostgreSQL connections; default DEFAULT_PG_POOL_SIZE. */
  poolSize?: number;
}

/**
 * Connections a process keeps to PostgreSQL (BAHI_PG_POOL_SIZE overrides it). Past a few per
 * database core, more connections only move the queue into PostgreSQL: transactions compete
 * for its CPU, and one that holds a row lock (a document number's counter) waits its turn for
 * a core while the others wait for the lock. With fewer, requests queue here, in arrival order,
 * holding nothing. On two cores that cut the p99 of invoice creates by a third or more, not
 * their rate (docs/benchmarks.md, "Mechanisms measured on and off").
 */
export const DEFAULT_PG_POOL_SIZE = 8;

// bigint columns hold paise and counters well inside 2^53: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// SUM over bigint is NUMERIC in PostgreSQL; no column stores fractions, so sums are integer paise too.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    // Named, so an operator can tell the service's connections apart in pg_stat_activity.
    const pool = resilientPool({ connectionString: options.databaseUrl, max: options.poolSize ?? DEFAULT_PG_POOL_SIZE, application_name: 'bahi' });
    return {
      ...wrap('postgres', new Kysely<Tables>({ dialect: new BatchingPostgresDialect({ pool }) })),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = configureSqlite(new BetterSqlite3(path.join(options.dataDir, 'bahi.sqlite')));
  return wrap('sqlite', new Kysely<Tables>({ dialect: immediateSqliteDialect(file) }));
}

/** The settings the service's writing connection runs with (the bench's bulk loader writes with them too). */
export function configureSqlite(file: BetterSqlite3.Database): BetterSqlite3.Database {
  // WAL for concurrent readers; FULL syncs the WAL at each COMMIT (one per group of
  // transactions: sqlite-driver.ts), so a committed write survives a power cut, not only a crash.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  // A transaction's savepoint journal (every group member runs in a SAVEPOINT) and sorts stay
  // in memory: in a temporary file each journaled page cost two write system calls.
  file.pragma('temp_store = MEMORY');
  return file;
}

function wrap(engine: Engine, db: Db): Database {
  return {
    engine,
    db,
    transaction: (work) => db.transaction().execute(async (tx) => {
      const result = await work(tx);
      await runDeferred(tx);
      return result;
    }),
    async migrate() {
      const migrator = new Migrator({ db, provider: migrationProvider(engine) });
      const { error, results } = await migrator.migrateToLatest();
      const failed = results?.find((r) => r.status === 'Error');
      // An unreachable database is thrown as the driver said it, so a caller can tell waiting from giving up.
      if (isDatabaseUnavailable(error)) throw error;
      if (error || failed) {
        throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
      }
    },
    close: () => db.destroy(),
  };
}
