import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { SettableClock } from '../../src/kernel/clock';
import { composeApp, type App } from '../../src/main/compose';
import { createDemoOrgIfEmpty } from '../../src/main/demo-org';
import { HttpClient } from '../support/http-client';
import { customer, postedInvoice } from '../support/sales';
import { ADMIN_TOKEN, givenThrough, newKey, PUBLIC, type OrgFixture } from '../support/test-app';
import { createTestDatabase, sealingKeyEnv, type TestDatabase } from '../support/test-database';
import { expectValidDelivery, Receiver } from '../support/webhook-receiver';

/*
 * What a start does before serving (docs/decisions.md "Security"): the demo organisation, and the
 * server secret that seals stored secrets, kept outside the database. One database, started again
 * and again as an operator would: first as a new install, then as an install of an earlier
 * version (its key in `system_settings`), then upgraded.
 */

const KEY_OF_AN_EARLIER_VERSION = 'kept-in-system-settings-by-an-earlier-version';
const NEW_KEY = 'the-operators-new-bahi-secret';
const clock = new SettableClock();
const receiver = new Receiver();
let db: TestDatabase;
let running: App | null = null;

async function boot(env: Record<string, string>) {
  const config = loadConfig({
    BAHI_DATA_DIR: db.dataDir, ...(db.databaseUrl && { DATABASE_URL: db.databaseUrl }),
    BAHI_ADMIN_TOKEN: ADMIN_TOKEN, BAHI_CLOCK: 'fake', BAHI_WEBHOOK_ALLOW_PRIVATE: '1', LOG_LEVEL: 'warn', ...env,
  });
  const app = await composeApp(config, { clock, logger: false });
  running = app;
  await app.server.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}`;
  const admin = new HttpClient(`${base}/api/admin/v1`, ADMIN_TOKEN);
  const api = new HttpClient(`${base}${PUBLIC}`);
  return { app, config, admin, api, given: givenThrough(admin, api) };
}

async function stop() {
  await running?.close();
  running = null;
}

const storedKey = async (app: App) =>
  (await app.database.db.selectFrom('system_settings').select('value').where('key', '=', 'server_secret').executeTakeFirst())?.value;
const keyFile = () => path.join(db.dataDir, 'secret.key');

beforeAll(async () => {
  db = await createTestDatabase();
  await receiver.start();
});
afterAll(async () => {
  await stop();
  await receiver.stop();
  await db.drop();
});

describe('first start', () => {
  it('makes the demo organisation only on an embedded database, and not with BAHI_DEMO=0', async () => {
    const { app, config, admin } = await boot(sealingKeyEnv(db.databaseUrl));
    expect(await createDemoOrgIfEmpty(app, loadConfig({ BAHI_DEMO: '0' }))).toBeNull();
    expect((await admin.get('/orgs')).body.orgs).toEqual([]);

    const demo = await createDemoOrgIfEmpty(app, config);
    const orgs = (await admin.get('/orgs')).body.orgs;
    if (db.engine === 'postgres') {
      expect(demo).toBeNull();
      expect(orgs).toEqual([]);
    } else {
      expect(orgs).toEqual([expect.objectContaining({ org_id: demo!.orgId, name: 'Demo Traders' })]);
      // Not empty any more: a second start makes none.
      expect(await createDemoOrgIfEmpty(app, config)).toBeNull();
    }
    // On SQLite, without BAHI_SECRET, the key was generated straight into its file, never into the database.
    expect(await storedKey(app)).toBeUndefined();
    if (db.engine === 'sqlite') expect(fs.statSync(keyFile()).mode & 0o777).toBe(0o600);
    await stop();
  });
});

describe('the server secret', { timeout: 60_000 }, () => {
  let org: OrgFixture;
  let endpoint: { endpoint_id: string; secret: string };
  const endpointKey = newKey();
  let sealedBefore: string;

  // The organisation's client on the server now running (each start listens on a port of its own).
  let client: HttpClient;
  const register = () => client.post('/webhooks/endpoints', { url: receiver.url, events: ['INVOICE_CREATED'] }, { idempotencyKey: endpointKey });
  const sealedSecret = async (app: App) => (await app.database.db.selectFrom('webhook_endpoints').select('secret_sealed')
    .where('endpoint_id', '=', endpoint.endpoint_id).executeTakeFirstOrThrow()).secret_sealed;

  it('seals a webhook endpoint\'s answer stored with its Idempotency-Key; a replay still shows the secret', async () => {
    const { app, given } = await boot({ BAHI_SECRET: KEY_OF_AN_EARLIER_VERSION });
    org = await given.org();
    client = org.api;
    const created = await register();
    expect(created.status).toBe(201);
    endpoint = created.body.endpoint;
    expect(endpoint.secret).toMatch(/^whsec_/);

    const stored = await app.database.db.selectFrom('idempotency_keys').select('response_body').where('idem_key', '=', endpointKey).executeTakeFirstOrThrow();
    expect(stored.response_body).not.toContain(endpoint.secret);
    expect(stored.response_body).not.toContain('whsec_');
    expect(stored.response_body).not.toContain(endpoint.endpoint_id);

    const replay = await register();
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(created.body);
    sealedBefore = await sealedSecret(app);
    await stop();
  });

  it('upgrading an install whose key is in the database: SQLite moves it to secret.key (0600); PostgreSQL refuses to start without BAHI_SECRET', async () => {
    // As an earlier version left it: the key that sealed everything, kept in the database.
    const { app } = await boot({ BAHI_SECRET: KEY_OF_AN_EARLIER_VERSION });
    await app.database.transaction((tx) => tx.insertInto('system_settings').values({ key: 'server_secret', value: KEY_OF_AN_EARLIER_VERSION }).execute());
    await stop();

    if (db.engine === 'postgres') {
      const refusal = boot({});
      await expect(refusal).rejects.toThrow(/BAHI_SECRET is not set/);
      await expect(refusal).rejects.toThrow(/`bahi secret export`/);
    } else {
      const upgraded = await boot({});
      client = upgraded.api.withToken(org.token);
      expect(await storedKey(upgraded.app)).toBeUndefined();
      expect(fs.readFileSync(keyFile(), 'utf8').trim()).toBe(KEY_OF_AN_EARLIER_VERSION);
      expect(fs.statSync(keyFile()).mode & 0o777).toBe(0o600);
      // What the old key sealed still opens.
      expect((await register()).body.endpoint.secret).toBe(endpoint.secret);
      await stop();
    }

    // The key an operator sets BAHI_SECRET to: the database's, or on SQLite the file's.
    const exported = await promisify(execFile)('node', ['bin/bahi.js', 'secret', 'export'], {
      env: { PATH: process.env.PATH, BAHI_DATA_DIR: db.dataDir, ...(db.databaseUrl && { DATABASE_URL: db.databaseUrl }) },
    });
    expect(exported.stdout).toBe(`${KEY_OF_AN_EARLIER_VERSION}\n`);
  });

  it('with a new BAHI_SECRET, everything sealed is sealed again under it and the old key deleted; webhooks still verify with their secret', async () => {
    const { app, api, admin } = await boot({ BAHI_SECRET: NEW_KEY });
    client = api.withToken(org.token);
    expect(await storedKey(app)).toBeUndefined();
    expect(fs.existsSync(keyFile())).toBe(false);
    expect(await sealedSecret(app)).not.toBe(sealedBefore);

    const replay = await register();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.endpoint.secret).toBe(endpoint.secret);

    await postedInvoice(client, await customer(client), 500);
    expect((await admin.post('/jobs/run', {})).status).toBe(200);
    const [got] = receiver.ofOrg(org.orgId);
    expectValidDelivery(got!, endpoint.secret, org.orgId);
    await stop();
  });
});
