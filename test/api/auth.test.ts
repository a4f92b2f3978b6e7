import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { composeApp } from '../../src/main/compose';
import { HttpClient, type ApiResponse } from '../support/http-client';
import { createTestDatabase, sealingKeyEnv } from '../support/test-database';
import { ADMIN_TOKEN, newKey, startSecondApp, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Authentication, organisation selection and scopes on the public API (public-api.md,
 * Authentication and Errors), and the operator API (docs/rules/operator-api.md, "Admin API").
 */

let t: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  t = await startTestApp();
  org = await t.given.org();
});
afterAll(async () => { await t.close(); });

/** The spec's error body: code, message, optional field/details/errors, and request_id echoed in X-Request-Id. */
function expectError(res: ApiResponse, status: number, code: string, field?: string) {
  expect({ status: res.status, code: res.body?.code }, JSON.stringify(res.body)).toEqual({ status, code });
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  expect(typeof res.body.request_id).toBe('string');
  expect(res.body.request_id.length).toBeGreaterThan(0);
  expect(res.headers.get('x-request-id')).toBe(res.body.request_id);
  for (const key of Object.keys(res.body)) expect(['code', 'message', 'field', 'details', 'request_id', 'errors']).toContain(key);
  if (field !== undefined) expect(res.body.field).toBe(field);
}

const isoIn = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const HOUR = 3_600_000;

describe('bearer credentials', () => {
  it('refuses a request without Authorization with 401 authn.token_invalid and the spec error body', async () => {
    const res = await t.api.get('/contacts');
    expectError(res, 401, 'authn.token_invalid');
  });

  it('refuses garbage, malformed and unknown bearers alike', async () => {
    const unknown = `bahi_pat_${randomBytes(32).toString('base64url')}`;
    const cases: Record<string, string> = {
      garbage: 'Bearer not-a-token',
      'empty bearer': 'Bearer ',
      'wrong scheme': `Basic ${Buffer.from('user:pass').toString('base64')}`,
      'no scheme': org.token,
      'unknown well-formed PAT': `Bearer ${unknown}`,
      'real token with a character changed': `Bearer ${org.token.slice(0, -1)}${org.token.endsWith('A') ? 'B' : 'A'}`,
      'admin secret on the public API': `Bearer ${ADMIN_TOKEN}`,
    };
    for (const [name, authorization] of Object.entries(cases)) {
      const res = await t.api.get('/whoami', { token: null, headers: { authorization } });
      expect(res.status, name).toBe(401);
      expectError(res, 401, 'authn.token_invalid');
    }
  });

  it('keeps a sane caller-supplied X-Request-Id and echoes it in the error body', async () => {
    const res = await t.api.get('/contacts', { headers: { 'x-request-id': 'trace-abc_123' } });
    expectError(res, 401, 'authn.token_invalid');
    expect(res.body.request_id).toBe('trace-abc_123');
  });

  it('accepts a valid token (the positive control for the refusals above)', async () => {
    const res = await org.api.get('/whoami');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('refuses a token whose expires_at is already past on the service clock', async () => {
    const { token } = await t.given.token([org.orgId], { expires_at: isoIn(-60_000) });
    expectError(await t.api.get('/whoami', { token }), 401, 'authn.token_invalid');
  });

  it('accepts a token until the clock passes its expires_at, then refuses it', async () => {
    const expiresAt = isoIn(HOUR);
    const minted = await t.admin.post('/tokens', { org_ids: [org.orgId], scopes: ['Svc.fullaccess.all'], expires_at: expiresAt });
    expect(Math.abs(Date.parse(minted.body.token.expires_at) - Date.parse(expiresAt))).toBeLessThan(1000);
    const token: string = minted.body.token.access_token;
    expect((await t.api.get('/whoami', { token })).status).toBe(200);
    t.clock.advance(HOUR + 1000);
    expectError(await t.api.get('/whoami', { token }), 401, 'authn.token_invalid');
    expectError(await t.api.get('/contacts', { token }), 401, 'authn.token_invalid');
  });

  it('refuses a revoked token immediately, on every route', async () => {
    const { token, tokenId } = await t.given.token([org.orgId]);
    expect((await t.api.get('/contacts', { token })).status).toBe(200);
    const revoked = await t.admin.post(`/tokens/${tokenId}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.token).toMatchObject({ token_id: tokenId });
    expect(revoked.body.token.access_token).toBeUndefined();
    expectError(await t.api.get('/whoami', { token }), 401, 'authn.token_invalid');
    expectError(await t.api.get('/contacts', { token }), 401, 'authn.token_invalid');
    expectError(await t.api.post('/contacts', { contact_name: 'Too late' }, { token, idempotencyKey: newKey() }), 401, 'authn.token_invalid');
    // Revoking twice is harmless; an unknown token id is 404.
    expect((await t.admin.post(`/tokens/${tokenId}/revoke`)).status).toBe(200);
    expectError(await t.admin.post('/tokens/tok_doesnotexist/revoke'), 404, 'not_found.resource');
    // Other tokens of the organisation are untouched.
    expect((await org.api.get('/whoami')).status).toBe(200);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)('a token revoked through another server process is refused there at once', async () => {
    const peer = await startSecondApp(t);
    try {
      const { token, tokenId } = await t.given.token([org.orgId]);
      expect((await peer.api.get('/whoami', { token })).status).toBe(200);
      expect((await t.admin.post(`/tokens/${tokenId}/revoke`)).status).toBe(200);
      expectError(await t.api.get('/whoami', { token }), 401, 'authn.token_invalid');
      expectError(await peer.api.get('/whoami', { token }), 401, 'authn.token_invalid');
    } finally {
      await peer.close();
    }
  });
});

describe('token kinds and secrets', () => {
  it('mints PAT and OAUTH tokens with recognisable prefixes and at least 32 random bytes; both authenticate', async () => {
    const secrets = new Set<string>();
    for (const [kind, prefix] of [['PAT', 'bahi_pat_'], ['OAUTH', 'bahi_oat_']] as const) {
      const minted = await t.admin.post('/tokens', { org_ids: [org.orgId], scopes: ['Svc.contacts.READ'], kind });
      expect(minted.status).toBe(201);
      const { access_token: secret, ...rest } = minted.body.token;
      expect(rest).toMatchObject({ kind, org_ids: [org.orgId], scopes: ['Svc.contacts.READ'], user_id: null, tier: 'DEFAULT', expires_at: null });
      expect(secret.startsWith(prefix)).toBe(true);
      const random = secret.slice(prefix.length);
      expect(random).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(random, 'base64url').length).toBeGreaterThanOrEqual(32);
      secrets.add(secret);
      const whoami = await t.api.get('/whoami', { token: secret });
      expect(whoami.status).toBe(200);
      expect(whoami.body.token.token_id).toBe(rest.token_id);
      expect((await t.api.get('/contacts', { token: secret })).status).toBe(200);
    }
    expect(secrets.size).toBe(2);
  });

  it('defaults to a PAT when kind is omitted', async () => {
    const minted = await t.admin.post('/tokens', { org_ids: [org.orgId], scopes: ['Svc.contacts.READ'] });
    expect(minted.status).toBe(201);
    expect(minted.body.token.kind).toBe('PAT');
    expect(minted.body.token.access_token.startsWith('bahi_pat_')).toBe(true);
  });

  it('stores only a SHA-256 hash of each secret, never the secret', async () => {
    const pat = await t.given.token([org.orgId], { kind: 'PAT' });
    const oauth = await t.given.token([org.orgId], { kind: 'OAUTH' });
    const rows = await t.app.database.db.selectFrom('api_tokens').selectAll().execute();
    const dump = JSON.stringify(rows);
    for (const { token, tokenId } of [pat, oauth, { token: org.token, tokenId: org.tokenId }]) {
      const random = token.replace(/^bahi_(pat|oat)_/, '');
      expect(dump).not.toContain(token);
      expect(dump).not.toContain(random);
      const row = rows.find((r) => r.token_id === tokenId);
      expect(row).toBeDefined();
      expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    }
  });
});

describe('scopes', () => {
  it('refuses a write with a read-only token: 403 authz.scope_missing, and nothing is written', async () => {
    const { token } = await t.given.token([org.orgId], { scopes: ['Svc.contacts.READ'] });
    const before = (await org.api.get('/contacts?per_page=200')).body.contacts.length;
    const refused = await t.api.post('/contacts', { contact_name: 'Refused Ltd' }, { token, idempotencyKey: newKey() });
    expectError(refused, 403, 'authz.scope_missing');
    expect(refused.body.details).toEqual({ required_scope: 'Svc.contacts.CREATE' });
    expect((await t.api.get('/contacts', { token })).status).toBe(200);
    expect((await org.api.get('/contacts?per_page=200')).body.contacts.length).toBe(before);
    expectError(await t.api.get('/accounts', { token }), 403, 'authz.scope_missing');
  });

  it('grants exactly the scopes held: CREATE does not imply READ', async () => {
    const { token } = await t.given.token([org.orgId], { scopes: ['Svc.contacts.CREATE'] });
    const created = await t.api.post('/contacts', { contact_name: 'Write Only' }, { token, idempotencyKey: newKey() });
    expect(created.status).toBe(201);
    expectError(await t.api.get(`/contacts/${created.body.contact.contact_id}`, { token }), 403, 'authz.scope_missing');
  });

  it('Svc.fullaccess.all grants every scoped route: every parameterless GET answers 200 and writes succeed', async () => {
    const { token } = await t.given.token([org.orgId], { scopes: ['Svc.fullaccess.all'] });
    const lists = t.app.routes.filter((r) => r.method === 'GET' && !['open', 'admin'].includes(r.access) && !r.url.includes(':'));
    expect(lists.length).toBeGreaterThan(3);
    for (const r of lists) {
      const res = await t.api.get(r.url, { token });
      // A report that needs a query parameter (customer_ledger's contact_id) passes auth and then asks for it.
      const required = (r.query as { required?: string[] } | undefined)?.required ?? [];
      if (required.length > 0) expect(res.body, r.operationId).toMatchObject({ code: 'validation.required_field', field: required[0] });
      // The organisation's one opening, not set yet: a 404 once the token has passed.
      else if (r.operationId === 'getOpeningBalances') expect(res.body, r.operationId).toMatchObject({ code: 'not_found.resource' });
      else expect(res.status, `${r.operationId} ${JSON.stringify(res.body)}`).toBe(200);
    }
    const created = await t.api.post('/contacts', { contact_name: 'Full Access' }, { token, idempotencyKey: newKey() });
    expect(created.status).toBe(201);
    const id = created.body.contact.contact_id;
    expect((await t.api.put(`/contacts/${id}`, { phone: '+91 80 1234 5678' }, { token, idempotencyKey: newKey() })).status).toBe(200);
    expect((await t.api.delete(`/contacts/${id}`, { token, idempotencyKey: newKey() })).status).toBe(200);
  });
});

describe('GET /whoami', () => {
  it('returns token_id, org_id, user_id, scopes and tier of the calling token', async () => {
    const scopes = ['Svc.contacts.READ', 'Svc.invoices.CREATE'];
    const { token, tokenId } = await t.given.token([org.orgId], { scopes, user_id: org.userId });
    const res = await t.api.get('/whoami', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0 });
    expect(res.body.token).toEqual({ token_id: tokenId, org_id: org.orgId, user_id: org.userId, scopes, tier: 'DEFAULT' });
    expect(res.body.organisations).toEqual([{ org_id: org.orgId, name: expect.any(String), gstin: null, state_code: 'IN-KA', lock_date: null, is_current: true }]);
  });

  it('lists every organisation a token reaches, by name, with its lock, marking the one X-Svc-Org chose', async () => {
    const zeta = await t.admin.post('/orgs', { name: 'Zeta Traders', state_code: 'IN-MH' });
    const alpha = await t.admin.post('/orgs', { name: 'Alpha Exports', state_code: 'IN-KA', gstin: '29AABCB1234F1Z4' });
    const [zetaId, alphaId]: [string, string] = [zeta.body.org.org_id, alpha.body.org.org_id];
    const { token } = await t.given.token([zetaId, alphaId]);
    // The operator's lock shows with the organisation it holds, to anyone the token lets in.
    expect((await t.admin.put(`/orgs/${alphaId}/lock`, { lock_date: '2026-03-31' })).status).toBe(200);
    const res = await t.api.get('/whoami', { token, headers: { 'x-svc-org': zetaId } });
    expect(res.status).toBe(200);
    expect(res.body.token.org_id).toBe(zetaId);
    expect(res.body.organisations).toEqual([
      { org_id: alphaId, name: 'Alpha Exports', gstin: '29AABCB1234F1Z4', state_code: 'IN-KA', lock_date: '2026-03-31', is_current: false },
      { org_id: zetaId, name: 'Zeta Traders', gstin: null, state_code: 'IN-MH', lock_date: null, is_current: true },
    ]);
    const other = await t.api.get('/whoami', { token, headers: { 'x-svc-org': alphaId } });
    expect(other.body.organisations.map((o: { is_current: boolean }) => o.is_current)).toEqual([true, false]);
  });

  it('reports the tier the token was minted with', async () => {
    const minted = await t.admin.post('/tokens', { org_ids: [org.orgId], scopes: ['Svc.fullaccess.all'], tier: 'PREMIUM' });
    expect(minted.status).toBe(201);
    const res = await t.api.get('/whoami', { token: minted.body.token.access_token });
    expect(res.body.token.tier).toBe('PREMIUM');
  });

  it('shows user_id null for a machine token (no user)', async () => {
    for (const options of [{ user_id: null }, {}]) {
      const { token, tokenId } = await t.given.token([org.orgId], options);
      const res = await t.api.get('/whoami', { token });
      expect(res.status).toBe(200);
      expect(res.body.token).toMatchObject({ token_id: tokenId, org_id: org.orgId, user_id: null });
    }
  });
});

describe('organisation selection (X-Svc-Org)', () => {
  let orgA: OrgFixture;
  let orgB: OrgFixture;
  let orgC: OrgFixture;
  let multi: HttpClient;
  beforeAll(async () => {
    [orgA, orgB, orgC] = [await t.given.org(), await t.given.org(), await t.given.org()];
    const { token } = await t.given.token([orgA.orgId, orgB.orgId], { user_id: orgA.userId });
    multi = t.api.withToken(token);
  });
  const as = (orgId: string) => ({ headers: { 'x-svc-org': orgId } });

  it('requires X-Svc-Org from a token bound to several organisations', async () => {
    expectError(await multi.get('/contacts'), 400, 'validation.required_field', 'X-Svc-Org');
    expectError(await multi.get('/contacts', as('')), 400, 'validation.required_field', 'X-Svc-Org');
  });

  it('lets GET /whoami alone name none: it acts in no organisation and lists those to choose from', async () => {
    for (const res of [await multi.get('/whoami'), await multi.get('/whoami', as(''))]) {
      expect(res.status).toBe(200);
      expect(res.body.token.org_id).toBeNull();
      expect(res.body.organisations.map((o: { org_id: string }) => o.org_id).sort()).toEqual([orgA.orgId, orgB.orgId].sort());
      expect(res.body.organisations.every((o: { is_current: boolean }) => !o.is_current)).toBe(true);
    }
  });

  it('uses the organisation named by X-Svc-Org, and only its data', async () => {
    expect((await multi.get('/whoami', as(orgA.orgId))).body.token.org_id).toBe(orgA.orgId);
    expect((await multi.get('/whoami', as(orgB.orgId))).body.token.org_id).toBe(orgB.orgId);

    const name = `Only In A ${randomBytes(4).toString('hex')}`;
    const created = await multi.post('/contacts', { contact_name: name }, { ...as(orgA.orgId), idempotencyKey: newKey() });
    expect(created.status).toBe(201);
    const id: string = created.body.contact.contact_id;

    const names = async (client: HttpClient, orgId?: string) =>
      (await client.get('/contacts?per_page=200', orgId ? as(orgId) : {})).body.contacts.map((c: { contact_name: string }) => c.contact_name);
    expect(await names(multi, orgA.orgId)).toContain(name);
    expect(await names(orgA.api)).toContain(name);
    expect(await names(multi, orgB.orgId)).not.toContain(name);
    expect(await names(orgB.api)).not.toContain(name);

    expect((await multi.get(`/contacts/${id}`, as(orgA.orgId))).status).toBe(200);
    expectError(await multi.get(`/contacts/${id}`, as(orgB.orgId)), 404, 'not_found.resource');
  });

  it('refuses an organisation the token is not bound to with 403, including unknown ids', async () => {
    expectError(await multi.get('/whoami', as(orgC.orgId)), 403, 'authz.scope_missing');
    expectError(await multi.get('/contacts', as(orgC.orgId)), 403, 'authz.scope_missing');
    expectError(await multi.get('/whoami', as('org_doesnotexist')), 403, 'authz.scope_missing');
    // A single-organisation token may name its own organisation, but no other.
    expect((await orgA.api.get('/whoami', as(orgA.orgId))).status).toBe(200);
    expectError(await orgA.api.get('/contacts', as(orgB.orgId)), 403, 'authz.scope_missing');
  });
});

describe('admin API', () => {
  it('refuses a wrong, missing or public credential with 401 authn.token_invalid', async () => {
    const wrong = new HttpClient(t.admin.baseUrl, `${ADMIN_TOKEN}x`);
    expectError(await wrong.post('/orgs', { name: 'Nope' }), 401, 'authn.token_invalid');
    expectError(await wrong.get('/clock'), 401, 'authn.token_invalid');
    expectError(await t.admin.get('/clock', { token: null }), 401, 'authn.token_invalid');
    expectError(await t.admin.post('/tokens', { org_ids: [org.orgId], scopes: ['Svc.fullaccess.all'] }, { token: org.token }), 401, 'authn.token_invalid');
    expectError(await t.admin.post('/jobs/run', undefined, { token: 'bahi_adm_guess' }), 401, 'authn.token_invalid');
  });

  it('validates POST /orgs', async () => {
    expectError(await t.admin.post('/orgs', {}), 400, 'validation.required_field', 'name');
    expectError(await t.admin.post('/orgs', { name: 'X', state_code: 'IN-IN' }), 422, 'validation.invalid_value', 'state_code');
    expectError(await t.admin.post('/orgs', { name: 'X', colour: 'blue' }), 400, 'validation.invalid_value', 'colour');
  });

  it('bootstraps a new organisation: default branch, chart of accounts, taxes and FY periods through the year after the current one', async () => {
    // Move the service clock (forward only) to a known August: the current FY is Y-(Y+1).
    const year = t.clock.now().getUTCFullYear() + 1;
    const setClock = await t.admin.put('/clock', { now: `${year}-08-10T06:30:00Z` });
    expect(setClock.status).toBe(200);

    const created = await t.admin.post('/orgs', { name: 'Bootstrap Traders', state_code: 'Maharashtra', books_start_date: '2022-06-15' });
    expect(created.status).toBe(201);
    const o = created.body.org;
    expect(o).toMatchObject({ name: 'Bootstrap Traders', state_code: 'IN-MH', currency_code: 'INR', gstin: null });
    expect(o.org_id).toMatch(/^org_/);
    const { token } = await t.given.token([o.org_id]);
    const api = t.api.withToken(token);

    const branches = await api.get('/branches');
    expect(branches.status).toBe(200);
    expect(branches.body.branches).toHaveLength(1);
    expect(branches.body.branches[0]).toMatchObject({ branch_id: o.default_branch_id, state_code: 'IN-MH', is_default: true });

    const accounts = (await api.get('/accounts?per_page=200')).body.accounts as { account_name: string; account_type: string }[];
    const types = new Set(accounts.map((a) => a.account_type));
    for (const type of ['BANK', 'CASH', 'ACCOUNTS_RECEIVABLE', 'STOCK', 'GST_ASSET', 'TDS_ASSET', 'ACCOUNTS_PAYABLE', 'GST_LIABILITY',
      'TDS_LIABILITY', 'SALES', 'INCOME', 'OTHER_INCOME', 'EXPENSE', 'COST_OF_GOODS_SOLD', 'OTHER_EXPENSE', 'EQUITY', 'RETAINED_EARNINGS']) {
      expect(types, type).toContain(type);
    }
    const byName = new Map(accounts.map((a) => [a.account_name, a.account_type]));
    expect(byName.get('Bank')).toBe('BANK');
    expect(byName.get('Petty Cash')).toBe('CASH');
    for (const name of ['Accounts Receivable', 'Accounts Payable', 'Advances from Customers', 'Advances to Vendors', 'Sales', 'Purchases',
      'Round Off', 'Bank Charges', 'Exchange Gain or Loss', 'TDS Receivable', 'TDS Payable']) {
      expect(byName.has(name), name).toBe(true);
    }

    // One taxable tax per rate (0 is zero-rated), and a 0% tax for each kind of supply outside tax.
    const taxes = (await api.get('/taxes')).body.taxes as { tax_percentage: number; supply_type: string }[];
    const rates = (kind: string) => taxes.filter((x) => x.supply_type === kind).map((x) => x.tax_percentage).sort((a, b) => a - b);
    expect(rates('TAXABLE')).toEqual([0, 0.25, 3, 5, 12, 18, 28, 40]);
    expect(['NIL_RATED', 'EXEMPT', 'NON_GST'].map(rates)).toEqual([[0], [0], [0]]);
    expect(taxes).toHaveLength(11);

    // Periods have no public endpoint: read them from the database.
    const periods = await t.app.database.db.selectFrom('periods').select(['start_date', 'end_date'])
      .where('org_id', '=', o.org_id).orderBy('start_date').execute();
    const expected = [];
    for (let y = 2022; y <= year + 1; y++) expected.push({ start_date: `${y}-04-01`, end_date: `${y + 1}-03-31` });
    expect(periods).toEqual(expected);
    // The same boundaries, seen through the admin API: periods may not overlap the seeded ones.
    const period = (name: string, start_date: string, end_date: string) => t.admin.post(`/orgs/${o.org_id}/periods`, { name, start_date, end_date });
    expect((await period('FY 2021-22', '2021-04-01', '2022-03-31')).status).toBe(201);
    expectError(await period('Q1 2022', '2022-04-01', '2022-06-30'), 400, 'validation.invalid_value', 'start_date');
    expectError(await period('Last', `${year + 1}-04-01`, `${year + 1}-04-30`), 400, 'validation.invalid_value', 'start_date');
    expect((await period('Beyond', `${year + 2}-04-01`, `${year + 3}-03-31`)).status).toBe(201);
  });

  it('counts the financial year from April: in February the current FY began the April before', async () => {
    const year = t.clock.now().getUTCFullYear() + 2;
    expect((await t.admin.put('/clock', { now: `${year}-02-10T06:30:00Z` })).status).toBe(200);
    const created = await t.admin.post('/orgs', { name: 'February Books' });
    expect(created.status).toBe(201);
    const periods = await t.app.database.db.selectFrom('periods').select(['start_date', 'end_date'])
      .where('org_id', '=', created.body.org.org_id).orderBy('start_date').execute();
    // Default books_start_date 2020-04-01; current FY (year-1)-year, so the last is year-(year+1).
    expect(periods[0]).toEqual({ start_date: '2020-04-01', end_date: '2021-03-31' });
    expect(periods.at(-1)).toEqual({ start_date: `${year}-04-01`, end_date: `${year + 1}-03-31` });
    expect(periods).toHaveLength(year - 2020 + 1);
  });

  it('refuses unknown scopes, unknown organisations and users of other organisations in POST /tokens', async () => {
    const unknownScope = await t.admin.post('/tokens', { org_ids: [org.orgId], scopes: ['Svc.contacts.READ', 'Svc.everything.ALL'] });
    expectError(unknownScope, 400, 'validation.invalid_value', 'scopes');
    expectError(await t.admin.post('/tokens', { org_ids: [org.orgId], scopes: ['svc.contacts.read'] }), 400, 'validation.invalid_value', 'scopes');
    expectError(await t.admin.post('/tokens', { org_ids: [org.orgId], scopes: [] }), 400, 'validation.invalid_value', 'scopes');
    expectError(await t.admin.post('/tokens', { org_ids: ['org_doesnotexist'], scopes: ['Svc.fullaccess.all'] }), 404, 'not_found.resource');
    const other = await t.given.org();
    expectError(await t.admin.post('/tokens', { org_ids: [org.orgId], scopes: ['Svc.fullaccess.all'], user_id: other.userId }), 404, 'not_found.resource');
    expectError(await t.admin.post('/tokens', { org_ids: [org.orgId], scopes: ['Svc.fullaccess.all'], kind: 'SESSION' }), 400, 'validation.invalid_value', 'kind');
  });

  it('round-trips preferences with PUT /orgs/{id}/preferences, merging partial updates', async () => {
    const o = await t.given.org();
    const first = await t.admin.put(`/orgs/${o.orgId}/preferences`, { roundInvoiceTotals: true, roundingMethod: 'up', paymentRoundOffTolerance: 0.5 });
    expect(first.status).toBe(200);
    expect(first.body.preferences).toEqual({
      roundInvoiceTotals: true, roundingMethod: 'up', paymentRoundOffTolerance: 0.5,
      strictPaymentDedupe: true, requireIdempotencyKey: true, invoicePdfTemplate: 'classic', upiVpa: null, hsnDigits: 4, ewayBillIntraStateThreshold: 50000,
      itcMatchTolerance: 1, einvoicing: false, einvoiceReportingWindowDays: 30, payeeName: null, payeeAccount: null, payeeIfsc: null,
      bankMatchWindowDays: 7, bankAutoMatchOnImport: false,
    });
    const second = await t.admin.put(`/orgs/${o.orgId}/preferences`, { invoicePdfTemplate: 'modern', requireIdempotencyKey: false });
    expect(second.body.preferences).toEqual({ ...first.body.preferences, invoicePdfTemplate: 'modern', requireIdempotencyKey: false });
    const readBack = await t.admin.put(`/orgs/${o.orgId}/preferences`, {});
    expect(readBack.status).toBe(200);
    expect(readBack.body.preferences).toEqual(second.body.preferences);
    // Another organisation keeps its defaults.
    expect((await t.admin.put(`/orgs/${org.orgId}/preferences`, {})).body.preferences).toMatchObject({ roundInvoiceTotals: false, invoicePdfTemplate: 'classic' });
  });

  it('refuses unknown preferences and bad values, and unknown organisations', async () => {
    const o = await t.given.org();
    expectError(await t.admin.put(`/orgs/${o.orgId}/preferences`, { roundEverything: true }), 400, 'validation.invalid_value', 'roundEverything');
    expectError(await t.admin.put(`/orgs/${o.orgId}/preferences`, { roundingMethod: 'sideways' }), 400, 'validation.invalid_value', 'roundingMethod');
    expectError(await t.admin.put(`/orgs/${o.orgId}/preferences`, { roundInvoiceTotals: 'yes' }), 400, 'validation.invalid_value', 'roundInvoiceTotals');
    expectError(await t.admin.put('/orgs/org_doesnotexist/preferences', { roundInvoiceTotals: true }), 404, 'not_found.resource');
    // The refused calls changed nothing.
    expect((await t.admin.put(`/orgs/${o.orgId}/preferences`, {})).body.preferences).toMatchObject({ roundInvoiceTotals: false, roundingMethod: 'nearest' });
  });

  it('reads and sets the service clock with GET/PUT /clock (BAHI_CLOCK=fake)', async () => {
    const read = await t.admin.get('/clock');
    expect(read.status).toBe(200);
    expect(Math.abs(Date.parse(read.body.clock.now) - t.clock.now().getTime())).toBeLessThan(5_000);

    const target = new Date(t.clock.now().getTime() + 30 * 24 * HOUR);
    target.setUTCMilliseconds(0);
    const set = await t.admin.put('/clock', { now: target.toISOString() });
    expect(set.status).toBe(200);
    expect(Date.parse(set.body.clock.now)).toBe(target.getTime());
    // The server's clock is the one the rest of the service uses.
    expect(Math.abs(t.clock.now().getTime() - target.getTime())).toBeLessThan(5_000);
    const again = await t.admin.get('/clock');
    expect(Date.parse(again.body.clock.now)).toBeGreaterThanOrEqual(target.getTime());

    expectError(await t.admin.put('/clock', { now: 'tomorrow' }), 400, 'validation.invalid_value', 'now');
    expectError(await t.admin.put('/clock', {}), 400, 'validation.required_field', 'now');
  });

  it('has no clock to set without BAHI_CLOCK=fake: GET/PUT /clock are 404', async () => {
    const db = await createTestDatabase();
    const app = await composeApp(loadConfig({
      BAHI_DATA_DIR: db.dataDir, ...(db.databaseUrl && { DATABASE_URL: db.databaseUrl }), ...sealingKeyEnv(db.databaseUrl), BAHI_ADMIN_TOKEN: ADMIN_TOKEN,
    }), { logger: false });
    try {
      const headers = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
      const read = await app.server.inject({ method: 'GET', url: '/api/admin/v1/clock', headers });
      const set = await app.server.inject({ method: 'PUT', url: '/api/admin/v1/clock', headers, payload: { now: '2030-01-01T00:00:00Z' } });
      for (const res of [read, set]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toMatch(/^not_found\./);
      }
    } finally {
      await app.close();
      await db.drop();
    }
  });

  it('moving the clock through the admin API expires tokens', async () => {
    const { token } = await t.given.token([org.orgId], { expires_at: isoIn(HOUR) });
    expect((await t.api.get('/whoami', { token })).status).toBe(200);
    expect((await t.admin.put('/clock', { now: isoIn(2 * HOUR) })).status).toBe(200);
    expectError(await t.api.get('/whoami', { token }), 401, 'authn.token_invalid');
  });

  it('runs due background jobs with POST /jobs/run and reports counts per job', async () => {
    // Leave a rate-limit window behind, then move past it: the sweep has something to drop.
    expect((await org.api.get('/whoami')).status).toBe(200);
    t.clock.advance(2 * 60_000);
    const res = await t.admin.post('/jobs/run');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const jobs = res.body.jobs as Record<string, number>;
    expect(Object.keys(jobs).length).toBeGreaterThan(0);
    for (const [name, count] of Object.entries(jobs)) {
      expect(Number.isInteger(count) && count >= 0, name).toBe(true);
    }
    expect(jobs.rate_limit_windows_expired).toBeGreaterThanOrEqual(1);
    // Nothing is due right after a run.
    const rerun = await t.admin.post('/jobs/run');
    expect(rerun.body.jobs.rate_limit_windows_expired).toBe(0);
  });
});

