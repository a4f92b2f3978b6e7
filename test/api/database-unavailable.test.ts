import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../src/kernel/errors';
import { expectBooksBalanced } from '../support/books';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * When the database cannot be written (full disk, read-only file) a request is answered 503
 * service.unavailable with Retry-After, nothing is stored under its Idempotency-Key, and /readyz
 * says so. SQLite's own limits make the faults real here: max_page_count is a full disk to
 * SQLite (SQLITE_FULL), and a write lock held by another connection past the driver's wait is a
 * file it cannot write (SQLITE_BUSY). The PostgreSQL
 * faults (terminated backends, restarts, an unreachable server) are in test/fault.
 */
let t: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  t = await startTestApp();
  org = await t.given.org();
});
afterAll(() => t.close());

const onSqlite = () => t.app.database.engine === 'sqlite';
/** On the writing connection: a pragma alone would go to the read-only one, which does not write. */
const pragma = (statement: string) => t.app.database.transaction((tx) => sql.raw(`PRAGMA ${statement}`).execute(tx));

describe('a database that cannot be written', () => {
  it('/healthz and /readyz answer 200 while it can', async () => {
    expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${t.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('SQLite full: creates answer 503 with Retry-After, not 500; the same keys then execute once each', async (ctx) => {
    if (!onSqlite()) return ctx.skip();
    const { rows } = await pragma('page_count') as { rows: { page_count: number }[] };
    await pragma(`max_page_count = ${rows[0]!.page_count}`);
    const refusedKeys: string[] = [];
    let created = 0;
    try {
      for (let i = 0; i < 400 && refusedKeys.length === 0; i++) {
        const key = newKey();
        const res = await org.api.post('/contacts', { contact_name: `Filler ${i}`, contact_type: 'CUSTOMER', legal_name: 'L'.repeat(200), company_name: 'C'.repeat(200), display_name: 'D'.repeat(200) }, { idempotencyKey: key });
        if (res.status === 201) {
          created += 1;
          continue;
        }
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ code: 'service.unavailable', message: expect.stringContaining('same Idempotency-Key') });
        expect(res.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        refusedKeys.push(key);
      }
      expect(refusedKeys).toHaveLength(1);
    } finally {
      await pragma('max_page_count = 1073741823');
    }
    const retried = await org.api.post('/contacts', { contact_name: 'After the disk was freed', contact_type: 'CUSTOMER' }, { idempotencyKey: refusedKeys[0] });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    const all = await org.api.get('/contacts?per_page=200');
    expect(all.body.contacts).toHaveLength(created + 1);
    await expectBooksBalanced(org.api);
  });

  it('SQLite write lock held elsewhere past the wait: /readyz answers 503 and a write 503; both recover once it is let go', async (ctx) => {
    if (!onSqlite()) return ctx.skip();
    // Another process (a backup tool, a stuck migration) holding the file's write lock.
    const other = new BetterSqlite3(path.join(t.db.dataDir, 'bahi.sqlite'));
    other.exec('BEGIN IMMEDIATE');
    try {
      const [ready, write] = await Promise.all([
        fetch(`${t.baseUrl}/readyz`),
        org.api.post('/contacts', { contact_name: 'Locked out', contact_type: 'CUSTOMER' }, { idempotencyKey: newKey() }),
      ]);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      expect(await ready.json()).toMatchObject({ code: 'service.unavailable' });
      expect(write.status).toBe(503);
      expect(write.body.code).toBe('service.unavailable');
      expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await fetch(`${t.baseUrl}/readyz`)).status).toBe(200);
  }, 30_000);
});
