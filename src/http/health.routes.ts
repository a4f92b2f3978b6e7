import { sql } from 'kysely';
import type { Database } from '../db/database';
import { route, type RouteDef } from './route';

/** GET /healthz: 200 once migrations ran and the database answers. */
export function healthRoutes(database: Database): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/healthz', operationId: 'health', summary: 'Liveness and database check', tags: ['Operations'],
      access: 'open', raw: true,
      handle: async () => {
        await sql`SELECT 1`.execute(database.db);
        return { status: 'ok' };
      },
    }),
  ];
}
