import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sealingKeyEnv } from '../test/support/test-database';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerOptions {
  /** PostgreSQL URL; without it the server uses SQLite in a fresh temp directory. */
  databaseUrl?: string;
  adminToken: string;
  /** Directory for a V8 CPU profile of the server (written when it exits on SIGTERM). */
  cpuProfDir?: string;
  /** The SQLite data directory to use (kept on stop, e.g. to restart on it); default a fresh temp directory, removed on stop. */
  dataDir?: string;
  /** More environment for the server (BAHI_WORKER_POLL_MS, BAHI_CLOCK, ...). */
  env?: Record<string, string>;
  /** The checkout to run the server from (default this one), e.g. another build to compare with. */
  root?: string;
}

export interface ServerProcess {
  origin: string;
  pid: number;
  dataDir: string;
  /** Stops the server (SIGTERM, then SIGKILL after a grace period) and removes its temp directory. */
  stop(): Promise<void>;
  /** `kill -9`: the process dies at once, with no shutdown of any kind; the data directory stays. */
  kill(): Promise<void>;
  /** Settles when the process has exited, with how it ended. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const running = new Set<ChildProcess>();
// Whatever happens to the benchmark (exception, Ctrl-C), no server is left behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of running) child.kill('SIGKILL');
    process.exit(130);
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts `node --import tsx src/main/worker.ts` (background jobs only, no HTTP) on a
 * PostgreSQL database; `stop` ends it (SIGTERM).
 */
export function startWorkerProcess(databaseUrl: string, env: Record<string, string>): { stop(): Promise<void> } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-worker-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/worker.ts'], {
    cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: databaseUrl, BAHI_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...sealingKeyEnv(databaseUrl), ...env },
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return {
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts `node --import tsx src/main/api.ts` as a child process and waits until /healthz answers (and, with BAHI_PROCESSES, every process listens). */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-bench-'));
  const env: NodeJS.ProcessEnv = {};
  // Only what the server needs: a stray DATABASE_URL or BAHI_* from the caller must not leak in.
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('BAHI_') && key !== 'DATABASE_URL' && !key.startsWith('TEST_')) env[key] = value;
  }
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: String(port),
    BAHI_DATA_DIR: dataDir,
    BAHI_ADMIN_TOKEN: options.adminToken,
    LOG_LEVEL: 'warn',
    ...(options.databaseUrl && { DATABASE_URL: options.databaseUrl }),
    ...sealingKeyEnv(options.databaseUrl),
    ...options.env,
  });
  const nodeArgs = ['--import', 'tsx'];
  if (options.cpuProfDir) nodeArgs.push('--cpu-prof', '--cpu-prof-dir', options.cpuProfDir);
  const child = spawn(process.execPath, [...nodeArgs, 'src/main/api.ts'], { cwd: options.root ?? ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  // The last lines of output, shown if the server fails; warnings are passed through.
  const tail: string[] = [];
  // With BAHI_PROCESSES above 1, /healthz answers once the first listens; the supervisor says when all do.
  let allListening = Number(env.BAHI_PROCESSES ?? 1) <= 1;
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      if (/^Serving from \d+ processes/.test(line)) allListening = true;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      if (/"level":(40|50|60)/.test(line)) process.stderr.write(`  [server] ${line.slice(0, 400)}\n`);
    }
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);

  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(timer);
    }
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    child.kill('SIGKILL');
    await exited(child);
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`server exited during start-up (${child.exitCode ?? child.signalCode}):\n${tail.join('\n')}`);
    }
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok && allListening) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become healthy within 60 s:\n${tail.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin, pid: child.pid!, dataDir, stop, kill, exit };
}
