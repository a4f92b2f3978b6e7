import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/db/database';

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

/**
 * A fresh database for one test file: empty, or `migrated` to the latest schema. A migrated one is
 * a copy of a template migrated once (a file copy on SQLite, CREATE DATABASE … TEMPLATE on
 * PostgreSQL), since running every migration took a test app start from about 0.4 s to 2 s.
 * Tests of migrations themselves start from an empty one.
 */
export async function createTestDatabase({ migrated = false } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    if (migrated) fs.copyFileSync(path.join(await sqliteTemplate(), SQLITE_FILE), path.join(dataDir, SQLITE_FILE));
    return { engine: 'sqlite', dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `bahi_t_${randomBytes(6).toString('hex')}`;
  const template = migrated ? await postgresTemplate(serverUrl) : null;
  await withClient(serverUrl, (c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  return {
    engine: 'postgres',
    databaseUrl: databaseUrlOf(serverUrl, name),
    dataDir,
    async drop() {
      await withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const SQLITE_FILE = 'bahi.sqlite';
const MIGRATIONS_DIR = path.join(import.meta.dirname, '../../src/db/migrations');

/** Names the migrations' current source, so a template is never one of older migrations. */
const migrationsHash = (): string => {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  return hash.digest('hex').slice(0, 12);
};

const databaseUrlOf = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function withClient<T>(connectionString: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

async function migrateAt(options: { dataDir: string; databaseUrl?: string }): Promise<void> {
  const database = openDatabase(options);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

let sqliteTemplateDir: Promise<string> | undefined;

/** This process's migrated SQLite file, made on first use. */
function sqliteTemplate(): Promise<string> {
  sqliteTemplateDir ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bahi-template-${migrationsHash()}-`));
    await migrateAt({ dataDir: dir });
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  })();
  return sqliteTemplateDir;
}

let postgresTemplateName: Promise<string> | undefined;

/** The server's migrated template database, made once by whichever test process comes first (an advisory lock keeps it to one). */
function postgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplateName ??= withClient(serverUrl, async (c) => {
    const name = `bahi_template_${migrationsHash()}`;
    await c.query('SELECT pg_advisory_lock(7264501)');
    try {
      const exists = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount === 0) {
        const building = `${name}_building`;
        await c.query(`DROP DATABASE IF EXISTS ${building}`);
        await c.query(`CREATE DATABASE ${building}`);
        await migrateAt({ dataDir: os.tmpdir(), databaseUrl: databaseUrlOf(serverUrl, building) });
        await c.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
    } finally {
      await c.query('SELECT pg_advisory_unlock(7264501)');
    }
    return name;
  });
  return postgresTemplateName;
}
