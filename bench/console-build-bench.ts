/**
 * The console's build, only when named: `--only console-build`. Runs `npm run build:console` (what
 * the prepare script runs in `npm ci`) three times as a child process, and weighs what it wrote,
 * gzipped: the page and every asset it loads. Targets: under 60 s on two cores, under 400 KB.
 * It needs no database: it runs with the SQLite engine's benchmarks only.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BackgroundResult } from './scenario-types';
import { ROOT } from './server-process';

export const CONSOLE_BUILD_BENCH = 'console-build';
const RUNS = 3;
const TARGET_SECONDS = 60;
const TARGET_KB = 400;

function gzippedKb(dist: string): number {
  const files = [path.join(dist, 'index.html'), ...fs.readdirSync(path.join(dist, 'assets')).map((f) => path.join(dist, 'assets', f))];
  return files.reduce((sum, file) => sum + gzipSync(fs.readFileSync(file)).length, 0) / 1024;
}

export function consoleBuildBenchmark(): BackgroundResult {
  const seconds: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = process.hrtime.bigint();
    const build = spawnSync('npm', ['run', 'build:console'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`npm run build:console exited ${build.status}`);
    seconds.push(Number(process.hrtime.bigint() - started) / 1e9);
  }
  const median = seconds.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  const kb = gzippedKb(path.join(ROOT, 'console/dist'));
  process.stdout.write(`console-build: ${seconds.map((s) => s.toFixed(1)).join(', ')} s; ${kb.toFixed(1)} KB gzipped\n`);
  return {
    benchmark: CONSOLE_BUILD_BENCH, engine: 'sqlite',
    figures: { median_s: Math.round(median * 10) / 10, slowest_s: Math.round(seconds.at(-1)! * 10) / 10, gzipped_kb: Math.round(kb * 10) / 10 },
    target: { source: `< ${TARGET_SECONDS} s to build, < ${TARGET_KB} KB gzipped`, met: seconds.at(-1)! < TARGET_SECONDS && kb < TARGET_KB },
  };
}
