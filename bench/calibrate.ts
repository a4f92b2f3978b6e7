/**
 * What this machine can do without Bahi (bench/floors.ts), printed alone:
 *  - raw SQLite, one insert and eleven (invoice-shaped) per fsynced transaction;
 *  - Fastify hello world at 16 connections;
 *  - raw PostgreSQL on 1, 8 and 16 connections, when BENCH_DATABASE_URL or TEST_DATABASE_URL is
 *    set (scripts/with-postgres.sh sets the latter).
 * `npm run bench` measures the same floors around each engine's scenarios.
 *
 *   node --import tsx bench/calibrate.ts
 *   scripts/with-postgres.sh node --import tsx bench/calibrate.ts
 */
import os from 'node:os';
import { helloWorld, rawPostgres, rawSqlite } from './floors';

console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (const inserts of [1, 11]) {
  const r = rawSqlite(inserts, 5);
  console.log(`raw SQLite, ${inserts} insert(s) per tx (WAL, FULL): ${r.txPerSecond} tx/s; COMMIT (fsync) ${r.commitUs} µs`);
}
const hello = await helloWorld(5);
console.log(`Fastify hello world, 16 connections: ${hello.rps} req/s, p99 ${hello.p99Ms} ms`);
const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (url) {
  for (const connections of [1, 8, 16]) {
    console.log(`raw PostgreSQL, BEGIN + 11 inserts + COMMIT, ${connections} connection(s): ${await rawPostgres(url, connections, 5)} tx/s`);
  }
}
