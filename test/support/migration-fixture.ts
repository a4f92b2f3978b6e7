import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { openDatabase, type Database } from '../../src/db/database';
import { MIGRATIONS } from '../../src/db/migrations';
import { createTestDatabase, type TestDatabase } from './test-database';

/** The database typed loosely: its tables as they were before the migration under test. */
export type RawDatabase = Kysely<Record<string, Record<string, unknown>>>;

export interface DatabaseBefore {
  testDb: TestDatabase;
  database: Database;
  raw: RawDatabase;
  close(): Promise<void>;
}

/**
 * A fresh database migrated up to, not including, the migration named: a test writes the books
 * of that time into it, then runs `database.migrate()` and reads what the migration made of them.
 */
export async function databaseBefore(migrationName: string): Promise<DatabaseBefore> {
  const testDb = await createTestDatabase();
  const database = openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl });
  const before = MIGRATIONS.filter((m) => m.name < migrationName);
  const migrations: Record<string, Migration> = Object.fromEntries(before.map((m) => [m.name, { up: (db) => m.up(db, database.engine) }]));
  const { error } = await new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
  if (error) throw error;
  return {
    testDb, database, raw: database.db as unknown as RawDatabase,
    async close() {
      await database.close();
      await testDb.drop();
    },
  };
}

/** A row with the given values and a placeholder (0 or '') in every other NOT NULL column: a test names only what the migration reads. */
export async function insertRow(at: DatabaseBefore, table: string, values: Record<string, unknown>): Promise<void> {
  const { database, raw } = at;
  const columns = database.engine === 'postgres'
    ? (await sql<{ name: string; type: string; required: boolean }>`SELECT column_name AS name, data_type AS type, is_nullable = 'NO' AS required
        FROM information_schema.columns WHERE table_name = ${table}`.execute(raw)).rows
    : (await sql<{ name: string; type: string; notnull: number }>`SELECT name, type, "notnull" FROM pragma_table_info(${table})`.execute(raw)).rows
      .map((c) => ({ name: c.name, type: c.type, required: c.notnull === 1 }));
  const row: Record<string, unknown> = {};
  for (const c of columns) if (c.required) row[c.name] = /int|numeric/i.test(c.type) ? 0 : '';
  await raw.insertInto(table).values({ ...row, ...values }).execute();
}
