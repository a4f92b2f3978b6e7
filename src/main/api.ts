import { loadConfig } from '../config';
import { composeApp } from './compose';
import { createDemoOrgIfEmpty } from './demo-org';
import { startWorkerLoop } from '../workers/worker-loop';

/**
 * `npm start`: migrate, serve the API, and run background jobs in the same process, the webhook
 * deliveries on a thread of their own (docs/decisions.md "Webhook deliveries on their own thread").
 */
const config = loadConfig();
const app = await composeApp(config, { deliveriesOnThread: true });
const demo = await createDemoOrgIfEmpty(app);

const banner: string[] = [];
if (app.mintedAdminToken) banner.push(`Admin token (shown once; set BAHI_ADMIN_TOKEN to choose your own): ${app.mintedAdminToken}`);
if (demo) banner.push(`Demo organisation ${demo.orgId}; full-access token (shown once): ${demo.token}`);
if (banner.length > 0) process.stdout.write(`\n${banner.map((l) => `  ${l}`).join('\n')}\n\n`);

await app.server.listen({ host: config.host, port: config.port });
// BAHI_WORKER_POLL_MS=0: this process only serves the API; `bahi worker` processes do the background work.
const stopWorker = config.workerPollMs > 0 ? startWorkerLoop(app.jobs, config.workerPollMs, app.server.log) : () => {};

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopWorker();
    void app.close().then(() => process.exit(0));
  });
}
