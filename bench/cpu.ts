import fs from 'node:fs';
import os from 'node:os';

/**
 * CPU accounting from /proc (Linux only; elsewhere every figure is undefined): how much of
 * the machine the server, its database server, the load generator and everything else used
 * during a run. On a 2-core machine the load generator competes with the server, and other
 * processes (a test run, a build) skew the figures: this says whether they did.
 */
interface Snapshot {
  at: number;
  busy: number;
  idle: number;
  ticks: { server: number; database: number; generator: number };
}

/** Which processes are whose. `database` lists the PostgreSQL server's processes (re-read each time: backends come and go). */
export interface Roles {
  server: number;
  generator: number;
  database?: () => number[];
}

const TICKS_PER_SECOND = 100; // USER_HZ; 100 on every mainstream Linux

/**
 * The fields of a process's or thread's stat file (`/proc/<pid>/stat`, `/proc/<pid>/task/<tid>/stat`,
 * `/proc/thread-self/stat`) after the parenthesised command, which may itself hold spaces: [0] is
 * proc(5)'s field 3 (the state), so field n of proc(5) is [n - 3].
 */
export function statFields(statPath: string): string[] {
  const text = fs.readFileSync(statPath, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** A thread's nice value (proc(5) field 19). */
export const niceOf = (statPath: string) => Number(statFields(statPath)[16]);

function stat(pid: number): { ppid: number; ticks: number } | undefined {
  try {
    // ppid is proc(5)'s field 4, utime and stime 14 and 15.
    const fields = statFields(`/proc/${pid}/stat`);
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // exited meanwhile
  }
}

/** A process and its children. */
function withChildren(parent: number): number[] {
  const pids = [parent];
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (Number.isInteger(pid) && stat(pid)?.ppid === parent) pids.push(pid);
  }
  return pids;
}

/** The postmaster and its children (backends, WAL writer, checkpointer, ...), given one backend's pid. */
export function postgresProcesses(backendPid: number): () => number[] {
  const postmaster = stat(backendPid)?.ppid;
  return () => (postmaster === undefined ? [] : withChildren(postmaster));
}

function machine(): { busy: number; idle: number } {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  return { busy: cpu.slice(0, 8).reduce((a, b) => a + b, 0) - idle, idle };
}

export function snapshot(roles: Roles): Snapshot | undefined {
  try {
    const ticksOf = (pids: number[]) => pids.reduce((sum, pid) => sum + (stat(pid)?.ticks ?? 0), 0);
    return {
      at: Date.now(),
      ...machine(),
      // The server's children: its serving processes under BAHI_PROCESSES (and tsx's esbuild).
      ticks: { server: ticksOf(withChildren(roles.server)), database: ticksOf(roles.database?.() ?? []), generator: ticksOf([roles.generator]) },
    };
  } catch {
    return undefined;
  }
}

export interface CpuUse {
  /** Percent of one core (200 = both cores of a 2-core machine). */
  serverPct: number;
  /** The server's CPU time over the run, in seconds (serverPct unrounded, times the run's length). */
  serverSeconds: number;
  /** PostgreSQL's processes (0 on SQLite). */
  databasePct: number;
  loadGeneratorPct: number;
  /** Everything else: other processes (a concurrent test run skews the figures), kernel threads, ... */
  otherPct: number;
  idlePct: number;
  cores: number;
}

export function cpuBetween(before: Snapshot | undefined, after: Snapshot | undefined): CpuUse | undefined {
  if (!before || !after) return undefined;
  const seconds = (after.at - before.at) / 1000;
  const pct = (ticks: number) => Math.max(0, Math.round((ticks / TICKS_PER_SECOND / seconds) * 100));
  const server = after.ticks.server - before.ticks.server;
  // Backends that ended during the run drop out of the sum; never below zero.
  const database = Math.max(0, after.ticks.database - before.ticks.database);
  const generator = after.ticks.generator - before.ticks.generator;
  return {
    serverPct: pct(server),
    serverSeconds: server / TICKS_PER_SECOND,
    databasePct: pct(database),
    loadGeneratorPct: pct(generator),
    otherPct: pct(after.busy - before.busy - server - database - generator),
    idlePct: pct(after.idle - before.idle),
    cores: os.availableParallelism(),
  };
}

/**
 * Waits until the machine has been at least `minIdlePct` idle over a 2-second window (or
 * `maxWaitMs` passed): on a shared machine, a run started during someone's test run measures both.
 */
export async function waitForIdle(minIdlePct: number, maxWaitMs: number): Promise<boolean> {
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    let a: { busy: number; idle: number };
    try {
      a = machine();
    } catch {
      return true; // not Linux: nothing to wait for
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const b = machine();
    const idle = ((b.idle - a.idle) / (b.idle - a.idle + b.busy - a.busy)) * 100;
    if (idle >= minIdlePct) return true;
    if (Date.now() > deadline) return false;
  }
}
