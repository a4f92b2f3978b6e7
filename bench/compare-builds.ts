/**
 * One mechanism on and off in one run: the selected scenarios against a server of this checkout
 * and one of another (BENCH_COMPARE_ROOT, e.g. a `git worktree` of the commit before the
 * mechanism, with this checkout's node_modules linked in) or of this checkout with other settings
 * (BENCH_COMPARE_ENV, e.g. BAHI_PROCESSES=2), both started once, then measured in
 * turns, this/other/this/other for BENCH_COMPARE_ROUNDS rounds, so that the machine's noise
 * falls on both alike. Before each turn both servers' background work is run to the end, so
 * neither's drain runs into the other's measurement. On PostgreSQL each build has a database of
 * its own (their migrations differ). Each build's figures are the median of its rounds.
 */
import path from 'node:path';
import pg from 'pg';
import { describeRun, measureScenario, prepareScenario, startBench, type ScenarioResult, type Settings } from './scenario-runner';
import type { Engine, Scenario } from './scenario-types';
import { ROOT } from './server-process';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A new, empty database beside the one of `databaseUrl`, dropped first if a run before left it. */
async function freshDatabase(databaseUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A build's rounds as one result: the median of each figure, the counts summed. */
function combined(scenario: string, rounds: ScenarioResult[]): ScenarioResult {
  const mid = (pick: (r: ScenarioResult) => number) => median(rounds.map(pick));
  const sum = (pick: (r: ScenarioResult) => number) => rounds.reduce((total, r) => total + pick(r), 0);
  const statusCodes: Record<string, number> = {};
  for (const r of rounds) for (const [code, count] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  return {
    scenario, engine: rounds[0]!.engine, connections: rounds[0]!.connections, durationS: sum((r) => r.durationS), requests: sum((r) => r.requests),
    rps: mid((r) => r.rps),
    latencyMs: { p50: mid((r) => r.latencyMs.p50), p90: mid((r) => r.latencyMs.p90), p99: mid((r) => r.latencyMs.p99), max: Math.max(...rounds.map((r) => r.latencyMs.max)), mean: mid((r) => r.latencyMs.mean) },
    non2xx: sum((r) => r.non2xx), unexpected: sum((r) => r.unexpected), errors: sum((r) => r.errors), timeouts: sum((r) => r.timeouts), statusCodes,
    ...(rounds.every((r) => r.serverCpuMsPerRequest !== undefined) && { serverCpuMsPerRequest: mid((r) => r.serverCpuMsPerRequest!) }),
  };
}

export async function compareBuilds(engine: Engine, settings: Settings, databaseUrl: string | undefined, selected: Scenario[]): Promise<ScenarioResult[]> {
  const otherEnv = settings.compareEnv ?? {};
  const otherLabel = [settings.compareRoot && path.basename(settings.compareRoot), ...Object.entries(otherEnv).map(([k, v]) => `${k}=${v}`)].filter(Boolean).join(' ');
  const builds = [{ label: 'this', root: ROOT, env: {} }, { label: otherLabel, root: settings.compareRoot ?? ROOT, env: otherEnv }];
  const urls = databaseUrl ? await Promise.all(builds.map((_, i) => freshDatabase(databaseUrl, `bench_compare_${i}`))) : builds.map(() => undefined);
  const benches: Awaited<ReturnType<typeof startBench>>[] = [];
  try {
    for (const [i, build] of builds.entries()) benches.push(await startBench(engine, { ...settings, serverEnv: { ...settings.serverEnv, ...build.env } }, urls[i], build.root));
    const results: ScenarioResult[] = [];
    for (const scenario of selected) {
      for (const bench of benches) await prepareScenario(bench.ctx, scenario);
      const rounds: ScenarioResult[][] = builds.map(() => []);
      for (let round = 1; round <= settings.compareRounds; round++) {
        for (const [i, bench] of benches.entries()) {
          for (const each of benches) await each.ctx.settle();
          process.stdout.write(`[${engine}] ${scenario.name} [${builds[i]!.label}] round ${round}: ${settings.warmupS} s warm-up, ${settings.durationS} s measured … `);
          const result = await measureScenario(bench.ctx, scenario, settings, bench.roles);
          console.log(describeRun(engine, result));
          rounds[i]!.push(result);
        }
      }
      const [mine, theirs] = builds.map((build, i) => combined(`${scenario.name} [${build.label}]`, rounds[i]!));
      const cpuRatio = mine!.serverCpuMsPerRequest && theirs!.serverCpuMsPerRequest ? mine!.serverCpuMsPerRequest / theirs!.serverCpuMsPerRequest : undefined;
      console.log(`[${engine}] ${scenario.name}: this ${mine!.rps} req/s (p99 ${mine!.latencyMs.p99} ms), ${builds[1]!.label} ${theirs!.rps} req/s (p99 ${theirs!.latencyMs.p99} ms): `
        + `throughput ×${(mine!.rps / theirs!.rps).toFixed(3)}`
        + (cpuRatio ? `; server CPU per request ${mine!.serverCpuMsPerRequest} against ${theirs!.serverCpuMsPerRequest} ms, ×${cpuRatio.toFixed(3)}` : '')
        + `; medians of ${settings.compareRounds} rounds each`);
      results.push(mine!, theirs!);
    }
    return results;
  } finally {
    for (const bench of benches) await bench.stop();
  }
}
