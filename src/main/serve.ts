import cluster from 'node:cluster';
import type { Config } from '../config';
import { systemClock } from '../kernel/clock';
import { ulidGenerator } from '../kernel/ids';
import { startWorkerLoop } from '../workers/worker-loop';
import { composeApp } from './compose';
import { announceFirstStart } from './demo-org';
import { reportListening } from './server-processes';
import { acceptForwardedWrites, forwardWritesTo } from './write-forwarding';

/**
 * One serving process: migrate, serve the API, and, in the lead, run the background jobs, the
 * webhook deliveries on a thread of their own (docs/decisions.md "Webhook deliveries on their own
 * thread"). Alone, or as one of several under a supervisor (server-processes.ts).
 */
export async function serve(config: Config): Promise<void> {
  const lead = config.processRole === 'lead';
  const supervised = cluster.isWorker;
  // On the embedded engine one process makes every write; the others pass theirs to it. The
  // supervisor names the socket for that only there (server-processes.ts).
  const socketPath = config.leadSocket;
  const acceptor = socketPath && lead ? acceptForwardedWrites(socketPath) : null;
  // Several processes never run on a settable clock (config.ts): request ids of the forwarder's own answers use the system's.
  const routeRequests = !socketPath ? undefined : acceptor ? acceptor.route : forwardWritesTo(socketPath, ulidGenerator(systemClock));

  const app = await composeApp(config, { deliveriesOnThread: lead, routeRequests });
  if (!supervised) await announceFirstStart(app, config); // under a supervisor, it announced before starting any process
  await app.server.listen({ host: config.host, port: config.port });
  await acceptor?.listen();
  // BAHI_WORKER_POLL_MS=0: this process only serves the API; `bahi worker` processes do the background work.
  const stopWorker = lead && config.workerPollMs > 0 ? startWorkerLoop(app.jobs, config.workerPollMs, app.server.log) : () => {};
  reportListening();

  let closing: Promise<void> | null = null;
  const shutDown = () => {
    closing ??= (async () => {
      app.readiness.draining = true;
      stopWorker();
      const http = app.server.server;
      // In-flight requests finish (each answer says Connection: close); a connection that falls idle
      // meanwhile is closed at once instead of lingering for its keep-alive timeout.
      const idleSweep = setInterval(() => http.closeIdleConnections(), 100);
      const deadline = setTimeout(() => {
        app.server.log.warn({ shutdownSeconds: config.shutdownSeconds }, 'requests still running at the shutdown deadline; closing their connections');
        http.closeAllConnections();
        process.exit(1);
      }, config.shutdownSeconds * 1000);
      await acceptor?.close();
      await app.close();
      clearInterval(idleSweep);
      clearTimeout(deadline);
      process.exit(0);
    })();
  };
  // Every signal, not only the first: a second SIGTERM (from the supervisor, after the operator's) must not cut the shutdown short.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, shutDown);
  // A supervisor that is gone leaves no process serving on its own.
  if (supervised) process.once('disconnect', shutDown);
}
