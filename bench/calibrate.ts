/**
 * What this machine can do without Bahi, to read the `npm run bench` figures against:
 *  - raw SQLite: fsynced write transactions per second (WAL, synchronous=FULL, BEGIN IMMEDIATE),
 *    one insert and eleven (invoice-shaped) per transaction, and the fsync time of one commit;
 *  - Fastify hello-world requests per second under autocannon (16 connections, same as the bench);
 *  - raw PostgreSQL (when BENCH_DATABASE_URL is set, e.g. under scripts/with-postgres.sh, which
 *    sets TEST_DATABASE_URL): invoice-shaped write transactions (BEGIN, 11 inserts, COMMIT)
 *    per second on 1 and 8 connections.
 *
 *   node --import tsx bench/calibrate.ts
 *   scripts/with-postgres.sh node --import tsx bench/calibrate.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

function rawSqlite(insertsPerTx: number, seconds: number) {
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

async function rawPostgres(url: string, connections: number, seconds: number) {
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
          for (let i = 0; i < 11; i++) {
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

async function helloWorld(seconds: number) {
  if (process.argv[2] === '--hello-server') {
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address() as { port: number };
    process.stdout.write(`${address.port}\n`);
    return undefined;
  }
  // The server runs in its own process, as Bahi's does in the bench.
  const child = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--hello-server'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
    const url = `http://127.0.0.1:${port}/`;
    await autocannon({ url, connections: 16, duration: 2 });
    const r = await autocannon({ url, connections: 16, duration: seconds });
    return { rps: Math.round(r.requests.average), p99Ms: r.latency.p99 };
  } finally {
    child.kill('SIGKILL');
  }
}

if (process.argv[2] === '--hello-server') {
  await helloWorld(0);
} else {
  console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const inserts of [1, 11]) {
    const r = rawSqlite(inserts, 5);
    console.log(`raw SQLite, ${inserts} insert(s) per tx (WAL, FULL): ${r.txPerSecond} tx/s; COMMIT (fsync) ${r.commitUs} µs`);
  }
  const hello = await helloWorld(5);
  console.log(`Fastify hello world, 16 connections: ${hello?.rps} req/s, p99 ${hello?.p99Ms} ms`);
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (url) {
    for (const connections of [1, 8, 16]) {
      console.log(`raw PostgreSQL, BEGIN + 11 inserts + COMMIT, ${connections} connection(s): ${await rawPostgres(url, connections, 5)} tx/s`);
    }
  }
}
