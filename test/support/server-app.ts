import { startServer, type ServerProcess } from '../../bench/server-process';
import { HttpClient } from './http-client';
import { ADMIN_TOKEN, givenThrough, PUBLIC, type Given } from './test-app';
import type { TestDatabase } from './test-database';

export interface ServerApp {
  process: ServerProcess;
  admin: HttpClient;
  given: Given;
}

/** `npm start`'s entry as a real process on the test database, with the tests' admin client and fixtures. */
export async function startServerApp(db: TestDatabase, env: Record<string, string>): Promise<ServerApp> {
  const process = await startServer({ databaseUrl: db.databaseUrl, dataDir: db.dataDir, adminToken: ADMIN_TOKEN, env });
  const admin = new HttpClient(`${process.origin}/api/admin/v1`, ADMIN_TOKEN);
  return { process, admin, given: givenThrough(admin, new HttpClient(`${process.origin}${PUBLIC}`)) };
}
