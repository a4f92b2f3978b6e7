import { sql } from 'kysely';
import type { Database } from './database';

/** A probe slower than this answers "not ready": a database that takes seconds to answer one row cannot serve writes. */
const PROBE_TIMEOUT_MS = 3_000;

/**
 * Whether the database can take a write now, or why not. PostgreSQL: a round trip, and the
 * server is not a standby in recovery (which refuses writes). SQLite: a real write, committed,
 * so a read-only file or a failing disk shows here and not first in a customer's request.
 */
export async function writableProblem(database: Database, now: Date): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`the database did not answer within ${PROBE_TIMEOUT_MS} ms`), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe(database, now), timeout]);
  } catch (error) {
    return `the database refused the probe: ${(error as Error).message}`;
  } finally {
    clearTimeout(timer);
  }
}

async function probe(database: Database, now: Date): Promise<string | null> {
  if (database.engine === 'postgres') {
    const { rows } = await sql<{ recovering: boolean }>`SELECT pg_is_in_recovery() AS recovering`.execute(database.db);
    return rows[0]?.recovering ? 'PostgreSQL is in recovery (a read-only standby)' : null;
  }
  const value = now.toISOString();
  await database.transaction((tx) =>
    tx.insertInto('system_settings').values({ key: 'readiness_probe', value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute());
  return null;
}
