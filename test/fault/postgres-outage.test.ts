import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../bench/server-process';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../src/kernel/errors';
import { expectBooksBalanced } from '../support/books';
import { HttpClient } from '../support/http-client';
import { allInvoices, invoiceBody, startInvoiceLoad, type LoadReport } from '../support/invoice-load';
import { isAlive, terminateBusyBackends, whenAccepting } from '../support/postgres-faults';
import { customer } from '../support/sales';
import { sayWhySkipped } from '../support/skip-note';
import { startServerApp, type ServerApp } from '../support/server-app';
import { ADMIN_TOKEN, newKey, type OrgFixture } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/*
 * The database going away under a running server: backends terminated mid-transaction,
 * PostgreSQL restarted and stopped. These stop the PostgreSQL server itself, so they run on a server
 * of their own, one file at a time, in .ci/run's fault phase (scripts/with-postgres.sh provides
 * TEST_DATABASE_URL and TEST_PG_CTL).
 */
const pgCtlScript = process.env.TEST_PG_CTL;
const serverUrl = process.env.TEST_DATABASE_URL;
const canRun = !!pgCtlScript && !!serverUrl;
sayWhySkipped(!canRun, 'PostgreSQL fault tests: skipped, they stop and restart a PostgreSQL server of their own (TEST_DATABASE_URL and TEST_PG_CTL: scripts/with-postgres.sh npx vitest run test/fault)');

const run = promisify(execFile);
const pgCtl = (...args: string[]) => run(pgCtlScript!, args);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every acknowledged create is in the books exactly once, nothing else is, and the numbers run without a gap. */
async function expectNothingLostOrDoubled(org: OrgFixture, report: LoadReport, before: number): Promise<void> {
  expect(report.unexpected).toEqual([]);
  const invoices = await allInvoices(org.api);
  const stored = new Set(invoices.map((i) => i.invoice_id));
  const acknowledged = new Set(report.acknowledged.map((a) => a.invoiceId));
  expect(acknowledged.size).toBe(report.acknowledged.length); // no key answered with two invoices
  expect(invoices).toHaveLength(before + report.acknowledged.length);
  for (const id of acknowledged) expect(stored.has(id)).toBe(true);
  const serials = invoices.map((i) => Number(i.invoice_number.split('-').pop())).sort((a, b) => a - b);
  expect(serials).toEqual(Array.from({ length: serials.length }, (_, i) => i + 1));
  await expectBooksBalanced(org.api);
}

describe.skipIf(!canRun)('PostgreSQL going away under load', () => {
  let db: TestDatabase;
  let server: ServerApp;
  let org: OrgFixture;
  let customerId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServerApp(db, { BAHI_WORKER_POLL_MS: '200' });
    org = await server.given.org({ rate_limit_per_minute: 1_000_000 });
    customerId = await customer(org.api);
  }, 90_000);
  afterAll(async () => {
    await server?.process.stop();
    await db?.drop();
  });

  it('terminated backends fail their requests with 503; the server lives on and every retried create lands once', async () => {
    const before = (await allInvoices(org.api)).length;
    const load = startInvoiceLoad(org.api, customerId, 8);
    let terminated = 0;
    for (let round = 0; round < 10; round++) {
      await pause(300);
      terminated += await terminateBusyBackends(db.databaseUrl!);
    }
    const report = await load.stop();
    expect(terminated).toBeGreaterThan(0);
    expect(report.unavailable + report.noAnswer).toBeGreaterThan(0);
    expect(isAlive(server.process.pid)).toBe(true);
    await expectNothingLostOrDoubled(org, report, before);
  }, 90_000);

  it('a PostgreSQL restart under load: 503 while it is down, writes again within a second of it accepting, no restart of the server', async () => {
    const before = (await allInvoices(org.api)).length;
    const load = startInvoiceLoad(org.api, customerId, 8);
    await pause(500);
    const restartedAt = performance.now();
    await pgCtl('restart', '-m', 'fast', '-w', '-t', '60');
    const acceptingAt = await whenAccepting(serverUrl!);
    await pause(1500);
    const report = await load.stop();
    const firstAfter = report.acknowledged.map((a) => a.at).filter((at) => at > acceptingAt).sort((a, b) => a - b)[0];
    expect(firstAfter).toBeDefined();
    expect(firstAfter! - acceptingAt).toBeLessThan(1000);
    expect(report.acknowledged.some((a) => a.at > restartedAt)).toBe(true);
    expect(isAlive(server.process.pid)).toBe(true);
    await expectNothingLostOrDoubled(org, report, before);
  }, 120_000);

  it('while PostgreSQL is down: /healthz 200, /readyz 503, a write 503 with Retry-After; the same key then executes once', async () => {
    const origin = server.process.origin;
    await pgCtl('stop', '-m', 'fast', '-w', '-t', '60');
    try {
      expect((await fetch(`${origin}/healthz`)).status).toBe(200);
      const ready = await fetch(`${origin}/readyz`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { code: string }).code).toBe('service.unavailable');
      const key = newKey();
      const refused = await org.api.post('/invoices', invoiceBody(customerId), { idempotencyKey: key });
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 'service.unavailable', message: expect.stringContaining('same Idempotency-Key') });
      expect(refused.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      await pgCtl('start', '-w', '-t', '60');
      await whenAccepting(serverUrl!);
      expect((await fetch(`${origin}/readyz`)).status).toBe(200);
      const retried = await org.api.post('/invoices', invoiceBody(customerId), { idempotencyKey: key });
      expect(retried.status).toBe(201);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      const replayed = await org.api.post('/invoices', invoiceBody(customerId), { idempotencyKey: key });
      expect(replayed.body.invoice.invoice_id).toBe(retried.body.invoice.invoice_id);
    } finally {
      await pgCtl('start', '-w', '-t', '60').catch(() => {}); // already running when the test got that far
    }
    expect(isAlive(server.process.pid)).toBe(true);
  }, 120_000);
});

describe.skipIf(!canRun)('start-up while PostgreSQL is down', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await pgCtl('start', '-w', '-t', '60').catch(() => {});
    await db?.drop();
  });

  it('waits for PostgreSQL and serves once it accepts connections', async () => {
    await pgCtl('stop', '-m', 'fast', '-w', '-t', '60');
    const starting = startServer({ databaseUrl: db.databaseUrl, adminToken: ADMIN_TOKEN });
    await pause(2500);
    await pgCtl('start', '-w', '-t', '60');
    const server = await starting;
    try {
      expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
      const admin = new HttpClient(`${server.origin}/api/admin/v1`, ADMIN_TOKEN);
      expect((await admin.post('/orgs', { name: 'After the wait' })).status).toBe(201);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('gives up after BAHI_DB_WAIT_SECONDS, not at once', async () => {
    await pgCtl('stop', '-m', 'fast', '-w', '-t', '60');
    try {
      const startedAt = performance.now();
      await expect(startServer({ databaseUrl: db.databaseUrl, adminToken: ADMIN_TOKEN, env: { BAHI_DB_WAIT_SECONDS: '3' } }))
        .rejects.toThrow(/exited during start-up/);
      const waited = performance.now() - startedAt;
      expect(waited).toBeGreaterThan(3000);
      expect(waited).toBeLessThan(20_000);
    } finally {
      await pgCtl('start', '-w', '-t', '60');
    }
  }, 120_000);
});

