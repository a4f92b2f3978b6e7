import { loadConfig } from '../config';
import { startWorkerLoop } from '../workers/worker-loop';
import { composeApp } from './compose';

/** `bahi worker`: background jobs without serving HTTP, for scaling out on PostgreSQL. */
const config = loadConfig();
const app = await composeApp(config);
// A worker serves no API; getting its server ready opens BAHI_METRICS_PORT's /metrics, when one is set.
await app.server.ready();
const stop = startWorkerLoop(app.jobs, config.workerPollMs, app.server.log);
app.server.log.info('worker started');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stop();
    void app.close().then(() => process.exit(0));
  });
}
