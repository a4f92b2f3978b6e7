import cluster from 'node:cluster';
import { loadConfig } from '../config';
import { composeApp } from './compose';
import { announceFirstStart } from './demo-org';
import { serve } from './serve';
import { superviseServers } from './server-processes';

/**
 * `npm start`. With BAHI_PROCESSES above 1, this first process migrates the database and makes the
 * first start's secrets once, then supervises the serving processes (server-processes.ts).
 */
const config = loadConfig();
if (config.processes > 1 && cluster.isPrimary) {
  const setup = await composeApp({ ...config, processes: 1 });
  await announceFirstStart(setup, config);
  await setup.close();
  superviseServers(config);
} else {
  await serve(config);
}
