import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh, empty database for one test file. SQLite by default; PostgreSQL when
 * TEST_DATABASE_URL is set (CI's second pass), as a new database on that server.
 */
export interface TestDatabase {
  engine: 'sqlite' | 'postgres';
  databaseUrl?: string;
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * BAHI_SECRET for what the benchmarks and tests start on PostgreSQL, which refuses to start
 * without one: the same everywhere, as processes sharing a database must seal with one key.
 * On the embedded engine it stays unset, so a server keeps its key in `<data dir>/secret.key`.
 */
export const sealingKeyEnv = (databaseUrl: string | undefined): Record<string, string> =>
  databaseUrl ? { BAHI_SECRET: 'bahi-tests-and-benchmarks-sealing-key' } : {};

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return { engine: 'sqlite', dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `bahi_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    engine: 'postgres',
    databaseUrl: url.toString(),
    dataDir,
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
