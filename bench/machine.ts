import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

function tryRun(command: string, args: string[]): string | undefined {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Where the figures came from: recorded with every run. */
export function describeMachine() {
  let cpuModel = os.cpus()[0]?.model;
  try {
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpuModel;
  } catch {
    // not Linux
  }
  const tmp = os.tmpdir();
  return {
    hostname: os.hostname(),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    nproc: os.availableParallelism(),
    cpuModel,
    ramGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    /** The file system the SQLite temp data directory lives on. */
    disk: tryRun('findmnt', ['-no', 'SOURCE,FSTYPE,OPTIONS', '-T', tmp]),
    tmpdir: tmp,
  };
}
