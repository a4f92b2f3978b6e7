/**
 * Summarises a V8 CPU profile (.cpuprofile, from `node --cpu-prof`, e.g. a server started
 * by `BENCH_CPU_PROF=dir npm run bench`): top functions by self time, time by package or
 * source folder, and the inclusive time of this project's own functions.
 *
 *   node --import tsx bench/profile-summary.ts <file.cpuprofile> [top=25] [last-seconds]
 *
 * With last-seconds, only the samples of that many seconds before the profile's end count:
 * the measured run of the last scenario, without the seeding and warm-up before it.
 *
 * Two builds function by function (each profile of one scenario's run, with the requests that
 * run answered, e.g. from BENCH_OUT's results): self time per request in µs, largest change first.
 *
 *   node --import tsx bench/profile-summary.ts --compare <a.cpuprofile> <requests> <b.cpuprofile> <requests> [top=30] [last-seconds]
 */
import fs from 'node:fs';
import path from 'node:path';

interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function where(url: string): string {
  const file = url.replace(/^file:\/\//, '');
  const nm = file.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const parts = file.slice(nm + 14).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (file.startsWith(ROOT)) {
    const rel = path.relative(ROOT, file).split('/');
    return rel.slice(0, Math.min(rel.length - 1, 2)).join('/') || rel[0]!;
  }
  if (file.startsWith('node:') || !file) return file ? 'node internals' : '(native/VM)';
  return file;
}

const label = (f: CallFrame) => {
  const file = f.url.replace(/^file:\/\//, '').replace(`${ROOT}/`, '').replace(/^.*\/node_modules\//, '');
  return `${f.functionName || '(anonymous)'} ${file ? `${file}:${f.lineNumber + 1}` : ''}`.trim();
};

function summarise(profile: Profile, top: number, lastSeconds: number | undefined) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const from = lastSeconds === undefined ? -Infinity : profile.endTime - lastSeconds * 1e6;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from) continue;
    const id = profile.samples[i]!;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const totalUs = [...self.values()].reduce((a, b) => a + b, 0);
  const idleUs = [...self].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)').reduce((a, [, t]) => a + t, 0);
  const busyUs = totalUs - idleUs;
  const pct = (us: number) => `${((us / busyUs) * 100).toFixed(1).padStart(5)}%`;
  const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms`;

  const selfByLabel = new Map<string, number>();
  const byPlace = new Map<string, number>();
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    selfByLabel.set(label(frame), (selfByLabel.get(label(frame)) ?? 0) + us);
    const place = frame.url ? where(frame.url) : frame.functionName;
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }

  // Inclusive time of project functions: each sample counts once per distinct function on its stack.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  for (const [id, us] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      const file = frame.url.replace(/^file:\/\//, '');
      if (!file.startsWith(`${ROOT}/src/`)) continue;
      const key = label(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }

  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  console.log(`profile: ${ms(totalUs)} sampled, ${ms(busyUs)} busy (${((busyUs / totalUs) * 100).toFixed(0)}%), ${ms(idleUs)} idle`);
  console.log(`\nTop ${top} functions by self time (% of busy):`);
  for (const [name, us] of sorted(selfByLabel).slice(0, top)) console.log(`  ${pct(us)} ${ms(us)}  ${name}`);
  console.log('\nSelf time by package / source folder:');
  for (const [name, us] of sorted(byPlace).slice(0, 20)) console.log(`  ${pct(us)} ${ms(us)}  ${name}`);
  console.log(`\nTop ${top} project functions by inclusive time:`);
  for (const [name, us] of sorted(inclusive).slice(0, top)) console.log(`  ${pct(us)} ${ms(us)}  ${name}`);
}

/** Self time (µs) by function, named alike in any checkout (path from `src/` or the package on). */
function selfByFunction(profile: Profile, lastSeconds: number | undefined): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const from = lastSeconds === undefined ? -Infinity : profile.endTime - lastSeconds * 1e6;
  const self = new Map<string, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    const frame = byId.get(profile.samples[i]!)!.callFrame;
    if (at < from || frame.functionName === '(idle)') continue;
    const file = frame.url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '').replace(/^.*?\/(src|bench)\//, '$1/');
    const name = `${frame.functionName || '(anonymous)'} ${file}`.trim();
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  return self;
}

function compare(a: Profile, aRequests: number, b: Profile, bRequests: number, top: number, lastSeconds: number | undefined) {
  const [selfA, selfB] = [selfByFunction(a, lastSeconds), selfByFunction(b, lastSeconds)];
  const perA = (name: string) => (selfA.get(name) ?? 0) / aRequests;
  const perB = (name: string) => (selfB.get(name) ?? 0) / bRequests;
  const total = (m: Map<string, number>, requests: number) => [...m.values()].reduce((x, y) => x + y, 0) / requests;
  const us = (v: number) => v.toFixed(1).padStart(8);
  console.log(`busy CPU per request: a ${us(total(selfA, aRequests))} µs, b ${us(total(selfB, bRequests))} µs\n`);
  console.log(`${'a µs'.padStart(8)} ${'b µs'.padStart(8)} ${'a − b'.padStart(8)}  function`);
  const names = [...new Set([...selfA.keys(), ...selfB.keys()])].sort((x, y) => Math.abs(perA(y) - perB(y)) - Math.abs(perA(x) - perB(x)));
  for (const name of names.slice(0, top)) console.log(`${us(perA(name))} ${us(perB(name))} ${us(perA(name) - perB(name))}  ${name}`);
}

const args = process.argv.slice(2);
const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const optional = (value: string | undefined) => (value === undefined ? undefined : Number(value));
if (args[0] === '--compare' && args.length >= 5) {
  const [, a, aRequests, b, bRequests, topArg, lastArg] = args;
  compare(read(a!), Number(aRequests), read(b!), Number(bRequests), Number(topArg ?? 30), optional(lastArg));
} else if (args[0] && args[0] !== '--compare') {
  const [file, topArg, lastArg] = args;
  summarise(read(file!), Number(topArg ?? 25), optional(lastArg));
} else {
  console.error('usage: node --import tsx bench/profile-summary.ts <file.cpuprofile> [top] [last-seconds]\n'
    + '       node --import tsx bench/profile-summary.ts --compare <a.cpuprofile> <requests> <b.cpuprofile> <requests> [top] [last-seconds]');
  process.exit(2);
}
