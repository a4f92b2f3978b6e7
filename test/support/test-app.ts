import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../src/config';
import { SettableClock } from '../../src/kernel/clock';
import { composeApp, type App, type Overrides } from '../../src/main/compose';
import { HttpClient } from './http-client';
import { createTestDatabase, sealingKeyEnv, type TestDatabase } from './test-database';

export const ADMIN_TOKEN = 'bahi_adm_test-admin-secret-0123456789abcdef';
export const PUBLIC = '/api/public/v1';

export interface TestApp {
  app: App;
  db: TestDatabase;
  clock: SettableClock;
  baseUrl: string;
  /** Client for the admin API (/api/admin/v1), authenticated as the operator. */
  admin: HttpClient;
  /** Client for the public API (/api/public/v1), without a token. */
  api: HttpClient;
  given: Given;
  close(): Promise<void>;
}

export interface OrgFixture {
  orgId: string;
  userId: string;
  token: string;
  tokenId: string;
  defaultBranchId: string;
  /** Public API client holding this org's full-access token. */
  api: HttpClient;
}

/** Factories through the admin API: no fixed ids, every test builds what it needs. */
export interface Given {
  org(options?: { name?: string; state_code?: string; scopes?: string[]; rate_limit_per_minute?: number }): Promise<OrgFixture>;
  token(orgIds: string[], options?: { scopes?: string[]; user_id?: string | null; expires_at?: string; kind?: 'PAT' | 'OAUTH'; rate_limit_per_minute?: number }): Promise<{ token: string; tokenId: string }>;
}

/** Starts the real server on a loopback port over a fresh database (SQLite, or PostgreSQL in CI). */
export async function startTestApp(env: Record<string, string> = {}, overrides: Omit<Overrides, 'clock'> = {}): Promise<TestApp> {
  return startTestAppOn(await createTestDatabase({ migrated: true }), env, overrides);
}

/** The real server over a database a test has prepared (books written before a migration, which the start runs); closing drops it. */
export async function startTestAppOn(db: TestDatabase, env: Record<string, string> = {}, overrides: Omit<Overrides, 'clock'> = {}): Promise<TestApp> {
  const clock = new SettableClock();
  const config = loadConfig({
    BAHI_DATA_DIR: db.dataDir,
    ...(db.databaseUrl && { DATABASE_URL: db.databaseUrl }),
    ...sealingKeyEnv(db.databaseUrl),
    BAHI_ADMIN_TOKEN: ADMIN_TOKEN,
    BAHI_CLOCK: 'fake',
    ...env,
  });
  const app = await composeApp(config, { ...overrides, clock, logger: overrides.logger ?? false });
  await app.server.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a TCP port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const admin = new HttpClient(`${baseUrl}/api/admin/v1`, ADMIN_TOKEN);
  const api = new HttpClient(`${baseUrl}${PUBLIC}`);

  const given = givenThrough(admin, api);

  return {
    app, db, clock, baseUrl, admin, api, given,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

/** The factories over an admin client and a public client of one server (in-process or a child process). */
export function givenThrough(admin: HttpClient, api: HttpClient): Given {
  const given: Given = {
    async token(orgIds, options = {}) {
      const res = await admin.post('/tokens', {
        org_ids: orgIds, scopes: options.scopes ?? ['Svc.fullaccess.all'],
        ...(options.user_id !== undefined && { user_id: options.user_id }),
        ...(options.expires_at && { expires_at: options.expires_at }),
        ...(options.kind && { kind: options.kind }),
        ...(options.rate_limit_per_minute && { rate_limit_per_minute: options.rate_limit_per_minute }),
      });
      if (res.status !== 201) throw new Error(`token: ${res.status} ${JSON.stringify(res.body)}`);
      return { token: res.body.token.access_token, tokenId: res.body.token.token_id };
    },
    async org(options = {}) {
      const org = await admin.post('/orgs', { name: options.name ?? `Org ${randomUUID().slice(0, 8)}`, state_code: options.state_code ?? 'IN-KA' });
      if (org.status !== 201) throw new Error(`org: ${org.status} ${JSON.stringify(org.body)}`);
      const orgId: string = org.body.org.org_id;
      const user = await admin.post(`/orgs/${orgId}/users`, { name: 'Owner', email: 'owner@example.com' });
      const { token, tokenId } = await given.token([orgId], {
        scopes: options.scopes, user_id: user.body.user.user_id, rate_limit_per_minute: options.rate_limit_per_minute,
      });
      return { orgId, userId: user.body.user.user_id, token, tokenId, defaultBranchId: org.body.org.default_branch_id, api: api.withToken(token) };
    },
  };
  return given;
}

/** A second server on the same database as `t`: what another API process looks like. */
export interface SecondApp {
  app: App;
  baseUrl: string;
  admin: HttpClient;
  api: HttpClient;
  /** Stops this server only; the database stays with `t`, which drops it. */
  close(): Promise<void>;
}

/**
 * Starts another composeApp on t's database (its own pools, rate limiter and caches), listening
 * on its own port and sharing t's clock, as synchronised machines would. PostgreSQL only: the
 * embedded engine is served by one process by design.
 */
export async function startSecondApp(t: TestApp, env: Record<string, string> = {}): Promise<SecondApp> {
  if (!t.db.databaseUrl) throw new Error('startSecondApp needs PostgreSQL (TEST_DATABASE_URL)');
  const config = loadConfig({
    BAHI_DATA_DIR: t.db.dataDir,
    DATABASE_URL: t.db.databaseUrl,
    ...sealingKeyEnv(t.db.databaseUrl),
    BAHI_ADMIN_TOKEN: ADMIN_TOKEN,
    BAHI_CLOCK: 'fake',
    ...env,
  });
  const app = await composeApp(config, { clock: t.clock, logger: false });
  await app.server.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a TCP port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app, baseUrl,
    admin: new HttpClient(`${baseUrl}/api/admin/v1`, ADMIN_TOKEN),
    api: new HttpClient(`${baseUrl}${PUBLIC}`),
    close: () => app.close(),
  };
}

/** A fresh Idempotency-Key. */
export const newKey = () => `test-${randomUUID()}`;
