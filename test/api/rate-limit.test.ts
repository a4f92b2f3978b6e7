import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiResponse, HttpClient } from '../support/http-client';
import { newKey, startSecondApp, startTestApp, type OrgFixture, type SecondApp, type TestApp } from '../support/test-app';

/*
 * Per-token rate limits: fixed one-minute windows, the limit taken from the token's
 * rate_limit_per_minute (docs/rules/operator-api.md, "Admin API": POST /tokens), headers on every authenticated
 * response (public-api.md, Limits), 429 rate_limit.exceeded with Retry-After.
 */

let t: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  t = await startTestApp();
  org = await t.given.org();
});
afterAll(async () => { await t.close(); });

const MINUTE = 60_000;

/**
 * Windows are aligned to the minute; move the service clock (forward only) to just after the
 * next minute boundary so a test's calls cannot straddle two windows.
 */
function startOfNextMinute() {
  const next = Math.floor(t.clock.now().getTime() / MINUTE) * MINUTE + MINUTE + 500;
  t.clock.set(new Date(next));
}
beforeEach(startOfNextMinute);

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

function rateHeaders(res: ApiResponse) {
  const value = (name: string) => {
    const raw = res.headers.get(name);
    expect(raw, `${name} on a ${res.status}`).not.toBeNull();
    expect(raw).toMatch(/^\d+$/);
    return Number(raw);
  };
  return { limit: value('x-ratelimit-limit'), remaining: value('x-ratelimit-remaining'), reset: value('x-ratelimit-reset') };
}

async function client(limit?: number): Promise<HttpClient> {
  const { token } = await t.given.token([org.orgId], { rate_limit_per_minute: limit });
  return t.api.withToken(token);
}

describe('rate-limit headers', () => {
  it('are on every authenticated response, successes and errors alike', async () => {
    const api = await client(100);
    const windowEnd = (Math.floor(nowSeconds() / 60) + 1) * 60;
    const { token: readOnly } = await t.given.token([org.orgId], { scopes: ['Svc.contacts.READ'], rate_limit_per_minute: 100 });
    const responses: [string, ApiResponse][] = [
      ['200 list', await api.get('/contacts')],
      ['201 create', await api.post('/contacts', { contact_name: 'Header Co' }, { idempotencyKey: newKey() })],
      ['200 whoami', await api.get('/whoami')],
      ['404 unknown id', await api.get('/contacts/con_doesnotexist')],
      ['400 validation', await api.post('/contacts', { contact_name: '' }, { idempotencyKey: newKey() })],
      ['400 bad query', await api.get('/contacts?per_page=0')],
    ];
    const key = newKey();
    responses.push(['201 first keyed call', await api.post('/contacts', { contact_name: 'Keyed Co' }, { idempotencyKey: key })]);
    const replay = await api.post('/contacts', { contact_name: 'Keyed Co' }, { idempotencyKey: key });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    responses.push(['201 replay', replay]);
    for (const [name, res] of responses) {
      expect(res.status, name).toBe(Number(name.slice(0, 3)));
      const h = rateHeaders(res);
      expect(h.limit, name).toBe(100);
      expect(h.reset, name).toBe(windowEnd);
    }
    // Each call spends one unit, a replay too: 100 - 1 ... 100 - 8.
    expect(responses.map(([, res]) => rateHeaders(res).remaining)).toEqual([99, 98, 97, 96, 95, 94, 93, 92]);

    const forbidden = await t.api.post('/contacts', { contact_name: 'No' }, { token: readOnly, idempotencyKey: newKey() });
    expect(forbidden.status).toBe(403);
    expect(rateHeaders(forbidden)).toEqual({ limit: 100, remaining: 99, reset: windowEnd });
  });

  it('default to 1000 per minute when the token names no limit', async () => {
    const api = await client();
    expect(rateHeaders(await api.get('/whoami'))).toMatchObject({ limit: 1000, remaining: 999 });
  });

  it('are absent where there is no token to charge: unauthenticated and admin calls', async () => {
    const anonymous = await t.api.get('/contacts');
    expect(anonymous.status).toBe(401);
    const admin = await t.admin.get('/clock');
    expect(admin.status).toBe(200);
    for (const res of [anonymous, admin]) expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  });
});

describe('the limit', () => {
  it('allows rate_limit_per_minute calls, then answers 429 rate_limit.exceeded with Retry-After', async () => {
    const api = await client(5);
    for (let i = 1; i <= 5; i++) {
      const res = await api.get('/contacts');
      expect(res.status, `call ${i}`).toBe(200);
      expect(rateHeaders(res)).toMatchObject({ limit: 5, remaining: 5 - i });
    }
    const refused = await api.get('/contacts');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limit.exceeded');
    expect(typeof refused.body.message).toBe('string');
    expect(refused.body.request_id).toBe(refused.headers.get('x-request-id'));
    const h = rateHeaders(refused);
    expect(h).toMatchObject({ limit: 5, remaining: 0 });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Retry-After points at the end of the window that X-RateLimit-Reset names.
    expect(Math.abs(nowSeconds() + retryAfter - h.reset)).toBeLessThanOrEqual(1);

    // Refusals keep being refused, whatever the route, and write nothing.
    const write = await api.post('/contacts', { contact_name: 'Over Limit' }, { idempotencyKey: newKey() });
    expect(write.status).toBe(429);
    expect(write.body.code).toBe('rate_limit.exceeded');
    const names = (await org.api.get('/contacts?per_page=200')).body.contacts.map((c: { contact_name: string }) => c.contact_name);
    expect(names).not.toContain('Over Limit');
  });

  it('resets when the clock moves past the window', async () => {
    const api = await client(5);
    for (let i = 0; i < 5; i++) expect((await api.get('/whoami')).status).toBe(200);
    const refused = await api.get('/whoami');
    expect(refused.status).toBe(429);
    const { reset } = rateHeaders(refused);

    t.clock.advance(MINUTE);
    const fresh = await api.get('/whoami');
    expect(fresh.status).toBe(200);
    expect(rateHeaders(fresh)).toEqual({ limit: 5, remaining: 4, reset: reset + 60 });
  });

  it('gives each token its own budget, even within one organisation', async () => {
    const first = await client(5);
    const second = await client(5);
    for (let i = 0; i < 5; i++) expect((await first.get('/whoami')).status).toBe(200);
    expect((await first.get('/whoami')).status).toBe(429);
    const other = await second.get('/whoami');
    expect(other.status).toBe(200);
    expect(rateHeaders(other)).toMatchObject({ limit: 5, remaining: 4 });
    // And the organisation's main token is unaffected.
    expect((await org.api.get('/whoami')).status).toBe(200);
  });

  it('takes each token its own limit', async () => {
    const three = await client(3);
    for (let i = 0; i < 3; i++) expect((await three.get('/whoami')).status).toBe(200);
    const refused = await three.get('/whoami');
    expect(refused.status).toBe(429);
    expect(rateHeaders(refused)).toMatchObject({ limit: 3, remaining: 0 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('several server processes on one PostgreSQL database', () => {
  let second: SecondApp;
  beforeAll(async () => { second = await startSecondApp(t); });
  afterAll(async () => { await second?.close(); });

  it('share one budget per token', async () => {
    const { token } = await t.given.token([org.orgId], { rate_limit_per_minute: 6 });
    const one = t.api.withToken(token);
    const two = second.api.withToken(token);
    const remaining: number[] = [];
    for (const api of [one, two, one, two, one, two]) {
      const res = await api.get('/whoami');
      expect(res.status).toBe(200);
      remaining.push(rateHeaders(res).remaining);
    }
    expect(remaining).toEqual([5, 4, 3, 2, 1, 0]);
    for (const api of [one, two]) {
      const refused = await api.get('/whoami');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('rate_limit.exceeded');
    }
    t.clock.advance(MINUTE);
    expect(rateHeaders(await two.get('/whoami')).remaining).toBe(5);
    expect(rateHeaders(await one.get('/whoami')).remaining).toBe(4);
  });

  it('count concurrent calls on both servers exactly', async () => {
    const { token } = await t.given.token([org.orgId], { rate_limit_per_minute: 10 });
    const apis = [t.api.withToken(token), second.api.withToken(token)];
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => apis[i % 2]!.get('/whoami')));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    const remainders = results.filter((r) => r.status === 200).map((r) => rateHeaders(r).remaining).sort((a, b) => a - b);
    expect(remainders).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the PostgreSQL limiter', () => {
  it('survives its database connections being dropped', async () => {
    const api = await client(50);
    expect((await api.get('/whoami')).status).toBe(200);
    // Terminate the limiter's idle connections, as a database restart or failover would.
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: t.db.databaseUrl });
    await admin.connect();
    const { rows } = await admin.query(
      `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%rate_limit_windows%'`,
    );
    await admin.end();
    expect(rows.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await api.get('/whoami');
    expect(after.status).toBe(200);
    expect(rateHeaders(after)).toMatchObject({ limit: 50, remaining: 48 });
  });
});
