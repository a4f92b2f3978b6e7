import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../support/test-app';
import { HttpClient, type ApiResponse } from '../support/http-client';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

/** Every item of an admin list, following next_cursor to the end, and how many pages that took. */
async function walk(path: string, key: string, perPage: number) {
  const items: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page: ApiResponse = await t.admin.get(`${path}${separator}per_page=${perPage}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.status).toBe(200);
    items.push(...page.body[key]);
    cursor = page.body.page_context.next_cursor;
    pages += 1;
  } while (cursor);
  return { items, pages };
}

describe('admin lists (GET /orgs, /orgs/{org_id}/users, /tokens)', () => {
  it('lists every organisation in cursor form', async () => {
    const made = [await t.given.org({ name: 'List One' }), await t.given.org({ name: 'List Two' }), await t.given.org({ name: 'List Three' })];
    const { items, pages } = await walk('/orgs', 'orgs', 2);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(items.map((o) => o.org_id)).toEqual(expect.arrayContaining(made.map((m) => m.orgId)));
    expect(new Set(items.map((o) => o.org_id)).size).toBe(items.length);
    expect(items.find((o) => o.org_id === made[1]!.orgId)).toEqual({
      org_id: made[1]!.orgId, name: 'List Two', state_code: 'IN-KA', gstin: null, default_branch_id: made[1]!.defaultBranchId,
      currency_code: 'INR', created_time: expect.any(String),
    });
  });

  it("lists an organisation's users and nobody else's; an unknown organisation is 404", async () => {
    const a = await t.given.org();
    const b = await t.given.org();
    for (const name of ['Asha', 'Bala', 'Chitra']) await t.admin.post(`/orgs/${a.orgId}/users`, { name, email: `${name.toLowerCase()}@example.com` });
    const { items, pages } = await walk(`/orgs/${a.orgId}/users`, 'users', 2);
    expect(pages).toBe(2);
    // The fixture's own user, then the three added here.
    expect(items.map((u) => u.user_id)[0]).toBe(a.userId);
    expect(items.slice(1).map((u) => u.name)).toEqual(['Asha', 'Bala', 'Chitra']);
    expect(items.every((u) => Object.keys(u).sort().join() === 'email,name,user_id')).toBe(true);
    expect(items.map((u) => u.user_id)).not.toContain(b.userId);
    expect((await t.admin.get('/orgs/org_nothing/users')).body.code).toBe('not_found.resource');
  });

  it('lists tokens without their secrets, filtered by an organisation they reach', async () => {
    const a = await t.given.org();
    const b = await t.given.org();
    const shared = await t.given.token([a.orgId, b.orgId], { scopes: ['Svc.contacts.READ'], kind: 'OAUTH', expires_at: '2031-01-01T00:00:00Z' });
    const { items } = await walk(`/tokens?org_id=${a.orgId}`, 'tokens', 1);
    expect(items.map((x) => x.token_id).sort()).toEqual([a.tokenId, shared.tokenId].sort());
    expect(items.find((x) => x.token_id === shared.tokenId)).toEqual({
      token_id: shared.tokenId, org_ids: [a.orgId, b.orgId], user_id: null, scopes: ['Svc.contacts.READ'], kind: 'OAUTH',
      tier: 'DEFAULT', rate_limit_per_minute: 1000, expires_at: '2031-01-01T00:00:00Z', revoked_at: null,
    });
    const all = await walk('/tokens', 'tokens', 200);
    expect(all.items.map((x) => x.token_id)).toEqual(expect.arrayContaining([a.tokenId, b.tokenId, shared.tokenId]));
    const text = JSON.stringify(all.items);
    expect(text).not.toContain(a.token);
    expect(text).not.toContain(shared.token);
    expect(text).not.toMatch(/hash|access_token|bahi_(pat|oauth)_/);
  });

  it("refuses another list's cursor and a public token", async () => {
    await t.given.org();
    const first = await t.admin.get('/orgs?per_page=1');
    const cursor = encodeURIComponent(first.body.page_context.next_cursor);
    expect((await t.admin.get(`/tokens?cursor=${cursor}`)).body).toMatchObject({ code: 'validation.invalid_value', field: 'cursor' });
    const org = await t.given.org();
    expect((await new HttpClient(`${t.baseUrl}/api/admin/v1`, org.token).get('/tokens')).status).toBe(401);
    expect((await new HttpClient(`${t.baseUrl}/api/admin/v1`, ADMIN_TOKEN).get('/tokens')).status).toBe(200);
  });
});
