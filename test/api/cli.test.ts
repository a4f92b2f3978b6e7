import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../support/test-app';
import { accountId } from '../support/books';
import { HttpClient } from '../support/http-client';

const run = promisify(execFile);
let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

/** Runs `bahi` against the test server (or `url`), as an operator would; a failure answers its exit code and stderr. */
function bahiRun(args: string[], url = t.baseUrl) {
  return run('node', ['bin/bahi.js', ...args], { env: { ...process.env, BAHI_URL: url, BAHI_ADMIN_TOKEN: ADMIN_TOKEN } })
    .then(({ stdout }) => ({ code: 0, stdout, stderr: '' }), (error: { code: number; stdout: string; stderr: string }) => error);
}

async function bahi(...args: string[]) {
  const { code, stdout, stderr } = await bahiRun(args);
  if (code !== 0) throw new Error(`bahi ${args.join(' ')} exited ${code}: ${stderr}`);
  return JSON.parse(stdout);
}

/** A loopback URL on which nothing listens: a port the system handed out, then freed. */
async function closedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
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
    const failure = await bahiRun(['branch', 'create', '--org', 'org_missing', '--name', 'X', '--state', 'IN-KA']);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain('not_found.resource');
  });

  it('lists organisations, users and tokens to the end of their cursors, never a secret', async () => {
    const orgs: string[] = [];
    // More than one page of 200, so the CLI must follow next_cursor; made 20 at a time to save minutes on PostgreSQL.
    for (let batch = 0; batch < 201; batch += 20) {
      const names = Array.from({ length: Math.min(20, 201 - batch) }, (_, i) => `Listed ${batch + i}`);
      const made = await Promise.all(names.map((name) => t.admin.post('/orgs', { name })));
      orgs.push(...made.map((r) => r.body.org.org_id as string));
    }
    const listed = (await bahi('org', 'list')).orgs as { org_id: string; name: string }[];
    expect(listed.map((o) => o.org_id)).toEqual(expect.arrayContaining(orgs));
    expect(new Set(listed.map((o) => o.org_id)).size).toBe(listed.length);

    const org = await t.given.org({ name: 'CLI Lister' });
    await t.admin.post(`/orgs/${org.orgId}/users`, { name: 'Bala', email: 'bala@example.com' });
    const users = (await bahi('user', 'list', '--org', org.orgId)).users;
    expect(users).toEqual([
      { user_id: org.userId, name: expect.any(String), email: expect.any(String) },
      { user_id: expect.any(String), name: 'Bala', email: 'bala@example.com' },
    ]);

    const machine = await t.given.token([org.orgId], { scopes: ['Svc.invoices.READ'], user_id: null, expires_at: '2030-03-31T18:30:00Z' });
    const output = await bahiRun(['token', 'list', '--org', org.orgId]);
    expect(JSON.parse(output.stdout).tokens).toEqual([
      expect.objectContaining({ token_id: org.tokenId, org_ids: [org.orgId], kind: 'PAT', expires_at: null }),
      expect.objectContaining({ token_id: machine.tokenId, org_ids: [org.orgId], scopes: ['Svc.invoices.READ'], kind: 'PAT', user_id: null, expires_at: '2030-03-31T18:30:00Z' }),
    ]);
    expect(output.stdout).not.toContain(org.token);
    expect(output.stdout).not.toContain(machine.token);
    expect((await bahiRun(['user', 'list'])).stderr).toContain('--org is required');
  });

  it('locks an organisation\'s books through a date and unlocks them; help lists org lock', async () => {
    const org = await t.given.org({ name: 'CLI Locker' });
    expect(await bahi('org', 'lock', org.orgId, '2026-03-31')).toMatchObject({ lock: { lock_date: '2026-03-31' } });
    const refused = await org.api.post('/journals', {
      date: '2026-03-31', lines: [{ account_id: await accountId(org.api, 'Bank'), debit: 5 }, { account_id: await accountId(org.api, "Owner's Equity"), credit: 5 }],
    });
    expect(refused.body).toMatchObject({ code: 'conflict.period_locked', details: { lock_date: '2026-03-31' } });
    expect(await bahi('org', 'lock', org.orgId, '--unlock')).toMatchObject({ lock: { lock_date: null } });
    expect((await bahiRun(['org', 'lock', org.orgId])).stderr).toContain('give the last day to lock (YYYY-MM-DD), or --unlock');
    expect((await bahiRun(['help'])).stdout).toMatch(/^ {2}org lock +ORG_ID YYYY-MM-DD \| ORG_ID --unlock/m);
  });

  it('prints its version from package.json', async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(await bahiRun(['--version'])).toMatchObject({ code: 0, stdout: `bahi ${version}\n` });
  });

  it('names the URL it cannot reach and exits 1', async () => {
    const url = await closedUrl();
    expect(await bahiRun(['org', 'list'], url)).toMatchObject({ code: 1, stderr: `bahi: cannot reach ${url} (connection refused); set BAHI_URL\n` });
  });
});
