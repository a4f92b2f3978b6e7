import { performance } from 'node:perf_hooks';
import pg from 'pg';

/* Faults a test or the soak benchmark inflicts on a PostgreSQL server, and what they watch while it recovers. */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once PostgreSQL accepts a connection and answers a query again; the moment it did (performance.now()). */
export async function whenAccepting(url: string): Promise<number> {
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      return performance.now();
    } catch {
      await pause(20);
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** Terminates the service's backends on this database that are in a transaction or running a statement; how many. */
export async function terminateBusyBackends(databaseUrl: string): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
        WHERE datname = current_database() AND application_name LIKE 'bahi%' AND state <> 'idle' AND pid <> pg_backend_pid()`);
    return rows.filter((r) => r.done).length;
  } finally {
    await admin.end();
  }
}

/** Whether a process is still running. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
