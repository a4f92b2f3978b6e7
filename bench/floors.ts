/**
 * What this machine does without Bahi: the floors that the `npm run bench` figures are read
 * against. The issues state their write targets as a share of the raw engine ("half the raw
 * engine's fsynced transactions/s"), and on a shared VM the raw engine moves by 2× within an
 * hour, so each bench run measures the floors in its own window (bench/run.ts), and
 * bench/calibrate.ts prints them alone.
 *  - raw SQLite: fsynced write transactions per second (WAL, synchronous=FULL, BEGIN IMMEDIATE,
 *    one statement prepared once), and the time of one COMMIT with its fsync;
 *  - raw PostgreSQL: BEGIN, 11 inserts, COMMIT per transaction, on n connections;
 *  - Fastify hello world under autocannon at 16 connections, the server in its own process.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

/** Invoice-shaped: a create writes about eleven rows (the invoice, its lines, a journal and its lines). */
export const INVOICE_SHAPED_INSERTS = 11;

export function rawSqlite(insertsPerTx: number, seconds: number): { txPerSecond: number; commitUs: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-calibrate-'));
  try {
    const db = new BetterSqlite3(path.join(dir, 'raw.sqlite'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, org_id TEXT NOT NULL, name TEXT NOT NULL, amount INTEGER NOT NULL, created TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO t (org_id, name, amount, created) VALUES (?, ?, ?, ?)');
    const deadline = performance.now() + seconds * 1000;
    let txs = 0;
    let commitMs = 0;
    while (performance.now() < deadline) {
      db.exec('BEGIN IMMEDIATE');
      for (let i = 0; i < insertsPerTx; i++) insert.run('org_1', `row ${txs}-${i}`, i * 100, new Date().toISOString());
      const t = performance.now();
      db.exec('COMMIT');
      commitMs += performance.now() - t;
      txs++;
    }
    db.close();
    return { txPerSecond: Math.round(txs / seconds), commitUs: Math.round((commitMs / txs) * 1000) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function rawPostgres(url: string, connections: number, seconds: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  try {
    await pool.query('CREATE TABLE IF NOT EXISTS calibrate_t (id bigserial PRIMARY KEY, org_id text NOT NULL, name text NOT NULL, amount bigint NOT NULL, created text NOT NULL)');
    const deadline = performance.now() + seconds * 1000;
    let txs = 0;
    const worker = async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < deadline) {
          await client.query('BEGIN');
          for (let i = 0; i < INVOICE_SHAPED_INSERTS; i++) {
            await client.query('INSERT INTO calibrate_t (org_id, name, amount, created) VALUES ($1, $2, $3, $4)', ['org_1', `row ${txs}-${i}`, i * 100, new Date().toISOString()]);
          }
          await client.query('COMMIT');
          txs++;
        }
      } finally {
        client.release();
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    await pool.query('DROP TABLE calibrate_t');
    return Math.round(txs / seconds);
  } finally {
    await pool.end();
  }
}

export async function helloWorld(seconds: number): Promise<{ rps: number; p99Ms: number }> {
  const server = path.join(path.dirname(new URL(import.meta.url).pathname), 'hello-server.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', server], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
      child.once('exit', (code) => reject(new Error(`hello-server exited with ${code}`)));
    });
    const url = `http://127.0.0.1:${port}/`;
    await autocannon({ url, connections: 16, duration: 1 });
    const r = await autocannon({ url, connections: 16, duration: seconds });
    return { rps: Math.round(r.requests.average), p99Ms: r.latency.p99 };
  } finally {
    child.kill('SIGKILL');
  }
}

/** The floors one bench run records before and after an engine's scenarios. */
export interface Floors {
  at: string;
  /** Raw SQLite, invoice-shaped transactions (11 inserts, synchronous=FULL) per second. */
  sqliteTxPerSecond: number;
  sqliteCommitUs: number;
  /** Raw PostgreSQL, invoice-shaped transactions per second on 8 connections (the service's pool). */
  postgresTxPerSecond?: number;
  helloRps: number;
}

export async function measureFloors(databaseUrl: string | undefined, seconds: number): Promise<Floors> {
  const sqlite = rawSqlite(INVOICE_SHAPED_INSERTS, seconds);
  const postgresTxPerSecond = databaseUrl ? await rawPostgres(databaseUrl, 8, seconds) : undefined;
  const hello = await helloWorld(seconds);
  return { at: new Date().toISOString(), sqliteTxPerSecond: sqlite.txPerSecond, sqliteCommitUs: sqlite.commitUs, postgresTxPerSecond, helloRps: hello.rps };
}

export function describeFloors(f: Floors): string {
  const postgres = f.postgresTxPerSecond === undefined ? '' : `, raw PostgreSQL ${f.postgresTxPerSecond.toLocaleString('en-US')} tx/s (8 connections)`;
  return `raw SQLite ${f.sqliteTxPerSecond.toLocaleString('en-US')} tx/s (COMMIT ${f.sqliteCommitUs} µs)${postgres}, Fastify hello world ${f.helloRps.toLocaleString('en-US')} req/s`;
}
