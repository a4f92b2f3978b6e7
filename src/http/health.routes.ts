import { Type } from '@sinclair/typebox';
import type { Database } from '../db/database';
import { writableProblem } from '../db/readiness';
import type { Clock } from '../kernel/clock';
import { serviceUnavailable } from '../kernel/errors';
import { route, type RouteDef } from './route';

/** Whether this process is shutting down: set on SIGTERM, so load balancers stop sending it work before it stops listening. */
export class Readiness {
  draining = false;
}

/**
 * GET /healthz: liveness, 200 while the process runs (a database outage must not get it
 * restarted: a restart cannot mend the database). GET /readyz: 200 when it can serve writes;
 * 503 service.unavailable while the database is unreachable or not writable, and from the
 * shutdown signal on.
 */
export function healthRoutes(database: Database, clock: Clock, readiness: Readiness): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/healthz', operationId: 'health', summary: 'Liveness: the process runs', tags: ['Operations'],
      access: 'open', raw: true, response: { status: Type.Literal('ok') },
      handle: async () => ({ status: 'ok' }),
    }),
    route({
      method: 'GET', url: '/readyz', operationId: 'ready', summary: 'Readiness: the process can serve writes', tags: ['Operations'],
      access: 'open', raw: true, response: { status: Type.Literal('ready') },
      handle: async () => {
        if (readiness.draining) throw serviceUnavailable('The service is shutting down');
        const problem = await writableProblem(database, clock.now());
        if (problem) throw serviceUnavailable(`The service cannot serve writes: ${problem}`);
        return { status: 'ready' };
      },
    }),
  ];
}
