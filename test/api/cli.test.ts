import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../support/test-app';
import { HttpClient } from '../support/http-client';

const run = promisify(execFile);
let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

/** Runs `bahi` against the test server, as an operator would. */
async function bahi(...args: string[]) {
  const { stdout } = await run('node', ['bin/bahi.js', ...args], { env: { ...process.env, BAHI_URL: t.baseUrl, BAHI_ADMIN_TOKEN: ADMIN_TOKEN } });
  return JSON.parse(stdout);
}

// Each command starts a Node process that loads TypeScript through tsx (2-5 s on a busy 2-core machine).
describe('the bahi CLI', { timeout: 120_000 }, () => {
  it('creates an organisation, a user and a scoped token whose holder can create and list contacts', async () => {
    const org = (await bahi('org', 'create', '--name', 'CLI Traders', '--state', '27', '--books-start', '2024-04-01')).org;
    expect(org).toMatchObject({ name: 'CLI Traders', state_code: 'IN-MH' });
    const user = (await bahi('user', 'create', '--org', org.org_id, '--name', 'Asha', '--email', 'asha@example.com')).user;
    const token = (await bahi('token', 'create', '--org', org.org_id, '--user', user.user_id, '--scope', 'Svc.contacts.READ', '--scope', 'Svc.contacts.CREATE', '--rate-limit', '50')).token;
    expect(token).toMatchObject({ scopes: ['Svc.contacts.READ', 'Svc.contacts.CREATE'], rate_limit_per_minute: 50, user_id: user.user_id });
    const api = new HttpClient(`${t.baseUrl}/api/public/v1`, token.access_token);
    expect((await api.post('/contacts', { contact_name: 'From the CLI' })).status).toBe(201);
    expect((await api.get('/contacts')).body.contacts).toHaveLength(1);
    expect((await api.get('/invoices')).status).toBe(403);

    const prefs = (await bahi('prefs', 'set', '--org', org.org_id, 'roundInvoiceTotals=true', 'paymentRoundOffTolerance=0.5')).preferences;
    expect(prefs).toMatchObject({ roundInvoiceTotals: true, paymentRoundOffTolerance: 0.5 });
    const revoked = (await bahi('token', 'revoke', token.token_id)).token;
    expect(revoked.revoked_at).toEqual(expect.any(String));
    expect((await api.get('/contacts')).status).toBe(401);
  });

  it('exits non-zero with the API error on a refused command', async () => {
    const failure = await run('node', ['bin/bahi.js', 'branch', 'create', '--org', 'org_missing', '--name', 'X', '--state', 'IN-KA'], {
      env: { ...process.env, BAHI_URL: t.baseUrl, BAHI_ADMIN_TOKEN: ADMIN_TOKEN },
    }).then(() => null, (error: { code: number; stderr: string }) => error);
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('not_found.resource');
  });
});
