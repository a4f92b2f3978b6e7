import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { configureSqlite } from '../../src/db/database';
import type { Row } from './row-template';

export type Engine = 'sqlite' | 'postgres';

/**
 * The database a bulk loader writes to directly, with no server in between: reads with `?`
 * placeholders, and multi-row INSERTs of many rows per statement, all in one transaction.
 */
export interface BulkTarget {
  engine: Engine;
  read(sql: string, params?: unknown[]): Promise<Row[]>;
  insert(table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void>;
  run(sql: string, params?: unknown[]): Promise<void>;
  transaction(work: () => Promise<void>): Promise<void>;
  /**
   * What the engine's own housekeeping does after a load this size, before anyone reads: on
   * PostgreSQL autovacuum's ANALYZE (the planner judges tables by their statistics, and a
   * million new rows make a table a different one); SQLite keeps none unless asked, and the
   * service never asks, so nothing.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** Rows per INSERT: as many as the engine's parameter limit allows, at most 1,000 (longer statements gain nothing). */
const rowsPerStatement = (columns: number, maxParameters: number) => Math.max(1, Math.min(1000, Math.floor(maxParameters / columns)));

const insertSql = (table: string, columns: readonly string[], rows: number, placeholder: (n: number) => string) => {
  let n = 0;
  const tuple = () => `(${columns.map(() => placeholder(++n)).join(',')})`;
  return `INSERT INTO ${table} (${columns.join(',')}) VALUES ${Array.from({ length: rows }, tuple).join(',')}`;
};

/** The server's own SQLite file in its data directory (the server stopped meanwhile), with the server's pragmas. */
export function sqliteTarget(dataDir: string): BulkTarget {
  const file = configureSqlite(new BetterSqlite3(path.join(dataDir, 'bahi.sqlite')));
  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepared = (table: string, columns: readonly string[], rows: number) => {
    const key = `${table}:${columns.join(',')}:${rows}`;
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = file.prepare(insertSql(table, columns, rows, () => '?'))));
    return statement;
  };
  return {
    engine: 'sqlite',
    read: async (sql, params = []) => file.prepare(sql).all(...params) as Row[],
    run: async (sql, params = []) => {
      file.prepare(sql).run(...params);
    },
    async insert(table, columns, rows) {
      const per = rowsPerStatement(columns.length, 32_766);
      for (let at = 0; at < rows.length; at += per) {
        const chunk = rows.slice(at, at + per);
        prepared(table, columns, chunk.length).run(...chunk.flat());
      }
    },
    async transaction(work) {
      file.exec('BEGIN IMMEDIATE');
      try {
        await work();
        file.exec('COMMIT');
      } catch (error) {
        file.exec('ROLLBACK');
        throw error;
      }
    },
    settle: async () => {},
    close: async () => {
      file.close();
    },
  };
}

/** A PostgreSQL database through one `pg` client. */
export async function postgresTarget(databaseUrl: string): Promise<BulkTarget> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    engine: 'postgres',
    read: async (sql, params = []) => (await client.query(numbered(sql), params)).rows as Row[],
    run: async (sql, params = []) => {
      await client.query(numbered(sql), params);
    },
    async insert(table, columns, rows) {
      const per = rowsPerStatement(columns.length, 65_535);
      for (let at = 0; at < rows.length; at += per) {
        const chunk = rows.slice(at, at + per);
        await client.query(insertSql(table, columns, chunk.length, (n) => `$${n}`), chunk.flat());
      }
    },
    async transaction(work) {
      await client.query('BEGIN');
      try {
        await work();
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
    settle: async () => {
      await client.query('ANALYZE');
    },
    close: () => client.end(),
  };
}
