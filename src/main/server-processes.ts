import cluster, { type Worker } from 'node:cluster';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Config } from '../config';
import { isHitsReport, RateTally, type SupervisorChannel } from '../platform/rate-limit/shared-rate-limiter';
import { RestartBackoff } from './restart-backoff';

/*
 * BAHI_PROCESSES > 1 (docs/decisions.md "Serving from several processes"): this process, the
 * supervisor, serves nothing itself. It starts the serving processes on the one port (Node's
 * cluster hands each new connection to one of them in turn), keeps the rate-limit counts they
 * share on the embedded engine, starts again any that dies, and stops them all on SIGINT or
 * SIGTERM. The first, the lead, runs the background work, and on the embedded engine makes
 * every write; it starts alone, and the peers once it listens.
 */


type Role = Config['processRole'];

/** A serving process's side of the rate-limit counts: messages to and from its supervisor. */
export function supervisorChannel(): SupervisorChannel {
  return {
    // A supervisor that is gone gets no reports: this process stops on 'disconnect' (serve.ts).
    send: (report) => process.connected && process.send?.(report),
    onMessage: (listener) => process.on('message', listener),
  };
}

/** Tells the supervisor this process is ready for requests. */
export function reportListening(): void {
  if (process.connected) process.send?.({ type: 'bahi.listening' });
}

const isListening = (message: unknown) => (message as { type?: string } | null)?.type === 'bahi.listening';

export function superviseServers(config: Config): void {
  const log = pino({ level: config.logLevel, name: 'supervisor' });
  const tally = new RateTally();
  const roles = new Map<Worker, Role>();
  const listened = new WeakSet<Worker>();
  const restarts = new RestartBackoff<Role>();
  let stopping = false;
  // The lead's socket for the peers' writes (write-forwarding.ts) lives in a directory that only
  // this user can enter (mkdtemp makes it 0700): no other user can listen there in its place.
  const runDir = config.databaseUrl ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-'));
  const processEnv = runDir ? { BAHI_LEAD_SOCKET: path.join(runDir, 'lead.sock') } : {};
  const exit = () => {
    if (runDir) fs.rmSync(runDir, { recursive: true, force: true });
    process.exit(0);
  };

  function start(role: Role): void {
    const worker = cluster.fork({ BAHI_PROCESS_ROLE: role, ...processEnv });
    roles.set(worker, role);
    worker.on('message', (message: unknown) => {
      // Only to processes still connected: a send to one that just died would fail the supervisor.
      if (isHitsReport(message)) tally.receive(message, worker, [...roles.keys()].filter((w) => w.isConnected()));
    });
  }

  // The lead first: the peers pass their writes to it. Once every process listens, one line says so.
  let listening = 0;
  start('lead');
  cluster.on('message', (worker, message: unknown) => {
    if (!isListening(message)) return;
    listened.add(worker);
    restarts.listened(roles.get(worker) ?? 'peer');
  });
  cluster.on('message', function whenListening(_worker, message: unknown) {
    if (!isListening(message)) return;
    listening += 1;
    if (listening === 1) for (let i = 1; i < config.processes; i++) start('peer');
    if (listening < config.processes) return;
    cluster.off('message', whenListening);
    process.stdout.write(`Serving from ${config.processes} processes at http://${config.host}:${config.port}\n`);
  });

  cluster.on('exit', (worker, code, signal) => {
    const role = roles.get(worker) ?? 'peer';
    roles.delete(worker);
    if (stopping) {
      if (roles.size === 0) exit();
      return;
    }
    const delayMs = restarts.died(role, listened.has(worker));
    log.error({ role, code, signal, delayMs }, 'a serving process ended; starting another');
    setTimeout(() => {
      if (!stopping) start(role);
    }, delayMs);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      if (roles.size === 0) exit();
      for (const worker of roles.keys()) worker.process.kill('SIGTERM');
    });
  }
}
