import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsPostgres, sayWhySkipped } from '../support/skip-note';
import { startTestApp, type TestApp } from '../support/test-app';

sayWhySkipped(!process.env.TEST_DATABASE_URL, needsPostgres('the PostgreSQL connection pool'));

/** BAHI_PG_POOL_SIZE caps the connections a process opens for API requests (db/database.ts DEFAULT_PG_POOL_SIZE). */
describe.runIf(process.env.TEST_DATABASE_URL)('the PostgreSQL connection pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ BAHI_PG_POOL_SIZE: '3' });
  });
  afterAll(() => t.close());

  it('serves many concurrent requests through at most BAHI_PG_POOL_SIZE connections, named bahi in pg_stat_activity', async () => {
    const org = await t.given.org();
    const responses = await Promise.all(Array.from({ length: 24 }, (_, i) =>
      org.api.post('/contacts', { contact_name: `Pool customer ${i}`, contact_type: 'CUSTOMER' })));
    expect(responses.map((r) => r.status)).toEqual(Array(24).fill(201));

    const observer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await observer.connect();
    try {
      const { rows } = await observer.query<{ connections: string }>(
        `select count(*) as connections from pg_stat_activity where datname = $1 and application_name = 'bahi'`,
        [new URL(t.db.databaseUrl!).pathname.slice(1)],
      );
      expect(Number(rows[0]!.connections)).toBeGreaterThan(0);
      expect(Number(rows[0]!.connections)).toBeLessThanOrEqual(3);
    } finally {
      await observer.end();
    }
  });
});
