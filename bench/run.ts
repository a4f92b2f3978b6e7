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
 * of the raw engine's invoice-shaped transactions/s in the same window, the issues' yardstick),
 * BENCH_COMPARE_ROOT (another checkout, e.g. `git worktree add /tmp/before <commit>` with this
 * checkout's node_modules linked into it: the selected scenarios run against a server of each
 * build in turns, this/other for BENCH_COMPARE_ROUNDS (3) rounds, each build's figures the median
 * of its rounds; for measuring a mechanism on and off in one run; bench/compare-builds.ts),
 * BENCH_COMPARE_ENV (KEY=VALUE pairs for the other server only; without BENCH_COMPARE_ROOT the
 * other server is this checkout's: a setting on and off in one run),
 * BENCH_BOOKS_INVOICES (invoices of the books benchmark, which runs only when named, `--only books`;
 * default 1,000,000, whose seeding takes 20-30 minutes per engine on two cores;
 * bench/books-bench.ts), BENCH_GST_INVOICES and BENCH_REPORT_RUNS (bench/reports-bench.ts),
 * BENCH_ITC_DOCUMENTS (bills and GSTR-2B documents of the reconciliation benchmark, which runs
 * only when named, `--only itc-reconciliation`; default 20,000; bench/itc-bench.ts),
 * BENCH_BANK_LINES (lines of the statement import benchmark, which runs only when named,
 * `--only bank-import`; default 100,000; bench/bank-bench.ts).
 * BENCH_BANK_LINES (bank lines and receipts of the suggestion benchmark, which runs only when
 * named, `--only bank-suggest`; default 10,000; bench/bank-suggest-bench.ts).
 * `--only console-build`: the console's build time and gzipped size (bench/console-build-bench.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backgroundBenchmarks } from './background-bench';
import { BANK_IMPORT_BENCH, bankImportBenchmark } from './bank-bench';
import { IMPORT_CONTACTS_BENCH, IMPORT_INVOICES_BENCH, importBenchmark } from './import-bench';
import { BOOKS_BENCH, booksBenchmark } from './books-bench';
import { waitForIdle } from './cpu';
import { describeFloors, measureFloors, type Floors } from './floors';
import { describeMachine } from './machine';
import { ITC_BENCH, itcReconciliationBenchmark } from './itc-bench';
import { BANK_SUGGEST_BENCH, bankSuggestBenchmark } from './bank-suggest-bench';
import { GST_RETURNS_BENCH, gstReturnsBenchmark } from './reports-bench';
import { compareBuilds } from './compare-builds';
import { CONSOLE_BUILD_BENCH, consoleBuildBenchmark } from './console-build-bench';
import { describeRun, readSettings, runScenario, startBench, type ScenarioResult, type Settings } from './scenario-runner';
import { scenarios } from './scenarios';
import { names, selects, type BackgroundResult, type Engine } from './scenario-types';
import { ROOT } from './server-process';


async function benchEngine(engine: Engine, settings: Settings, databaseUrl: string | undefined): Promise<ScenarioResult[]> {
  const selected = scenarios.filter((scenario) => selects(settings.only, scenario.name));
  if (selected.length === 0) return [];
  if (settings.compareRoot || settings.compareEnv) return compareBuilds(engine, settings, databaseUrl, selected);
  const { ctx, roles, stop } = await startBench(engine, settings, databaseUrl);
  try {
    const results: ScenarioResult[] = [];
    for (const scenario of selected) {
      process.stdout.write(`[${engine}] ${scenario.name}: ${settings.warmupS} s warm-up, ${settings.durationS} s measured … `);
      const result = await runScenario(ctx, scenario, settings, roles);
      console.log(describeRun(engine, result));
      results.push(result);
    }
    return results;
  } finally {
    await stop();
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
  if (names(settings.only, ITC_BENCH)) background.push(await itcReconciliationBenchmark(engine, databaseUrl, { cpuProfDir: settings.cpuProfDir, env: settings.serverEnv }));
  if (names(settings.only, BANK_IMPORT_BENCH)) background.push(await bankImportBenchmark(engine, databaseUrl, { cpuProfDir: settings.cpuProfDir, env: settings.serverEnv }));
  for (const bench of [IMPORT_CONTACTS_BENCH, IMPORT_INVOICES_BENCH] as const) {
    if (names(settings.only, bench)) background.push(await importBenchmark(bench, engine, databaseUrl, { cpuProfDir: settings.cpuProfDir, env: settings.serverEnv }));
  }
  if (names(settings.only, BANK_SUGGEST_BENCH)) background.push(await bankSuggestBenchmark(engine, databaseUrl, { cpuProfDir: settings.cpuProfDir, env: settings.serverEnv }));
  if (engine === 'sqlite' && names(settings.only, CONSOLE_BUILD_BENCH)) background.push(consoleBuildBenchmark());
  // Seeding a million invoices takes 20-30 minutes per engine: only when asked for by name.
  if (names(settings.only, BOOKS_BENCH)) background.push(await booksBenchmark(engine, databaseUrl, { cpuProfDir: settings.cpuProfDir, env: settings.serverEnv }));
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
