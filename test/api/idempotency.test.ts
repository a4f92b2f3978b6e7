import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocument } from '../support/documents';
import type { ApiResponse } from '../support/http-client';
import { startProbe, type Probe } from '../support/probe-server';
import { newKey, startSecondApp, startTestApp, type OrgFixture, type SecondApp, type TestApp } from '../support/test-app';

/*
 * Idempotency-Key end to end (public-api.md Errors, Limits and the replay cache key;
 * docs/rules/idempotency.md on what is stored and requireIdempotencyKey). Real routes where the tree has
 * them (POST /contacts, optional key); the probe server for the mandatory list, crashes and
 * concurrency. Route by route exactness of replays: idempotency-routes.test.ts.
 */

let t: TestApp;
let probe: Probe;
beforeAll(async () => {
  t = await startTestApp();
  probe = await startProbe(t.app);
});
afterAll(async () => {
  await probe?.close();
  await t?.close();
});

const HOUR = 60 * 60 * 1000;
const ERROR_KEYS = ['code', 'message', 'field', 'details', 'request_id', 'errors'];

async function contactCount(orgId: string): Promise<number> {
  const row = await t.app.database.db.selectFrom('contacts').select((eb) => eb.fn.countAll().as('n'))
    .where('org_id', '=', orgId).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function activityCount(orgId: string): Promise<number> {
  const row = await t.app.database.db.selectFrom('activity').select((eb) => eb.fn.countAll().as('n'))
    .where('org_id', '=', orgId).executeTakeFirstOrThrow();
  return Number(row.n);
}

function keyRecords(key: string) {
  return t.app.database.db.selectFrom('idempotency_keys').select(['method', 'path', 'status_code', 'subject'])
    .where('idem_key', '=', key).execute();
}

function expectError(res: ApiResponse, status: number, code: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(code);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  for (const key of Object.keys(res.body)) expect(ERROR_KEYS).toContain(key);
  if (field !== undefined) expect(res.body.field).toBe(field);
}

const isReplay = (res: ApiResponse) => res.headers.get('idempotent-replayed') === 'true';

describe('Idempotency-Key format: 1-200 of letters, digits, -, _ and :', () => {
  let org: OrgFixture;
  beforeAll(async () => { org = await t.given.org(); });

  it.each([
    ['one character', 'a'],
    ['every allowed character', 'Az09-_:'],
    ['200 characters', 'k'.repeat(200)],
  ])('accepts %s', async (_label, key) => {
    const res = await org.api.post('/contacts', { contact_name: `Key ${key.length}` }, { idempotencyKey: key });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await keyRecords(key)).toHaveLength(1);
  });

  it.each([
    ['201 characters', 'k'.repeat(201)],
    ['a space', 'abc def'],
    ['a dot', 'abc.def'],
    ['a slash', 'abc/def'],
    ['a non-ASCII letter', 'clé'],
  ])('refuses %s with 400 validation.invalid_value on Idempotency-Key and writes nothing', async (_label, key) => {
    const fresh = await t.given.org();
    const res = await fresh.api.post('/contacts', { contact_name: 'Refused' }, { idempotencyKey: key });
    expectError(res, 400, 'validation.invalid_value', 'Idempotency-Key');
    expect(await contactCount(fresh.orgId)).toBe(0);
  });

  it('refuses an empty key', async () => {
    const fresh = await t.given.org();
    const res = await fresh.api.post('/contacts', { contact_name: 'Refused' }, { headers: { 'idempotency-key': '' } });
    expectError(res, 400, 'validation.invalid_value', 'Idempotency-Key');
    expect(await contactCount(fresh.orgId)).toBe(0);
  });

  it('checks the format on the mandatory list too', async () => {
    const res = await probe.client(org.token).post('/probe/contacts', { contact_name: 'X' }, { idempotencyKey: 'k'.repeat(201) });
    expectError(res, 400, 'validation.invalid_value', 'Idempotency-Key');
  });
});

describe('the mandatory list', () => {
  it('refuses a key-less request on a required route with 400 idempotency.key_required, running nothing', async () => {
    const org = await t.given.org();
    const before = probe.executions.contacts;
    const res = await probe.client(org.token).post('/probe/contacts', { contact_name: 'No key' });
    expectError(res, 400, 'idempotency.key_required', 'Idempotency-Key');
    expect(probe.executions.contacts).toBe(before);
    expect(await contactCount(org.orgId)).toBe(0);
  });

  it('keeps the key optional on other POSTs', async () => {
    const org = await t.given.org();
    const res = await org.api.post('/contacts', { contact_name: 'No key needed' });
    expect(res.status).toBe(201);
  });

  it('accepts key-less requests while the preference requireIdempotencyKey is false, and refuses them again once it is true', async () => {
    const org = await t.given.org();
    const client = probe.client(org.token);
    const off = await t.admin.put(`/orgs/${org.orgId}/preferences`, { requireIdempotencyKey: false });
    expect(off.status).toBe(200);
    expect(off.body.preferences.requireIdempotencyKey).toBe(false);

    const first = await client.post('/probe/contacts', { contact_name: 'Legacy integration' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await client.post('/probe/contacts', { contact_name: 'Legacy integration' });
    expect(second.status).toBe(201);
    // Without a key nothing is deduplicated: two requests, two contacts.
    expect(second.body.contact.contact_id).not.toBe(first.body.contact.contact_id);
    expect(isReplay(second)).toBe(false);
    expect(await contactCount(org.orgId)).toBe(2);

    // A key sent anyway is still honoured.
    const key = newKey();
    const keyed = await client.post('/probe/contacts', { contact_name: 'Keyed' }, { idempotencyKey: key });
    const again = await client.post('/probe/contacts', { contact_name: 'Keyed' }, { idempotencyKey: key });
    expect(again.body).toEqual(keyed.body);
    expect(isReplay(again)).toBe(true);

    await t.admin.put(`/orgs/${org.orgId}/preferences`, { requireIdempotencyKey: true });
    expectError(await client.post('/probe/contacts', { contact_name: 'Refused' }), 400, 'idempotency.key_required');
  });
});

describe('replay', () => {
  it('answers the same key and body with the same status and body, and writes once', async () => {
    const org = await t.given.org();
    const key = newKey();
    const body = { contact_name: 'Replay Traders', email: 'replay@example.com', contact_type: 'VENDOR' };
    const first = await org.api.post('/contacts', body, { idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(isReplay(first)).toBe(false);
    const second = await org.api.post('/contacts', body, { idempotencyKey: key });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(isReplay(second)).toBe(true);
    // The replay is a response of its own: its own request id header.
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));

    const listed = await org.api.get('/contacts');
    expect(listed.body.contacts).toHaveLength(1);
    expect(listed.body.contacts[0].contact_id).toBe(first.body.contact.contact_id);
    expect(await activityCount(org.orgId)).toBe(1);
  });

  it('treats bodies that differ only in key order as the same body', async () => {
    const org = await t.given.org();
    const key = newKey();
    const first = await org.api.post('/contacts', {
      contact_name: 'Order Co', email: 'order@example.com', billing_address: { city: 'Pune', zip: '411001' },
    }, { idempotencyKey: key });
    const second = await org.api.post('/contacts', {
      billing_address: { zip: '411001', city: 'Pune' }, email: 'order@example.com', contact_name: 'Order Co',
    }, { idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(isReplay(second)).toBe(true);
    expect(second.body).toEqual(first.body);
    expect(await contactCount(org.orgId)).toBe(1);
  });

  it('does not compare bodies: the same key with another body gets the stored answer, and nothing more is written', async () => {
    const org = await t.given.org();
    const key = newKey();
    const first = await org.api.post('/contacts', { contact_name: 'First' }, { idempotencyKey: key });
    expect(first.status).toBe(201);
    const other = await org.api.post('/contacts', { contact_name: 'Second', email: 'second@example.com' }, { idempotencyKey: key });
    expect(other.status).toBe(201);
    expect(isReplay(other)).toBe(true);
    expect(other.body).toEqual(first.body);
    expect(await contactCount(org.orgId)).toBe(1);
    expect(await activityCount(org.orgId)).toBe(1);
  });

  it('replays a 4xx: the retry gets the identical body, request_id included', async () => {
    const org = await t.given.org();
    const key = newKey();
    const bad = { contact_name: '', email: 'not-an-email' };
    const first = await org.api.post('/contacts', bad, { idempotencyKey: key });
    expectError(first, 400, 'validation.invalid_value');
    const retry = await org.api.post('/contacts', bad, { idempotencyKey: key });
    expect(retry.status).toBe(400);
    expect(retry.body).toEqual(first.body);
    expect(retry.body.request_id).toBe(first.headers.get('x-request-id'));
    expect(retry.headers.get('x-request-id')).not.toBe(first.body.request_id);
    expect(isReplay(retry)).toBe(true);
    // A fixed body under the same key still gets the stored 400: fixing the input needs a new key.
    const sameKey = await org.api.post('/contacts', { contact_name: 'Fixed' }, { idempotencyKey: key });
    expect(sameKey.status).toBe(400);
    expect(sameKey.body).toEqual(first.body);
    expect(isReplay(sameKey)).toBe(true);
    expect(await contactCount(org.orgId)).toBe(0);
    const fixed = await org.api.post('/contacts', { contact_name: 'Fixed' }, { idempotencyKey: newKey() });
    expect(fixed.status).toBe(201);
    expect(await contactCount(org.orgId)).toBe(1);
  });

  it('replays a 404 from a use case', async () => {
    const org = await t.given.org();
    const key = newKey();
    const first = await org.api.put('/contacts/con_doesnotexist', { contact_name: 'X' }, { idempotencyKey: key });
    expectError(first, 404, 'not_found.resource');
    const retry = await org.api.put('/contacts/con_doesnotexist', { contact_name: 'X' }, { idempotencyKey: key });
    expect(retry.status).toBe(404);
    expect(retry.body).toEqual(first.body);
    expect(isReplay(retry)).toBe(true);
  });

  it('does not store a 5xx: the retry with the same key runs for real', async () => {
    const org = await t.given.org();
    const client = probe.client(org.token);
    const key = newKey();
    const before = probe.executions.flaky;
    probe.failNext(1);
    const crashed = await client.post('/probe/flaky', { contact_name: 'Flaky' }, { idempotencyKey: key });
    expectError(crashed, 500, 'internal.error');
    // The write before the crash rolled back, and no answer was kept for the key.
    expect(await contactCount(org.orgId)).toBe(0);
    expect(await activityCount(org.orgId)).toBe(0);
    expect(await keyRecords(key)).toEqual([]);

    const retry = await client.post('/probe/flaky', { contact_name: 'Flaky' }, { idempotencyKey: key });
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(isReplay(retry)).toBe(false);
    expect(probe.executions.flaky).toBe(before + 2);
    expect(await contactCount(org.orgId)).toBe(1);

    const third = await client.post('/probe/flaky', { contact_name: 'Flaky' }, { idempotencyKey: key });
    expect(third.body).toEqual(retry.body);
    expect(isReplay(third)).toBe(true);
    expect(probe.executions.flaky).toBe(before + 2);
  });

  it('does not store a 5xx twice in a row either', async () => {
    const org = await t.given.org();
    const client = probe.client(org.token);
    const key = newKey();
    const before = probe.executions.flaky;
    probe.failNext(2);
    expectError(await client.post('/probe/flaky', { contact_name: 'F' }, { idempotencyKey: key }), 500, 'internal.error');
    expectError(await client.post('/probe/flaky', { contact_name: 'F' }, { idempotencyKey: key }), 500, 'internal.error');
    expect(probe.executions.flaky).toBe(before + 2);
    expect(await keyRecords(key)).toEqual([]);
    expect((await client.post('/probe/flaky', { contact_name: 'F' }, { idempotencyKey: key })).status).toBe(201);
    expect(await contactCount(org.orgId)).toBe(1);
  });
});

describe('the replay cache key is (key, method, path, subject)', () => {
  it('runs the same key from another token independently', async () => {
    const org = await t.given.org();
    const other = await t.given.token([org.orgId], { user_id: org.userId });
    const key = newKey();
    const body = { contact_name: 'Shared Key Ltd' };
    const mine = await org.api.post('/contacts', body, { idempotencyKey: key });
    const theirs = await t.api.post('/contacts', body, { idempotencyKey: key, token: other.token });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(isReplay(theirs)).toBe(false);
    expect(theirs.body.contact.contact_id).not.toBe(mine.body.contact.contact_id);
    expect(await contactCount(org.orgId)).toBe(2);
    const records = await keyRecords(key);
    expect(records.map((r) => r.subject).sort()).toEqual([org.tokenId, other.tokenId].sort());
  });

  it('takes the organisation acted on as part of the subject: one token has one key space per organisation', async () => {
    const [a, b] = [await t.given.org(), await t.given.org()];
    const both = await t.given.token([a.orgId, b.orgId], { user_id: a.userId });
    const key = newKey();
    const body = { contact_name: 'Two Books Ltd' };
    const as = (orgId: string) => ({ token: both.token, idempotencyKey: key, headers: { 'x-svc-org': orgId } });
    const inA = await t.api.post('/contacts', body, as(a.orgId));
    const inB = await t.api.post('/contacts', body, as(b.orgId));
    expect(inA.status).toBe(201);
    expect(inB.status, JSON.stringify(inB.body)).toBe(201);
    expect(isReplay(inB)).toBe(false);
    expect(inB.body.contact.contact_id).not.toBe(inA.body.contact.contact_id);
    expect(await contactCount(a.orgId)).toBe(1);
    expect(await contactCount(b.orgId)).toBe(1);
    expect((await b.api.get(`/contacts/${inB.body.contact.contact_id}`)).status).toBe(200);
    // Each organisation's answer replays in its own key space.
    const againB = await t.api.post('/contacts', body, as(b.orgId));
    expect(isReplay(againB)).toBe(true);
    expect(againB.body).toEqual(inB.body);
    const againA = await t.api.post('/contacts', body, as(a.orgId));
    expect(againA.body).toEqual(inA.body);
    expect(await contactCount(b.orgId)).toBe(1);
  });

  it('runs the same key on another path independently', async () => {
    const org = await t.given.org();
    const key = newKey();
    const body = { contact_name: 'Two Paths' };
    const real = await org.api.post('/contacts', body, { idempotencyKey: key });
    const probed = await probe.client(org.token).post('/probe/contacts', body, { idempotencyKey: key });
    expect(real.status).toBe(201);
    expect(probed.status).toBe(201);
    expect(isReplay(probed)).toBe(false);
    expect(await contactCount(org.orgId)).toBe(2);
  });

  it('runs the same key with another method on the same path independently', async () => {
    const org = await t.given.org();
    const created = await org.api.post('/contacts', { contact_name: 'Method Co' });
    const path = `/contacts/${created.body.contact.contact_id}`;
    const key = newKey();
    const updated = await org.api.put(path, { contact_name: 'Method Co Renamed' }, { idempotencyKey: key });
    expect(updated.status).toBe(200);
    const deleted = await org.api.delete(path, { idempotencyKey: key });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(isReplay(deleted)).toBe(false);
    expect(deleted.body.contact_id).toBe(created.body.contact.contact_id);
    expect(await contactCount(org.orgId)).toBe(0);
    expect((await keyRecords(key)).map((r) => r.method).sort()).toEqual(['DELETE', 'PUT']);
  });

  it('ignores the query string in the path', async () => {
    const org = await t.given.org();
    const key = newKey();
    const first = await org.api.post('/contacts', { contact_name: 'Query Co' }, { idempotencyKey: key });
    const second = await org.api.post('/contacts?via=retry', { contact_name: 'Query Co' }, { idempotencyKey: key });
    expect(isReplay(second)).toBe(true);
    expect(second.body).toEqual(first.body);
  });
});

describe('only answers the operation produced are stored', () => {
  it('does not store a 403 raised by a business rule on who may act (a comment needs a user)', async () => {
    const org = await t.given.org();
    const invoice = await makeDocument(org.api, 'INVOICE');
    const machine = await t.given.token([org.orgId], { user_id: null });
    const key = newKey();
    const comment = { entity_type: 'INVOICE', entity_id: invoice.id, body: 'Checked' };
    expectError(await t.api.post('/comments', comment, { token: machine.token, idempotencyKey: key }), 403, 'auth.insufficient_scope');
    expect(await keyRecords(key)).toEqual([]);
    const again = await t.api.post('/comments', comment, { token: machine.token, idempotencyKey: key });
    expect(again.status).toBe(403);
    expect(isReplay(again)).toBe(false);
  });

  it('does not store a 429: once the window passes, the same key executes', async () => {
    const org = await t.given.org({ rate_limit_per_minute: 1 });
    const key = newKey();
    expect((await org.api.get('/contacts')).status).toBe(200);
    expectError(await org.api.post('/contacts', { contact_name: 'Limited' }, { idempotencyKey: key }), 429, 'rate_limit.exceeded');
    expect(await keyRecords(key)).toEqual([]);
    let moved = 0;
    try {
      t.clock.advance(61_000);
      moved += 61_000;
      const later = await org.api.post('/contacts', { contact_name: 'Limited' }, { idempotencyKey: key });
      expect(later.status, JSON.stringify(later.body)).toBe(201);
      expect(isReplay(later)).toBe(false);
      expect(await contactCount(org.orgId)).toBe(1);
    } finally {
      t.clock.advance(-moved);
    }
  });
});

describe('retention: 24 hours by the service clock', () => {
  it('replays until 24 h have passed and runs the same key anew after', async () => {
    const org = await t.given.org();
    const key = newKey();
    const body = { contact_name: 'Retained' };
    const first = await org.api.post('/contacts', body, { idempotencyKey: key });
    expect(first.status).toBe(201);
    let moved = 0;
    try {
      t.clock.advance(24 * HOUR - 1000);
      moved += 24 * HOUR - 1000;
      const within = await org.api.post('/contacts', body, { idempotencyKey: key });
      expect(isReplay(within)).toBe(true);
      expect(within.body).toEqual(first.body);

      t.clock.advance(2000);
      moved += 2000;
      const after = await org.api.post('/contacts', body, { idempotencyKey: key });
      expect(after.status).toBe(201);
      expect(isReplay(after)).toBe(false);
      expect(after.body.contact.contact_id).not.toBe(first.body.contact.contact_id);
      expect(await contactCount(org.orgId)).toBe(2);

      // The new answer is the one kept now.
      const again = await org.api.post('/contacts', body, { idempotencyKey: key });
      expect(again.body).toEqual(after.body);
      expect(await keyRecords(key)).toHaveLength(1);
    } finally {
      t.clock.advance(-moved);
    }
  });

  it('a key freed after 24 h keeps the refusal it gets next: a fixed body under it gets that 400 again', async () => {
    const org = await t.given.org();
    const key = newKey();
    expect((await org.api.post('/contacts', { contact_name: 'Day One' }, { idempotencyKey: key })).status).toBe(201);
    let moved = 0;
    try {
      t.clock.advance(24 * HOUR + 1000);
      moved += 24 * HOUR + 1000;
      const refused = await org.api.post('/contacts', { contact_name: '' }, { idempotencyKey: key });
      expectError(refused, 400, 'validation.invalid_value');
      expect(isReplay(refused)).toBe(false);
      const fixed = await org.api.post('/contacts', { contact_name: 'Day Two' }, { idempotencyKey: key });
      expect(fixed.status).toBe(400);
      expect(isReplay(fixed)).toBe(true);
      expect(fixed.body).toEqual(refused.body);
      expect(await contactCount(org.orgId)).toBe(1);
    } finally {
      t.clock.advance(-moved);
    }
  });

  it('forgets a stored refusal after 24 h too', async () => {
    const org = await t.given.org();
    const key = newKey();
    const first = await org.api.put('/contacts/con_missing', { contact_name: 'X' }, { idempotencyKey: key });
    expect(first.status).toBe(404);
    let moved = 0;
    try {
      t.clock.advance(24 * HOUR + 1000);
      moved += 24 * HOUR + 1000;
      const later = await org.api.put('/contacts/con_missing', { contact_name: 'X' }, { idempotencyKey: key });
      expect(later.status).toBe(404);
      expect(isReplay(later)).toBe(false);
      expect(later.body.request_id).not.toBe(first.body.request_id);
    } finally {
      t.clock.advance(-moved);
    }
  });
});

describe('concurrent requests with the same key', () => {
  /** Exactly one request executed; every other got 409 in_progress or the replay of the winner. */
  function expectOneWinner(responses: ApiResponse[]) {
    const winners = responses.filter((r) => r.status === 201 && !isReplay(r));
    expect(winners, JSON.stringify(responses.map((r) => [r.status, r.body.code]))).toHaveLength(1);
    for (const r of responses) {
      if (r === winners[0]) continue;
      if (r.status === 409) expectError(r, 409, 'idempotency.in_progress');
      else {
        expect(r.status).toBe(201);
        expect(isReplay(r)).toBe(true);
        expect(r.body).toEqual(winners[0]!.body);
      }
    }
  }

  it('a burst writes exactly once', async () => {
    const org = await t.given.org();
    const client = probe.client(org.token);
    const key = newKey();
    const before = probe.executions.contacts;
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => client.post('/probe/contacts', { contact_name: 'Burst' }, { idempotencyKey: key })),
    );
    expectOneWinner(responses);
    expect(probe.executions.contacts).toBe(before + 1);
    expect(await contactCount(org.orgId)).toBe(1);
  });

  it('a twin arriving while the first waits to begin its transaction gets 409 idempotency.in_progress', async () => {
    const org = await t.given.org();
    const client = probe.client(org.token);
    const key = newKey();
    const hold = probe.hold('before-transaction');
    const first = client.post('/probe/contacts', { contact_name: 'Twin' }, { idempotencyKey: key });
    await hold.reached;
    try {
      const twin = await client.post('/probe/contacts', { contact_name: 'Twin' }, { idempotencyKey: key });
      expectError(twin, 409, 'idempotency.in_progress');
      // in_progress is not an answer to keep: nothing stored for the key yet.
      expect(await keyRecords(key)).toEqual([]);
    } finally {
      hold.release();
    }
    const done = await first;
    expect(done.status).toBe(201);
    const retry = await client.post('/probe/contacts', { contact_name: 'Twin' }, { idempotencyKey: key });
    expect(isReplay(retry)).toBe(true);
    expect(retry.body).toEqual(done.body);
    expect(await contactCount(org.orgId)).toBe(1);
  });

  it('a twin arriving while the first is inside its transaction gets 409, or the replay once the first commits', async () => {
    const org = await t.given.org();
    const client = probe.client(org.token);
    const key = newKey();
    const hold = probe.hold('after-write');
    const first = client.post('/probe/contacts', { contact_name: 'Inside' }, { idempotencyKey: key });
    await hold.reached;
    const twin = client.post('/probe/contacts', { contact_name: 'Inside' }, { idempotencyKey: key });
    // Reads do not wait for the open transaction (PostgreSQL; SQLite's read connection), so
    // the twin reaches its own unit of work while the first holds the key: 409 at once. Had
    // its reads been queued behind the writer, it would answer after the commit, as a replay.
    const early = await Promise.race([twin, new Promise<null>((r) => setTimeout(() => r(null), 500))]);
    hold.release();
    const done = await first;
    expect(done.status).toBe(201);
    const answer = early ?? (await twin);
    if (early !== null || t.db.engine === 'postgres') {
      expectError(answer, 409, 'idempotency.in_progress');
    } else {
      expect(isReplay(answer)).toBe(true);
      expect(answer.body).toEqual(done.body);
    }
    const retry = await client.post('/probe/contacts', { contact_name: 'Inside' }, { idempotencyKey: key });
    expect(isReplay(retry)).toBe(true);
    expect(retry.body).toEqual(done.body);
    expect(await contactCount(org.orgId)).toBe(1);
  });

  describe('two application instances on one PostgreSQL database', () => {
    let peer: SecondApp | undefined;
    let peerProbe: Probe | undefined;
    const pg = () => t.db.engine === 'postgres';
    beforeAll(async () => {
      if (!pg()) return;
      peer = await startSecondApp(t);
      peerProbe = await startProbe(peer.app);
    });
    afterAll(async () => {
      await peerProbe?.close();
      await peer?.close();
    });

    it.runIf(!!process.env.TEST_DATABASE_URL)('a twin on the other instance, while the first holds its transaction, gets 409 idempotency.in_progress', async () => {
      const org = await t.given.org();
      const key = newKey();
      const hold = probe.hold('after-write');
      const first = probe.client(org.token).post('/probe/contacts', { contact_name: 'Across' }, { idempotencyKey: key });
      await hold.reached;
      try {
        const twin = await peerProbe!.client(org.token).post('/probe/contacts', { contact_name: 'Across' }, { idempotencyKey: key });
        expectError(twin, 409, 'idempotency.in_progress');
      } finally {
        hold.release();
      }
      const done = await first;
      expect(done.status).toBe(201);
      const retry = await peerProbe!.client(org.token).post('/probe/contacts', { contact_name: 'Across' }, { idempotencyKey: key });
      expect(isReplay(retry)).toBe(true);
      expect(retry.body).toEqual(done.body);
      expect(await contactCount(org.orgId)).toBe(1);
    });

    it.runIf(!!process.env.TEST_DATABASE_URL)('a burst spread over both instances writes exactly once', async () => {
      const org = await t.given.org();
      const key = newKey();
      const before = probe.executions.contacts + peerProbe!.executions.contacts;
      const clients = [probe.client(org.token), peerProbe!.client(org.token)];
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => clients[i % 2]!.post('/probe/contacts', { contact_name: 'Spread' }, { idempotencyKey: key })),
      );
      expectOneWinner(responses);
      expect(probe.executions.contacts + peerProbe!.executions.contacts).toBe(before + 1);
      expect(await contactCount(org.orgId)).toBe(1);
    });
  });
});

describe('the claim shares the transaction of the write', () => {
  it('a use case refusing with a 4xx after writing leaves neither its row nor a success record', async () => {
    const org = await t.given.org();
    const client = probe.client(org.token);
    const key = newKey();
    const before = probe.executions.refuse;
    const refused = await client.post('/probe/refuse', { contact_name: 'Half written' }, { idempotencyKey: key });
    expectError(refused, 409, 'conflict.invalid_state');
    expect(probe.executions.refuse).toBe(before + 1);
    expect(await contactCount(org.orgId)).toBe(0);
    expect(await activityCount(org.orgId)).toBe(0);
    // Only the refusal is kept (written after the rollback), so the retry gets the same 4xx.
    const records = await keyRecords(key);
    expect(records.map((r) => r.status_code)).toEqual([409]);

    const retry = await client.post('/probe/refuse', { contact_name: 'Half written' }, { idempotencyKey: key });
    expect(retry.status).toBe(409);
    expect(retry.body).toEqual(refused.body);
    expect(isReplay(retry)).toBe(true);
    expect(probe.executions.refuse).toBe(before + 1);
    expect(await contactCount(org.orgId)).toBe(0);
  });

  it('a successful use case commits its row and its record together', async () => {
    const org = await t.given.org();
    const key = newKey();
    const res = await probe.client(org.token).post('/probe/contacts', { contact_name: 'Whole' }, { idempotencyKey: key });
    expect(res.status).toBe(201);
    expect(await contactCount(org.orgId)).toBe(1);
    const records = await keyRecords(key);
    expect(records).toEqual([{ method: 'POST', path: '/api/public/v1/probe/contacts', status_code: 201, subject: org.tokenId }]);
  });
});
