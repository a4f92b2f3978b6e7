/**
 * Running one autocannon scenario against a server: its setup, the warm-up and the measured
 * run, with the CPU use of each party (bench/run.ts runs them all; bench/compare-builds.ts runs
 * them against two builds in turn), and the settings both read from the environment.
 */
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { bootstrapOrg, runJobs, seedContacts } from './api-client';
import { cpuBetween, postgresProcesses, snapshot, waitForIdle, type CpuUse, type Roles } from './cpu';
import { scenarioSelection, type BenchContext, type Engine, type Scenario } from './scenario-types';
import { ROOT, startServer } from './server-process';

export interface Settings {
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
  /** Another checkout whose server the write scenarios also run against, in turns (bench/compare-builds.ts). */
  compareRoot?: string;
  /** Server settings of that other server only (the other server is this checkout's when no root is given). */
  compareEnv?: Record<string, string>;
  compareRounds: number;
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
  /** The server's CPU time per answered request, in ms (Linux): what a request costs, whatever the machine's load. */
  serverCpuMsPerRequest?: number;
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

export function readSettings(env = process.env): Settings {
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
    compareRoot: env.BENCH_COMPARE_ROOT ? path.resolve(env.BENCH_COMPARE_ROOT) : undefined,
    compareEnv: env.BENCH_COMPARE_ENV ? serverEnvOf(env.BENCH_COMPARE_ENV) : undefined,
    compareRounds: num(env.BENCH_COMPARE_ROUNDS, 3),
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

/** The scenario's setup on this server, its background work run to the end; returns the seconds it took. */
export async function prepareScenario(ctx: BenchContext, scenario: Scenario): Promise<number> {
  const setupStarted = performance.now();
  await scenario.setup?.(ctx);
  await ctx.settle();
  return Math.round((performance.now() - setupStarted) / 100) / 10;
}

export async function runScenario(ctx: BenchContext, scenario: Scenario, settings: Settings, roles: Roles): Promise<ScenarioResult> {
  const setupS = await prepareScenario(ctx, scenario);
  return { ...(await measureScenario(ctx, scenario, settings, roles)), setupS };
}

/** The warm-up and the measured run (quiet mode: again if disturbed), on a prepared scenario. */
export async function measureScenario(ctx: BenchContext, scenario: Scenario, settings: Settings, roles: Roles): Promise<ScenarioResult> {
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
    ...(cpu && r.requests.total > 0 && { serverCpuMsPerRequest: Math.round((cpu.serverSeconds * 1e6) / r.requests.total) / 1000 }),
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
export async function databaseProcesses(databaseUrl: string | undefined): Promise<(() => number[]) | undefined> {
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

/** A server of the build at `root` on the engine, an organisation with the seeded contacts, and what the scenarios need of it. */
export async function startBench(engine: Engine, settings: Settings, databaseUrl: string | undefined, root = ROOT): Promise<{ ctx: BenchContext; roles: Roles; stop: () => Promise<void> }> {
  const adminToken = `bench-admin-${randomBytes(12).toString('hex')}`;
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  if (settings.cpuProfDir) fs.mkdirSync(settings.cpuProfDir, { recursive: true });
  console.log(`\n[${engine}] starting server${root === ROOT ? '' : ` of ${root}`}${databaseUrl ? ` on ${databaseUrl.replace(/\/\/[^@]*@/, '//…@')}` : ''}`);
  const server = await startServer({ databaseUrl, adminToken, cpuProfDir: settings.cpuProfDir, env: settings.serverEnv, root });
  try {
    const { orgId, api } = await bootstrapOrg(server.origin, adminToken, runId);
    const started = Date.now();
    const contactIds = await seedContacts(api, runId, settings.seed);
    console.log(`[${engine}] server pid ${server.pid}; seeded ${contactIds.length} contacts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const ctx: BenchContext = { engine, api, orgId, contactIds, runId, state: {}, settle: async () => { await runJobs(server.origin, adminToken); } };
    const roles: Roles = { server: server.pid, generator: process.pid, database: await databaseProcesses(databaseUrl) };
    return { ctx, roles, stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** One line on a measured run: its rate, p99 and who used the CPU. */
export function describeRun(engine: Engine, result: ScenarioResult): string {
  const cpu = result.cpu;
  return `${result.rps} req/s, p99 ${result.latencyMs.p99} ms${result.serverCpuMsPerRequest ? `, server CPU ${result.serverCpuMsPerRequest} ms a request` : ''}${cpu ? `; CPU % of one core: server ${cpu.serverPct}, ${engine} ${cpu.databasePct}, autocannon ${cpu.loadGeneratorPct}, other ${cpu.otherPct}, idle ${cpu.idlePct}` : ''}`
    + (cpu && cpu.otherPct > 25 ? `\n[${engine}]   warning: other processes used ${cpu.otherPct}% of a core during this run; the figures are skewed` : '');
}
