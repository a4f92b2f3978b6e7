/**
 * The engine's own ceiling for each write the issues set a target for: the statements one
 * request sends, recorded from the service (bench/statement-recorder.ts) and replayed straight
 * into the engine with nothing else running: no HTTP, no validation, no application code, no
 * Kysely. What the replay reaches is the most the service could reach with its present
 * statements, schema and indexes on this machine, however lean everything above the driver.
 *
 *  - SQLite: one thread, as the service (one writing connection). Requests run in groups of 6
 *    and of 16, each in its own SAVEPOINT inside one BEGIN IMMEDIATE … COMMIT, as the driver's
 *    group commit does: 6 is the group the service reaches at 16 connections
 *    (docs/benchmarks.md, "SQLite"), 16 the most 16 connections could make. The WAL's fsync is timed
 *    apart, because the service makes it off the thread.
 *  - PostgreSQL: as many connections as the service's pool (8; BENCH_REPLAY_PG_CONNECTIONS),
 *    each sending its statements in turn, as recorded (the transaction's BEGIN and COMMIT
 *    included); a statement recorded on a connection with other session options (the rate
 *    limiter's) goes to a connection with the same options.
 *
 * Each replayed request gets fresh values where the schema wants unique ones: the ids minted
 * while it was recorded, its Idempotency-Key, and the document number it was given. Everything
 * else is sent as recorded, so reads find what they found and updates touch the rows they
 * touched; 24 recorded requests take turns, so that payments' allocations spread over several
 * invoices, as the benchmark's do.
 *
 *   npm run bench:replay
 *   scripts/with-postgres.sh npm run bench:replay          (PostgreSQL too, on TEST_DATABASE_URL)
 *
 * Knobs (env): BENCH_REPLAY_SECONDS per replay (default 5), BENCH_REPLAY_PG_CONNECTIONS,
 * BENCH_SCENARIOS (as npm run bench), BENCH_OUT to write the results as JSON.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { configureSqlite, DEFAULT_PG_POOL_SIZE } from '../src/db/database';
import { systemClock } from '../src/kernel/clock';
import { ulidGenerator, type IdGenerator, type IdPrefix } from '../src/kernel/ids';
import { composeApp } from '../src/main/compose';
import { bootstrapOrg, request, runJobs, seedContacts } from './api-client';
import { describeMachine } from './machine';
import { scenarios } from './scenarios';
import { scenarioSelection, selects, type BenchContext, type Engine, type Scenario } from './scenario-types';
import { installStatementRecorder, recordStatements, type RecordedStatement } from './statement-recorder';

installStatementRecorder();

/**
 * The writes with a throughput target in issues 3-5 (bench/scenarios.ts, bench/document-scenarios.ts),
 * but not POST /payments/{id}/apply: its reads look at the payment's allocations, and a replay that
 * applies the same recorded pairs again and again piles allocations on them that no real run has.
 */
const REPLAYED = ['POST /expenses', 'POST /invoices', 'POST /bills', 'POST /payments ('];
const RECORDED_REQUESTS = 24;
const WARM_UP_REQUESTS = 300;
const SQLITE_GROUPS = [6, 16];
const PG_CONNECTIONS = Number(process.env.BENCH_REPLAY_PG_CONNECTIONS ?? DEFAULT_PG_POOL_SIZE);
const TRANSACTION_CONTROL = /^\s*(begin|savepoint|release|commit|rollback)\b/i;

interface RecordedRequest {
  statements: RecordedStatement[];
  /** Values that must differ in every replayed create: the ids minted while it was recorded, */
  minted: string[];
  /** and its Idempotency-Key and document number. */
  unique: string[];
}

interface Recording {
  scenario: string;
  requests: RecordedRequest[];
}

interface ReplayResult {
  scenario: string;
  statements: number;
  sqlite?: { group: number; createsPerSecond: number; threadUsPerCreate: number; fsyncUsPerGroup: number }[];
  postgres?: { connections: number; createsPerSecond: number };
}

const seconds = Number(process.env.BENCH_REPLAY_SECONDS ?? 5);
const selection = scenarioSelection(process.env.BENCH_SCENARIOS);
const chosen = scenarios.filter((s) => REPLAYED.some((name) => s.name.startsWith(name)) && selects(selection, s.name));

/** An id generator that can tell which ids were minted between start() and stop(): what a recorded request created. */
function recordingIds(): { ids: IdGenerator; start(): void; stop(): string[] } {
  const base = ulidGenerator(systemClock);
  let minted: string[] | null = null;
  const ids: IdGenerator = {
    next: (prefix) => {
      const id = base.next(prefix);
      minted?.push(id);
      return id;
    },
  };
  return {
    ids,
    start: () => void (minted = []),
    stop: () => {
      const taken = minted ?? [];
      minted = null;
      return taken;
    },
  };
}

/** The document number a create answered with (invoice_number, bill_number, payment_number, ...). */
function documentNumbers(answer: Record<string, unknown>): string[] {
  const entity = Object.values(answer).find((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v));
  return Object.entries(entity ?? {}).filter(([key, value]) => key.endsWith('_number') && typeof value === 'string').map(([, value]) => value as string);
}

/** Runs the service in this process on `engine`, sets each scenario up as the benchmark does, and records some of its requests. */
async function record(engine: Engine, databaseUrl: string | undefined): Promise<{ recordings: Recording[]; sqliteFile?: string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-replay-'));
  const adminToken = `replay-admin-${Date.now()}-0123456789abcdef`;
  const minting = recordingIds();
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('BAHI_') && key !== 'DATABASE_URL'));
  const config = loadConfig({ ...env, BAHI_DATA_DIR: dataDir, BAHI_ADMIN_TOKEN: adminToken, LOG_LEVEL: 'warn', ...(databaseUrl && { DATABASE_URL: databaseUrl }) });
  const app = await composeApp(config, { ids: minting.ids });
  try {
    const origin = await app.server.listen({ host: '127.0.0.1', port: 0 });
    const runId = `replay${Date.now().toString(36)}`;
    const { orgId, api } = await bootstrapOrg(origin, adminToken, runId);
    const contactIds = await seedContacts(api, runId, 20);
    const ctx: BenchContext = { engine, api, orgId, contactIds, runId, state: {}, settle: async () => void (await runJobs(origin, adminToken)) };
    const send = (scenario: Scenario, n: number, key: string) =>
      request(`${api.baseUrl}${scenario.path(ctx, n)}`, scenario.method, api.token, scenario.body?.(ctx, n), { 'idempotency-key': key });

    const recordings: Recording[] = [];
    for (const scenario of chosen) {
      await scenario.setup?.(ctx);
      let next = 0;
      await Promise.all(Array.from({ length: 16 }, async () => {
        for (let n = next++; n < WARM_UP_REQUESTS; n = next++) await send(scenario, n, `warm-${runId}-${n}`);
      }));
      await ctx.settle();
      const requests: RecordedRequest[] = [];
      for (let i = 0; i < RECORDED_REQUESTS; i++) {
        const n = WARM_UP_REQUESTS + i;
        const key = `recorded-${runId}-${n}`;
        minting.start();
        const { value: answer, statements } = await recordStatements(() => send(scenario, n, key));
        const minted = minting.stop();
        if (answer.status !== scenario.expectStatus) throw new Error(`${scenario.name}: answered ${answer.status}: ${JSON.stringify(answer.json)}`);
        requests.push({ statements, minted, unique: [key, ...documentNumbers(answer.json)] });
      }
      recordings.push({ scenario: scenario.name, requests });
    }
    return { recordings, sqliteFile: databaseUrl ? undefined : path.join(dataDir, 'bahi.sqlite'), dataDir };
  } finally {
    await app.close();
  }
}

const replayIds = ulidGenerator(systemClock);

/**
 * The recorded parameters of one create, each unique value replaced by a fresh one that sorts
 * where a new create's would: ids by new ULIDs (so they append to their indexes as the service's
 * do, not land next to the recorded ones), other values (keys, numbers) behind an increasing tag.
 */
function freshParameters(request: RecordedRequest, tag: string): unknown[][] {
  const fresh = new Map<string, string>();
  for (const id of request.minted) fresh.set(id, replayIds.next(id.slice(0, id.indexOf('_')) as IdPrefix));
  for (const value of request.unique) fresh.set(value, `${tag}-${value}`);
  return request.statements.map((statement) => statement.parameters.map((p) => (typeof p === 'string' && fresh.get(p)) || p));
}

/** An increasing tag for create `i` of replay `run`. */
const tagOf = (run: string, i: number) => `${run}${String(i).padStart(9, '0')}`;

function replaySqlite(file: string, recording: Recording, group: number, run: string) {
  const db = configureSqlite(new BetterSqlite3(file));
  const wal = fs.openSync(`${file}-wal`, 'r');
  try {
    // The driver's own transaction control is left out: the replay groups creates as it does.
    const requests = recording.requests.map((r) => {
      const request = { ...r, statements: r.statements.filter((s) => !TRANSACTION_CONTROL.test(s.sql)) };
      return { request, prepared: request.statements.map((s) => db.prepare(s.sql)) };
    });
    // Parameters are made before the clock starts: the replay times SQLite, not this loop.
    const creates = Math.ceil((seconds * 4000) / group) * group;
    const inputs = Array.from({ length: creates }, (_, i) => {
      return freshParameters(requests[i % requests.length]!.request, tagOf(run, i));
    });
    let done = 0;
    let threadMs = 0;
    let fsyncMs = 0;
    const deadline = performance.now() + seconds * 1000;
    while (done + group <= creates && performance.now() < deadline) {
      const started = performance.now();
      db.exec('BEGIN IMMEDIATE');
      for (let g = 0; g < group; g++, done++) {
        const { prepared } = requests[done % requests.length]!;
        const parameters = inputs[done]!;
        db.exec('SAVEPOINT replay');
        for (let k = 0; k < prepared.length; k++) {
          const statement = prepared[k]!;
          if (statement.reader) statement.all(parameters[k]); else statement.run(parameters[k]);
        }
        db.exec('RELEASE replay');
      }
      db.exec('COMMIT');
      const committed = performance.now();
      threadMs += committed - started;
      fs.fsyncSync(wal);
      fsyncMs += performance.now() - committed;
    }
    return {
      group,
      createsPerSecond: Math.round((done / threadMs) * 1000),
      threadUsPerCreate: Math.round((threadMs * 1000) / done),
      fsyncUsPerGroup: Math.round((fsyncMs * 1000 * group) / done),
    };
  } finally {
    fs.closeSync(wal);
    db.close();
  }
}

async function replayPostgres(url: string, recording: Recording, run: string) {
  const deadline = performance.now() + seconds * 1000;
  let next = 0;
  let done = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: PG_CONNECTIONS }, async () => {
    const sessions = new Map<string, pg.Client>();
    const session = async (options: string | undefined) => {
      const key = options ?? '';
      let client = sessions.get(key);
      if (!client) {
        client = new pg.Client({ connectionString: url, ...(options && { options }) });
        await client.connect();
        sessions.set(key, client);
      }
      return client;
    };
    try {
      while (performance.now() < deadline) {
        const i = next++;
        const request = recording.requests[i % recording.requests.length]!;
        const parameters = freshParameters(request, tagOf(run, i));
        for (const [k, statement] of request.statements.entries()) {
          const client = await session(statement.sessionOptions);
          await client.query({ text: statement.sql, values: parameters[k] });
        }
        done++;
      }
    } finally {
      await Promise.all([...sessions.values()].map((c) => c.end()));
    }
  }));
  return { connections: PG_CONNECTIONS, createsPerSecond: Math.round(done / ((performance.now() - started) / 1000)) };
}

async function replayEngine(engine: Engine, databaseUrl: string | undefined): Promise<ReplayResult[]> {
  console.log(`\n[${engine}] recording ${RECORDED_REQUESTS} requests of each create after ${WARM_UP_REQUESTS} warm-up requests`);
  const { recordings, sqliteFile, dataDir } = await record(engine, databaseUrl);
  try {
    const results: ReplayResult[] = [];
    for (const [index, recording] of recordings.entries()) {
      const statements = recording.requests[0]!.statements.length;
      const result: ReplayResult = { scenario: recording.scenario, statements };
      if (sqliteFile) result.sqlite = SQLITE_GROUPS.map((group) => replaySqlite(sqliteFile, recording, group, `s${index}g${group}-`));
      else result.postgres = await replayPostgres(databaseUrl!, recording, `p${index}-`);
      results.push(result);
      const figures = result.sqlite
        ? result.sqlite.map((r) => `groups of ${r.group}: ${r.createsPerSecond.toLocaleString('en-US')}/s (${r.threadUsPerCreate} µs a create on the thread, fsync ${r.fsyncUsPerGroup} µs a group)`).join('; ')
        : `${result.postgres!.connections} connections: ${result.postgres!.createsPerSecond.toLocaleString('en-US')}/s`;
      console.log(`  ${recording.scenario}: ${statements} statements; replayed, ${figures}`);
    }
    return results;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const results: Partial<Record<Engine, ReplayResult[]>> = { sqlite: await replayEngine('sqlite', undefined) };
if (databaseUrl) results.postgres = await replayEngine('postgres', databaseUrl);
if (process.env.BENCH_OUT) {
  fs.writeFileSync(process.env.BENCH_OUT, `${JSON.stringify({ date: new Date().toISOString(), machine: describeMachine(), seconds, results }, null, 2)}\n`);
  console.log(`wrote ${process.env.BENCH_OUT}`);
}
process.exit(0); // the service's pools and timers are closed; pg's may linger a moment
