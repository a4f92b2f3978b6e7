/**
 * `npm run bench`: starts a real server per engine as a child process and drives it with
 * autocannon on 127.0.0.1. Prints a table and writes bench/results/latest.json.
 *
 * Engines: SQLite always; PostgreSQL against BENCH_DATABASE_URL (or TEST_DATABASE_URL) when
 * set, otherwise under a throwaway cluster from scripts/with-postgres.sh (this script
 * re-invokes itself under it). BENCH_ENGINES=sqlite skips PostgreSQL.
 *
 * Knobs (env): BENCH_DURATION (s, default 10), BENCH_WARMUP (s, 3), BENCH_CONNECTIONS (16),
 * BENCH_SEED (contacts, 1000), BENCH_SCENARIOS (comma-separated substrings of names; '=name' for
 * exactly that name),
 * BENCH_CPU_PROF (directory: the server writes a V8 CPU profile there on exit),
 * BENCH_OUT (results file instead of bench/results/latest.json), BENCH_INVOICES (invoices
 * seeded for the invoice list scenario, default 100,000, 20,000 on PostgreSQL;
 * bench/document-scenarios.ts),
 * BENCH_SERVER_ENV (KEY=VALUE pairs, comma-separated: settings for the servers under test, the
 * background benchmarks' included, e.g. 'BAHI_PG_POOL_SIZE=16' or 'BAHI_WORKER_NICE=0' to compare
 * with the default; the caller's own BAHI_* never reach them),
 * BENCH_QUIET=1 (for a shared machine: wait until it is idle before each scenario, and
 * measure again, up to 3 times, a run during which other processes used > 20% of a core),
 * BENCH_FLOORS (seconds, default 3; 0 skips: the machine's floors, bench/floors.ts, measured
 * before and after each engine's benchmarks; each write scenario's rate is also given as a share
 * of the raw engine's invoice-shaped transactions/s in the same window, the issues' yardstick).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { bootstrapOrg, runJobs, seedContacts } from './api-client';
import { backgroundBenchmarks, type BackgroundResult } from './background-bench';
import { BOOKS_BENCH, booksBenchmark } from './books-bench';
import { cpuBetween, postgresProcesses, snapshot, waitForIdle, type CpuUse, type Roles } from './cpu';
import { describeFloors, measureFloors, type Floors } from './floors';
import { describeMachine } from './machine';
import { GST_RETURNS_BENCH, gstReturnsBenchmark } from './reports-bench';
import { scenarioSelection, scenarios, selects, type BenchContext, type Engine, type Scenario } from './scenarios';
import { ROOT, startServer } from './server-process';

interface Settings {
  engines: Engine[];
  durationS: number;
  warmupS: number;
  connections: number;
  seed: number;
  only: string[];
  cpuProfDir?: string;
  quiet: boolean;
  serverEnv: Record<string, string>;
  floorsS: number;
}

export interface ScenarioResult {
  scenario: string;
  engine: Engine;
  connections: number;
  /** Seconds the scenario's setup took (seeding), before the warm-up. */
  setupS?: number;
  durationS: number;
  requests: number;
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  non2xx: number;
  /** Responses whose status was not the scenario's expected one. */
  unexpected: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** CPU use during the measured run (Linux). */
  cpu?: CpuUse;
  target?: { minRps?: number; maxP99Ms?: number; source: string; met: boolean };
  /** A write's documents per second over the raw engine's invoice-shaped transactions/s, measured around the run (bench/floors.ts). */
  rawEngineShare?: number;
}

const num = (value: string | undefined, fallback: number) => (value ? Number(value) : fallback);

function serverEnvOf(pairs: string): Record<string, string> {
  const entries = pairs.split(',').map((p) => p.trim()).filter(Boolean).map((pair) => {
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error(`BENCH_SERVER_ENV: expected KEY=VALUE, not ${JSON.stringify(pair)}`);
    return [pair.slice(0, at), pair.slice(at + 1)] as const;
  });
  return Object.fromEntries(entries);
}

function readSettings(env = process.env): Settings {
  const engines = (env.BENCH_ENGINES ?? 'sqlite,postgres').split(',').map((e) => e.trim()).filter(Boolean);
  for (const e of engines) if (e !== 'sqlite' && e !== 'postgres') throw new Error(`BENCH_ENGINES: unknown engine ${e}`);
  return {
    engines: engines as Engine[],
    durationS: num(env.BENCH_DURATION, 10),
    warmupS: num(env.BENCH_WARMUP, 3),
    connections: num(env.BENCH_CONNECTIONS, 16),
    seed: num(env.BENCH_SEED, 1000),
    only: scenarioSelection(env.BENCH_SCENARIOS),
    cpuProfDir: env.BENCH_CPU_PROF ? path.resolve(env.BENCH_CPU_PROF) : undefined,
    quiet: env.BENCH_QUIET === '1',
    serverEnv: serverEnvOf(env.BENCH_SERVER_ENV ?? ''),
    floorsS: num(env.BENCH_FLOORS, 3),
  };
}

/**
 * Request numbers per scenario: they go on from the warm-up into the measured run, so no
 * request of the measured run reuses a warm-up request's Idempotency-Key (which would be
 * answered as a replay, without doing the work) or its body.
 */
const requestCounters = new WeakMap<BenchContext, Map<string, number>>();

function load(ctx: BenchContext, scenario: Scenario, connections: number, durationS: number) {
  let counters = requestCounters.get(ctx);
  if (!counters) requestCounters.set(ctx, (counters = new Map()));
  let n = counters.get(scenario.name) ?? 0;
  const headers: Record<string, string> = { authorization: `Bearer ${ctx.api.token}` };
  if (scenario.body) headers['content-type'] = 'application/json';
  const url = new URL(ctx.api.baseUrl);
  return autocannon({
    url: url.origin,
    connections,
    duration: durationS,
    requests: [{
      method: scenario.method,
      setupRequest: (req) => {
        const i = n++;
        counters.set(scenario.name, n);
        req.path = url.pathname + scenario.path(ctx, i);
        req.headers = scenario.freshIdempotencyKey ? { ...headers, 'idempotency-key': `bench-${ctx.runId}-${i}` } : headers;
        if (scenario.body) req.body = JSON.stringify(scenario.body(ctx, i));
        return req;
      },
    }],
  });
}

async function runScenario(ctx: BenchContext, scenario: Scenario, settings: Settings, roles: Roles): Promise<ScenarioResult> {
  const setupStarted = performance.now();
  await scenario.setup?.(ctx);
  await ctx.settle();
  const setupS = Math.round((performance.now() - setupStarted) / 100) / 10;
  const connections = scenario.connections ?? settings.connections;
  if (settings.quiet && !(await waitForIdle(85, 600_000))) console.log(`\n[${ctx.engine}]   the machine stayed busy for 10 minutes; measuring anyway`);
  if (settings.warmupS > 0) await load(ctx, scenario, connections, settings.warmupS);
  let r: autocannon.Result;
  let cpu: CpuUse | undefined;
  for (let attempt = 1; ; attempt++) {
    const before = snapshot(roles);
    r = await load(ctx, scenario, connections, settings.durationS);
    cpu = cpuBetween(before, snapshot(roles));
    // Quiet mode: a run that other processes disturbed is measured again (at most 3 times).
    if (!settings.quiet || !cpu || cpu.otherPct <= 20 || attempt === 3) break;
    process.stdout.write(`(disturbed: other processes used ${cpu.otherPct}% of a core; again) `);
    await waitForIdle(85, 600_000);
  }
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
  const expected = statusCodes[String(scenario.expectStatus)] ?? 0;
  const answered = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  const result: ScenarioResult = {
    scenario: scenario.name,
    engine: ctx.engine,
    connections,
    setupS,
    durationS: r.duration,
    requests: r.requests.total,
    rps: Math.round(r.requests.average),
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, mean: r.latency.mean },
    non2xx: r.non2xx,
    unexpected: answered - expected,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    cpu,
  };
  const target = scenario.targets?.[ctx.engine];
  if (target) {
    const met = (target.minRps === undefined || result.rps >= target.minRps)
      && (target.maxP99Ms === undefined || result.latencyMs.p99 < target.maxP99Ms)
      && result.unexpected === 0 && result.errors === 0;
    result.target = { ...target, met };
  }
  return result;
}

/** The local PostgreSQL server's processes, for the CPU figures (none for SQLite or a remote server). */
async function databaseProcesses(databaseUrl: string | undefined): Promise<(() => number[]) | undefined> {
  if (!databaseUrl || !['127.0.0.1', 'localhost', '[::1]'].includes(new URL(databaseUrl).hostname)) return undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return postgresProcesses(rows[0]!.pid);
  } finally {
    await client.end();
  }
}

async function benchEngine(engine: Engine, settings: Settings, databaseUrl: string | undefined): Promise<ScenarioResult[]> {
  const selected = scenarios.filter((scenario) => selects(settings.only, scenario.name));
  if (selected.length === 0) return [];
  const adminToken = `bench-admin-${randomBytes(12).toString('hex')}`;
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  if (settings.cpuProfDir) fs.mkdirSync(settings.cpuProfDir, { recursive: true });
  console.log(`\n[${engine}] starting server${databaseUrl ? ` on ${databaseUrl.replace(/\/\/[^@]*@/, '//…@')}` : ''}`);
  const server = await startServer({ databaseUrl, adminToken, cpuProfDir: settings.cpuProfDir, env: settings.serverEnv });
  try {
    const { orgId, api } = await bootstrapOrg(server.origin, adminToken, runId);
    const started = Date.now();
    const contactIds = await seedContacts(api, runId, settings.seed);
    console.log(`[${engine}] server pid ${server.pid}; seeded ${contactIds.length} contacts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const ctx: BenchContext = { engine, api, orgId, contactIds, runId, state: {}, settle: async () => { await runJobs(server.origin, adminToken); } };
    const roles: Roles = { server: server.pid, generator: process.pid, database: await databaseProcesses(databaseUrl) };
    const results: ScenarioResult[] = [];
    for (const scenario of selected) {
      process.stdout.write(`[${engine}] ${scenario.name}: ${settings.warmupS} s warm-up, ${settings.durationS} s measured … `);
      const result = await runScenario(ctx, scenario, settings, roles);
      const cpu = result.cpu;
      console.log(`${result.rps} req/s, p99 ${result.latencyMs.p99} ms${cpu ? `; CPU % of one core: server ${cpu.serverPct}, ${engine} ${cpu.databasePct}, autocannon ${cpu.loadGeneratorPct}, other ${cpu.otherPct}, idle ${cpu.idlePct}` : ''}`);
      if (cpu && cpu.otherPct > 25) console.log(`[${engine}]   warning: other processes used ${cpu.otherPct}% of a core during this run; the figures are skewed`);
      results.push(result);
    }
    return results;
  } finally {
    await server.stop();
  }
}

/** PostgreSQL without a URL: run this script again, for PostgreSQL only, under scripts/with-postgres.sh. */
interface EngineResults {
  results: ScenarioResult[];
  background: BackgroundResult[];
  floors?: { engine: Engine; before: Floors; after: Floors };
}

async function floorsNow(engine: Engine, settings: Settings, databaseUrl: string | undefined, when: string): Promise<Floors> {
  if (settings.quiet) await waitForIdle(85, 600_000);
  const floors = await measureFloors(engine === 'postgres' ? databaseUrl : undefined, settings.floorsS);
  console.log(`[${engine}] machine floors ${when}: ${describeFloors(floors)}`);
  return floors;
}

/** The raw engine's invoice-shaped transactions/s in the window, the mean of before and after. */
function rawEngineRate(engine: Engine, { before, after }: { before: Floors; after: Floors }): number | undefined {
  const rate = (f: Floors) => (engine === 'sqlite' ? f.sqliteTxPerSecond : f.postgresTxPerSecond);
  const [a, b] = [rate(before), rate(after)];
  return a === undefined || b === undefined ? undefined : (a + b) / 2;
}

/** The autocannon scenarios, then issue 6's background benchmarks (bench/background-bench.ts), on one engine, between two readings of the floors. */
async function benchAll(engine: Engine, settings: Settings, databaseUrl: string | undefined): Promise<EngineResults> {
  const before = settings.floorsS > 0 ? await floorsNow(engine, settings, databaseUrl, 'before') : undefined;
  const results = await benchEngine(engine, settings, databaseUrl);
  const background = await backgroundBenchmarks(engine, databaseUrl, settings.only, { cpuProfDir: settings.cpuProfDir, env: settings.serverEnv });
  if (selects(settings.only, GST_RETURNS_BENCH)) background.push(await gstReturnsBenchmark(engine, databaseUrl, { cpuProfDir: settings.cpuProfDir, env: settings.serverEnv }));
  if (selects(settings.only, BOOKS_BENCH)) background.push(await booksBenchmark(engine, databaseUrl, { cpuProfDir: settings.cpuProfDir, env: settings.serverEnv }));
  if (!before) return { results, background };
  const floors = { engine, before, after: await floorsNow(engine, settings, databaseUrl, 'after') };
  const raw = rawEngineRate(engine, floors);
  for (const r of results) {
    const scenario = scenarios.find((s) => s.name === r.scenario);
    if (raw && scenario?.method === 'POST') r.rawEngineShare = Math.round(((r.rps * (scenario.documentsPerRequest ?? 1)) / raw) * 100) / 100;
  }
  return { results, background, floors };
}

async function benchPostgresUnderWrapper(): Promise<EngineResults> {
  const partial = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-bench-pg-')), 'results.json');
  const child = spawn('bash', [path.join(ROOT, 'scripts/with-postgres.sh'), process.execPath, '--import', 'tsx', 'bench/run.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, BENCH_ENGINES: 'postgres', BENCH_PARTIAL_OUT: partial },
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  try {
    if (code !== 0) throw new Error(`PostgreSQL benchmark under scripts/with-postgres.sh exited with ${code}`);
    const report = JSON.parse(fs.readFileSync(partial, 'utf8')) as Omit<EngineResults, 'floors'> & { floors: NonNullable<EngineResults['floors']>[] };
    return { results: report.results, background: report.background, floors: report.floors[0] };
  } finally {
    fs.rmSync(path.dirname(partial), { recursive: true, force: true });
  }
}

const fmt = (n: number) => n.toLocaleString('en-US');

function printTable(results: ScenarioResult[]) {
  const rows = [
    ['scenario', 'engine', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'CPU % srv/db/gen/other', 'of raw tx/s', 'target'],
    ...results.map((r) => [
      r.scenario, r.engine, fmt(r.rps), String(r.latencyMs.p50), String(r.latencyMs.p99), fmt(r.non2xx), fmt(r.errors),
      r.cpu ? `${r.cpu.serverPct}/${r.cpu.databasePct}/${r.cpu.loadGeneratorPct}/${r.cpu.otherPct}` : '',
      r.rawEngineShare === undefined ? '' : `${Math.round(r.rawEngineShare * 100)}%`,
      r.target
        ? `${[r.target.minRps && `>= ${fmt(r.target.minRps)}/s`, r.target.maxP99Ms && `p99 < ${r.target.maxP99Ms} ms`].filter(Boolean).join(', ')}: ${r.target.met ? 'met' : 'MISSED'}`
        : '',
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => (i >= 2 && i <= 8 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ');
  console.log(`\n${line(rows[0]!)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows.slice(1)) console.log(line(row));
}

function printBackground(results: BackgroundResult[]) {
  for (const r of results) {
    const figures = Object.entries(r.figures).map(([k, v]) => `${k} ${Number.isInteger(v) ? fmt(v) : v.toFixed(2)}`).join(', ');
    console.log(`${r.benchmark} [${r.engine}]: ${figures} — ${r.target.source}: ${r.target.met ? 'met' : 'MISSED'}`);
  }
}

async function main() {
  // `--only NAMES` is BENCH_SCENARIOS, set in the environment so that the PostgreSQL run under scripts/with-postgres.sh selects the same.
  const only = process.argv.indexOf('--only');
  if (only >= 0 && process.argv[only + 1]) process.env.BENCH_SCENARIOS = process.argv[only + 1];
  const settings = readSettings();
  const results: ScenarioResult[] = [];
  const background: BackgroundResult[] = [];
  const floors: NonNullable<EngineResults['floors']>[] = [];
  let failed = false;
  for (const engine of settings.engines) {
    try {
      const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
      const got = engine === 'sqlite' ? await benchAll('sqlite', settings, undefined)
        : url ? await benchAll('postgres', settings, url) : await benchPostgresUnderWrapper();
      results.push(...got.results);
      background.push(...got.background);
      if (got.floors) floors.push(got.floors);
    } catch (error) {
      failed = true;
      console.error(`\n[${engine}] benchmark failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    }
  }

  const report = {
    date: new Date().toISOString(),
    command: 'npm run bench',
    machine: describeMachine(),
    settings: { ...settings, cpuProfDir: undefined },
    floors,
    results,
    background,
  };
  const partialOut = process.env.BENCH_PARTIAL_OUT;
  if (partialOut) {
    fs.writeFileSync(partialOut, JSON.stringify(report, null, 2));
  } else {
    for (const f of floors) console.log(`\n[${f.engine}] machine floors, before: ${describeFloors(f.before)}; after: ${describeFloors(f.after)}`);
    printTable(results);
    printBackground(background);
    const out = process.env.BENCH_OUT ? path.resolve(process.env.BENCH_OUT) : path.join(ROOT, 'bench/results/latest.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwrote ${path.relative(process.cwd(), out)}`);
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
