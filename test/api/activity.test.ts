import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../support/http-client';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/* GET /activity and the per-resource alias (public-api.md Activity, Activity event, Pagination forms). */

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

const ERROR_KEYS = ['code', 'message', 'field', 'details', 'request_id', 'errors'];

function expectInvalid(res: ApiResponse, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe('validation.invalid_value');
  expect(res.body.field).toBe(field);
  expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  for (const key of Object.keys(res.body)) expect(ERROR_KEYS).toContain(key);
}

async function createContact(org: OrgFixture, name: string, headers: Record<string, string> = {}) {
  const res = await org.api.post('/contacts', { contact_name: name }, { headers });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res;
}

interface Event {
  event_id: string; action: string; entity_type: string; entity_id: string; entity_ref: string | null;
  actor_user_id: string | null; changes: unknown; metadata: Record<string, unknown>; occurred_at: string;
}

async function list(org: OrgFixture, query = ''): Promise<ApiResponse<{ code: number; activity: Event[]; page_context: Record<string, unknown> }>> {
  return org.api.get(`/activity${query}`);
}

/** Moves the service clock to an instant for the duration of fn (it keeps flowing from there). */
async function at<T>(iso: string, fn: () => Promise<T>): Promise<T> {
  const before = t.clock.now().getTime();
  t.clock.set(new Date(iso));
  try {
    return await fn();
  } finally {
    t.clock.set(new Date(before));
  }
}

describe('an activity event', () => {
  it('is written for a create and an update, with request metadata, the token user and changes', async () => {
    const org = await t.given.org();
    const created = await createContact(org, 'Meta Traders', { 'user-agent': 'bahi-activity-test/1.0', 'x-request-id': 'caller-req-0001' });
    const contactId = created.body.contact.contact_id as string;
    const updated = await org.api.put(`/contacts/${contactId}`, { email: 'meta@example.com' }, { headers: { 'user-agent': 'bahi-activity-test/2.0' } });
    expect(updated.status).toBe(200);

    const res = await list(org);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const [update, create] = res.body.activity;
    expect(res.body.activity).toHaveLength(2);

    expect(create).toMatchObject({
      action: 'CONTACT_CREATED', entity_type: 'CONTACT', entity_id: contactId, entity_ref: 'Meta Traders', actor_user_id: org.userId,
    });
    expect(create!.event_id).toMatch(/^act_/);
    expect(create!.changes ?? null).toBeNull();
    expect(create!.metadata).toEqual({
      ip: '127.0.0.1', user_agent: 'bahi-activity-test/1.0', request_id: 'caller-req-0001', source: 'PUBLIC_API',
    });
    expect(create!.metadata.request_id).toBe(created.headers.get('x-request-id'));
    expect(create!.occurred_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);

    expect(update).toMatchObject({ action: 'CONTACT_UPDATED', entity_id: contactId, actor_user_id: org.userId });
    expect(update!.changes).toEqual({ email: { old: null, new: 'meta@example.com' } });
    // A minted request id (no X-Request-Id sent) is recorded too.
    expect(update!.metadata).toMatchObject({ user_agent: 'bahi-activity-test/2.0', source: 'PUBLIC_API' });
    expect(update!.metadata.request_id).toBe(updated.headers.get('x-request-id'));
  });

  it('names no user when the token has none', async () => {
    const org = await t.given.org();
    const machine = await t.given.token([org.orgId], { user_id: null });
    const res = await t.api.post('/contacts', { contact_name: 'By machine' }, { token: machine.token });
    expect(res.status).toBe(201);
    const events = (await list(org)).body.activity;
    expect(events).toHaveLength(1);
    expect(events[0]!.actor_user_id).toBeNull();
  });

  it('stays within its organisation', async () => {
    const mine = await t.given.org();
    const theirs = await t.given.org();
    await createContact(theirs, 'Not yours');
    const res = await list(mine);
    expect(res.body.activity).toEqual([]);
    expect(res.body.page_context).toEqual({ limit: 100, returned: 0, has_more_page: false });
  });
});

describe('GET /activity filters', () => {
  let org: OrgFixture;
  let secondUser: { userId: string; token: string };
  const ids: Record<string, string> = {};
  // Three events an hour apart, the middle one by another user, plus an item.
  const T1 = '2031-03-01T10:00:00Z';
  const T2 = '2031-03-01T11:00:00Z';
  const T3 = '2031-03-01T12:00:00Z';
  const T4 = '2031-03-01T13:00:00Z';

  beforeAll(async () => {
    org = await t.given.org();
    const user = await t.admin.post(`/orgs/${org.orgId}/users`, { name: 'Clerk', email: 'clerk@example.com' });
    const token = await t.given.token([org.orgId], { user_id: user.body.user.user_id });
    secondUser = { userId: user.body.user.user_id, token: token.token };
    ids.c1 = (await at(T1, () => createContact(org, 'One'))).body.contact.contact_id;
    ids.c2 = (await at(T2, () => t.api.post('/contacts', { contact_name: 'Two' }, { token: secondUser.token }))).body.contact.contact_id;
    ids.c3 = (await at(T3, () => createContact(org, 'Three'))).body.contact.contact_id;
    const item = await at(T4, () => org.api.post('/items', { name: 'Widget', rate: 10 }));
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    ids.item = item.body.item.item_id;
  });

  const refs = (res: ApiResponse<{ activity: Event[] }>) => res.body.activity.map((e) => e.entity_ref);

  it('lists newest first', async () => {
    const res = await list(org);
    expect(refs(res)).toEqual(['Widget', 'Three', 'Two', 'One']);
    expect(res.body.activity.map((e) => e.occurred_at)).toEqual([T4, T3, T2, T1]);
    expect(res.body.page_context).toEqual({ limit: 100, returned: 4, has_more_page: false });
  });

  it('filters by entity_type', async () => {
    expect(refs(await list(org, '?entity_type=CONTACT'))).toEqual(['Three', 'Two', 'One']);
    expect(refs(await list(org, '?entity_type=ITEM'))).toEqual(['Widget']);
    expect(refs(await list(org, '?entity_type=INVOICE'))).toEqual([]);
  });

  it('refuses an unknown entity_type', async () => {
    expectInvalid(await list(org, '?entity_type=WIDGET'), 'entity_type');
    expectInvalid(await list(org, '?entity_type=contact'), 'entity_type');
  });

  it('filters by entity_id', async () => {
    const res = await list(org, `?entity_id=${ids.c2}`);
    expect(res.body.activity).toHaveLength(1);
    expect(res.body.activity[0]).toMatchObject({ entity_id: ids.c2, entity_ref: 'Two' });
    expect(refs(await list(org, `?entity_type=ITEM&entity_id=${ids.c2}`))).toEqual([]);
  });

  it('filters by actor_user_id', async () => {
    expect(refs(await list(org, `?actor_user_id=${secondUser.userId}`))).toEqual(['Two']);
    expect(refs(await list(org, `?actor_user_id=${org.userId}`))).toEqual(['Widget', 'Three', 'One']);
  });

  it('takes since and until inclusively', async () => {
    expect(refs(await list(org, `?since=${T2}`))).toEqual(['Widget', 'Three', 'Two']);
    expect(refs(await list(org, `?until=${T2}`))).toEqual(['Two', 'One']);
    expect(refs(await list(org, `?since=${T2}&until=${T3}`))).toEqual(['Three', 'Two']);
    // An event's own occurred_at, passed back as both bounds, finds that event.
    expect(refs(await list(org, `?since=${T2}&until=${T2}`))).toEqual(['Two']);
    expect(refs(await list(org, '?since=2031-03-01T10:00:01Z&until=2031-03-01T10:59:59Z'))).toEqual([]);
  });

  it('pages backwards with until set to the oldest occurred_at seen', async () => {
    const first = await list(org, '?limit=2');
    expect(refs(first)).toEqual(['Widget', 'Three']);
    expect(first.body.page_context).toEqual({ limit: 2, returned: 2, has_more_page: true });
    const oldest = first.body.activity[1]!.occurred_at;
    const next = await list(org, `?limit=3&until=${encodeURIComponent(oldest)}`);
    // Inclusive: the boundary event comes again, then the older ones.
    expect(refs(next)).toEqual(['Three', 'Two', 'One']);
    expect(next.body.page_context).toEqual({ limit: 3, returned: 3, has_more_page: false });
  });

  it('reads offsets and a plain date', async () => {
    // 16:30 in India is 11:00 UTC.
    expect(refs(await list(org, `?since=${encodeURIComponent('2031-03-01T16:30:00+05:30')}&until=${encodeURIComponent('2031-03-01T16:30:00+05:30')}`))).toEqual(['Two']);
    expect(refs(await list(org, '?since=2031-03-01'))).toEqual(['Widget', 'Three', 'Two', 'One']);
    expect(refs(await list(org, '?since=2031-03-02'))).toEqual([]);
    expect(refs(await list(org, '?until=2031-02-28'))).toEqual([]);
  });

  it('reads a timestamp without an offset as UTC, whatever the machine time zone', async () => {
    const tz = process.env.TZ;
    process.env.TZ = 'Asia/Kolkata';
    try {
      expect(refs(await list(org, '?since=2031-03-01T11:00:00&until=2031-03-01T11:00:00'))).toEqual(['Two']);
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it.each([
    ['since', 'yesterday'],
    ['since', '2031-13-01'],
    ['since', '2031-02-30'],
    ['since', '2031-03-01T25:00:00Z'],
    ['until', 'not-a-date'],
    ['until', '1700000000'],
  ])('refuses an unparsable %s (%s) with 400 on that field', async (field, value) => {
    expectInvalid(await list(org, `?${field}=${encodeURIComponent(value)}`), field);
  });

  it('limits to 1-500, default 100', async () => {
    const one = await list(org, '?limit=1');
    expect(refs(one)).toEqual(['Widget']);
    expect(one.body.page_context).toEqual({ limit: 1, returned: 1, has_more_page: true });
    const max = await list(org, '?limit=500');
    expect(max.body.page_context).toEqual({ limit: 500, returned: 4, has_more_page: false });
    const exact = await list(org, '?limit=4');
    expect(exact.body.page_context).toEqual({ limit: 4, returned: 4, has_more_page: false });
    expectInvalid(await list(org, '?limit=0'), 'limit');
    expectInvalid(await list(org, '?limit=501'), 'limit');
    expectInvalid(await list(org, '?limit=ten'), 'limit');
    expectInvalid(await list(org, '?limit=1.5'), 'limit');
  });

  it('refuses an unknown query parameter', async () => {
    expectInvalid(await list(org, '?per_page=10'), 'per_page');
  });

  it('needs Svc.activity.READ', async () => {
    const narrow = await t.given.token([org.orgId], { scopes: ['Svc.contacts.READ'], user_id: org.userId });
    const res = await t.api.get('/activity', { token: narrow.token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('authz.scope_missing');
    const allowed = await t.given.token([org.orgId], { scopes: ['Svc.activity.READ'], user_id: org.userId });
    expect((await t.api.get('/activity', { token: allowed.token })).status).toBe(200);
  });
});

describe('GET /contacts/{contact_id}/activity', () => {
  let org: OrgFixture;
  let contactId: string;
  beforeAll(async () => {
    org = await t.given.org();
    contactId = (await createContact(org, 'Timeline Co')).body.contact.contact_id;
    await createContact(org, 'Someone else');
    await org.api.put(`/contacts/${contactId}`, { phone: '+91 80 1234 5678' });
    await org.api.post(`/contacts/${contactId}/archive`);
  });

  it("lists that contact's events only, newest first", async () => {
    const res = await org.api.get(`/contacts/${contactId}/activity`);
    expect(res.status).toBe(200);
    expect(res.body.activity.map((e: Event) => e.action)).toEqual(['CONTACT_STATUS_CHANGED', 'CONTACT_UPDATED', 'CONTACT_CREATED']);
    expect(res.body.activity.every((e: Event) => e.entity_id === contactId)).toBe(true);
    expect(res.body.page_context).toEqual({ limit: 100, returned: 3, has_more_page: false });
    expect(res.body.activity[0].changes).toEqual({ status: { old: 'ACTIVE', new: 'INACTIVE' } });
  });

  it('takes limit', async () => {
    const res = await org.api.get(`/contacts/${contactId}/activity?limit=2`);
    expect(res.body.activity.map((e: Event) => e.action)).toEqual(['CONTACT_STATUS_CHANGED', 'CONTACT_UPDATED']);
    expect(res.body.page_context).toEqual({ limit: 2, returned: 2, has_more_page: true });
    expectInvalid(await org.api.get(`/contacts/${contactId}/activity?limit=0`), 'limit');
    expectInvalid(await org.api.get(`/contacts/${contactId}/activity?limit=501`), 'limit');
  });

  it.each(['entity_type=CONTACT', 'since=2031-01-01T00:00:00Z', 'actor_user_id=usr_x', 'until=2031-01-01'])('refuses any other query parameter (%s)', async (query) => {
    const res = await org.api.get(`/contacts/${contactId}/activity?${query}`);
    expectInvalid(res, query.split('=')[0]!);
  });

  it("answers 404 for another organisation's contact and for an unknown id", async () => {
    const other = await t.given.org();
    const foreign = await other.api.get(`/contacts/${contactId}/activity`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not_found.resource');
    const unknown = await org.api.get('/contacts/con_00000000000000000000000000/activity');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found.resource');
  });
});

describe('the activity table is append-only', () => {
  let org: OrgFixture;
  beforeAll(async () => {
    org = await t.given.org();
    await createContact(org, 'Permanent');
  });

  it('refuses an UPDATE through Kysely', async () => {
    await expect(t.app.database.db.updateTable('activity').set({ action: 'CONTACT_TAMPERED' }).where('org_id', '=', org.orgId).execute())
      .rejects.toThrow(/append-only/);
  });

  it('refuses a DELETE through Kysely', async () => {
    await expect(t.app.database.db.deleteFrom('activity').where('org_id', '=', org.orgId).execute()).rejects.toThrow(/append-only/);
  });

  it('refuses raw SQL too, also inside a transaction', async () => {
    await expect(sql`UPDATE activity SET entity_ref = 'x' WHERE org_id = ${org.orgId}`.execute(t.app.database.db)).rejects.toThrow(/append-only/);
    await expect(t.app.database.transaction((tx) => sql`DELETE FROM activity WHERE org_id = ${org.orgId}`.execute(tx))).rejects.toThrow(/append-only/);
  });

  it('still holds the event afterwards, unchanged', async () => {
    const events = (await list(org)).body.activity;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'CONTACT_CREATED', entity_ref: 'Permanent' });
  });
});
