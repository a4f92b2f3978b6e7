import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../support/http-client';
import { expectBooksBalanced } from '../support/books';
import { makeDocument, type DocumentKind } from '../support/documents';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/* Comments (public-api.md Comments, Authentication 6-7, Errors, Limits). */

let t: TestApp;
let org: OrgFixture;
let other: OrgFixture;
let invoiceId: string;

const START = '2026-06-15T04:30:00.000Z';

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(START));
  org = await t.given.org();
  other = await t.given.org();
  invoiceId = (await makeDocument(org.api, 'INVOICE')).id;
});
afterAll(async () => { await t.close(); });

const comment = (body: Record<string, unknown>, o: OrgFixture = org) => o.api.post('/comments', body, { idempotencyKey: newKey() });

async function posted(text: string, entityId = invoiceId, entityType = 'INVOICE', o: OrgFixture = org) {
  const res = await comment({ entity_type: entityType, entity_id: entityId, body: text }, o);
  if (res.status !== 201) throw new Error(`comment: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.comment;
}

function expectError(res: ApiResponse, status: number, code: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(code);
  if (field !== undefined) expect(res.body.field).toBe(field);
}

const count = async () => Number((await t.app.database.db.selectFrom('comments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** A second user of the organisation, holding every scope: an admin, but not the author. */
async function colleague() {
  const user = await t.admin.post(`/orgs/${org.orgId}/users`, { name: 'Admin', email: 'admin@example.com' });
  const { token } = await t.given.token([org.orgId], { user_id: user.body.user.user_id, scopes: ['Svc.fullaccess.all'] });
  return t.api.withToken(token);
}

const ALL_KINDS: DocumentKind[] = ['INVOICE', 'BILL', 'ESTIMATE', 'CREDIT_NOTE', 'DEBIT_NOTE', 'SALES_ORDER', 'PURCHASE_ORDER', 'PAYMENT', 'RECEIPT', 'EXPENSE', 'JOURNAL'];

describe('POST /comments', () => {
  it('posts a plain-text comment as the token\'s user, with the spec\'s fields', async () => {
    // The clock flows on from where it was set: set it here so the stamps below are exact.
    t.clock.set(new Date(START));
    const res = await comment({ entity_type: 'INVOICE', entity_id: invoiceId, body: 'Customer asked for <b>net 45</b>' });
    expect(res.status).toBe(201);
    expect(res.body.comment).toEqual({
      comment_id: expect.stringMatching(/^cmt_/), entity_type: 'INVOICE', entity_id: invoiceId,
      body: 'Customer asked for <b>net 45</b>', author_user_id: org.userId,
      created_time: '2026-06-15T04:30:00Z', last_modified_time: '2026-06-15T04:30:00Z',
    });
    expect((await org.api.get(`/comments/${res.body.comment.comment_id}`)).body.comment).toEqual(res.body.comment);
  });

  it.each(ALL_KINDS)('accepts a comment on a %s of the organisation', async (kind) => {
    const doc = await makeDocument(org.api, kind);
    const c = await posted(`On the ${kind}`, doc.id, kind);
    expect(c).toMatchObject({ entity_type: kind, entity_id: doc.id });
    await expectBooksBalanced(org.api);
  });

  it('refuses an entity type outside the spec\'s list, and a RECEIPT that is an outgoing payment', async () => {
    const before = await count();
    expectError(await comment({ entity_type: 'CONTACT', entity_id: invoiceId, body: 'x' }), 400, 'validation.invalid_value', 'entity_type');
    const outgoing = await makeDocument(org.api, 'PAYMENT');
    expectError(await comment({ entity_type: 'RECEIPT', entity_id: outgoing.id, body: 'x' }), 404, 'not_found.resource', 'entity_id');
    expectError(await comment({ entity_type: 'BILL', entity_id: invoiceId, body: 'x' }), 404, 'not_found.resource', 'entity_id');
    expect(await count()).toBe(before);
  });

  it('answers 404 for a document that does not exist or belongs to another organisation', async () => {
    const before = await count();
    expectError(await comment({ entity_type: 'INVOICE', entity_id: 'inv_00000000000000000000000000', body: 'x' }), 404, 'not_found.resource', 'entity_id');
    const foreign = await makeDocument(other.api, 'INVOICE');
    expectError(await comment({ entity_type: 'INVOICE', entity_id: foreign.id, body: 'x' }), 404, 'not_found.resource', 'entity_id');
    expect(await count()).toBe(before);
  });

  it('refuses an empty or blank body with 422 validation.required_field, a missing one with 400, and more than 5,000 characters', async () => {
    const before = await count();
    expectError(await comment({ entity_type: 'INVOICE', entity_id: invoiceId, body: '' }), 422, 'validation.required_field', 'body');
    expectError(await comment({ entity_type: 'INVOICE', entity_id: invoiceId, body: ' \n\t ' }), 422, 'validation.required_field', 'body');
    expectError(await comment({ entity_type: 'INVOICE', entity_id: invoiceId }), 400, 'validation.required_field', 'body');
    expectError(await comment({ entity_type: 'INVOICE', entity_id: invoiceId, body: 'x'.repeat(5001) }), 400, 'validation.invalid_value', 'body');
    expectError(await comment({ entity_type: 'INVOICE', entity_id: invoiceId, body: 'a\u0000b' }), 400, 'validation.invalid_value', 'body');
    expect(await count()).toBe(before);
    // Characters, not bytes or UTF-16 units: 5,000 rupee signs and 5,000 emoji are both allowed.
    expect((await posted('₹'.repeat(5000))).body).toHaveLength(5000);
    expect([...(await posted('🧾'.repeat(5000))).body]).toHaveLength(5000);
  });

  it('refuses a machine token (no user) with 403 auth.insufficient_scope and writes nothing', async () => {
    const machine = await t.given.token([org.orgId], { user_id: null, scopes: ['Svc.fullaccess.all'] });
    const before = await count();
    const res = await t.api.post('/comments', { entity_type: 'INVOICE', entity_id: invoiceId, body: 'from a robot' }, { token: machine.token, idempotencyKey: newKey() });
    expectError(res, 403, 'auth.insufficient_scope');
    expect(await count()).toBe(before);
  });

  it('needs Svc.comments.CREATE', async () => {
    const { token } = await t.given.token([org.orgId], { user_id: org.userId, scopes: ['Svc.comments.READ'] });
    expectError(await t.api.post('/comments', { entity_type: 'INVOICE', entity_id: invoiceId, body: 'x' }, { token }), 403, 'authz.scope_missing');
  });

  it('writes COMMENT_ADDED with comment_id in metadata on the document\'s timeline', async () => {
    const doc = await makeDocument(org.api, 'INVOICE');
    const c = await posted('Timeline entry', doc.id);
    const events = (await org.api.get(`/invoices/${doc.id}/activity`)).body.activity;
    expect(events[0]).toMatchObject({
      action: 'COMMENT_ADDED', entity_type: 'INVOICE', entity_id: doc.id, actor_user_id: org.userId,
      metadata: { comment_id: c.comment_id, source: 'PUBLIC_API' },
    });
  });

  it('replays a keyed POST instead of posting twice', async () => {
    const key = newKey();
    const body = { entity_type: 'INVOICE', entity_id: invoiceId, body: 'Once' };
    const first = await org.api.post('/comments', body, { idempotencyKey: key });
    const again = await org.api.post('/comments', body, { idempotencyKey: key });
    expect(again.status).toBe(201);
    expect(again.body.comment.comment_id).toBe(first.body.comment.comment_id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('PUT and DELETE /comments/{id}: the author only', () => {
  it('edits the body, keeps created_time and moves last_modified_time; only the latest body is stored', async () => {
    const c = await posted('First draft');
    t.clock.advance(90_000);
    const res = await org.api.put(`/comments/${c.comment_id}`, { body: 'Second draft' });
    expect(res.status).toBe(200);
    expect(res.body.comment).toMatchObject({ body: 'Second draft', created_time: c.created_time, author_user_id: org.userId });
    expect(res.body.comment.last_modified_time).not.toBe(c.created_time);
    expect((await org.api.get(`/comments/${c.comment_id}`)).body.comment).toEqual(res.body.comment);
    const events = (await org.api.get(`/activity?entity_id=${invoiceId}&limit=1`)).body.activity;
    expect(events[0]).toMatchObject({ action: 'COMMENT_UPDATED', metadata: { comment_id: c.comment_id } });
    // Neither the old body nor the new one is copied into the audit trail.
    expect(JSON.stringify(events[0])).not.toContain('First draft');
  });

  it('refuses an empty body on edit with 422 and keeps the comment', async () => {
    const c = await posted('Keep me');
    expectError(await org.api.put(`/comments/${c.comment_id}`, { body: '' }), 422, 'validation.required_field', 'body');
    expectError(await org.api.put(`/comments/${c.comment_id}`, {}), 400, 'validation.required_field', 'body');
    expect((await org.api.get(`/comments/${c.comment_id}`)).body.comment.body).toBe('Keep me');
  });

  it('refuses anyone but the author, an organisation admin and a machine token included, with 403', async () => {
    const c = await posted('Mine');
    const admin = await colleague();
    expectError(await admin.put(`/comments/${c.comment_id}`, { body: 'Yours now' }), 403, 'auth.insufficient_scope');
    expectError(await admin.delete(`/comments/${c.comment_id}`), 403, 'auth.insufficient_scope');
    const machine = await t.given.token([org.orgId], { user_id: null, scopes: ['Svc.fullaccess.all'] });
    expectError(await t.api.delete(`/comments/${c.comment_id}`, { token: machine.token }), 403, 'auth.insufficient_scope');
    expect((await org.api.get(`/comments/${c.comment_id}`)).body.comment).toEqual(c);
  });

  it('deletes for good and writes COMMENT_DELETED on the document\'s timeline', async () => {
    const c = await posted('Short-lived');
    const res = await org.api.delete(`/comments/${c.comment_id}`);
    expect(res.status).toBe(200);
    expect(res.body.comment_id).toBe(c.comment_id);
    expectError(await org.api.get(`/comments/${c.comment_id}`), 404, 'not_found.resource');
    expectError(await org.api.delete(`/comments/${c.comment_id}`), 404, 'not_found.resource');
    const events = (await org.api.get(`/invoices/${invoiceId}/activity?limit=1`)).body.activity;
    expect(events[0]).toMatchObject({ action: 'COMMENT_DELETED', entity_type: 'INVOICE', entity_id: invoiceId, metadata: { comment_id: c.comment_id } });
  });

  it('answers 404 to another organisation for read, edit and delete', async () => {
    const c = await posted('Private');
    expectError(await other.api.get(`/comments/${c.comment_id}`), 404, 'not_found.resource');
    expectError(await other.api.put(`/comments/${c.comment_id}`, { body: 'x' }), 404, 'not_found.resource');
    expectError(await other.api.delete(`/comments/${c.comment_id}`), 404, 'not_found.resource');
    expect((await org.api.get(`/comments/${c.comment_id}`)).body.comment.body).toBe('Private');
  });
});

describe('GET /comments', () => {
  let fresh: OrgFixture;
  let a: string;
  let b: string;

  beforeAll(async () => {
    fresh = await t.given.org();
    a = (await makeDocument(fresh.api, 'INVOICE')).id;
    b = (await makeDocument(fresh.api, 'BILL')).id;
    for (let i = 1; i <= 3; i++) {
      await posted(`A${i}`, a, 'INVOICE', fresh);
      t.clock.advance(1000);
      await posted(`B${i}`, b, 'BILL', fresh);
      t.clock.advance(1000);
    }
  });

  const bodies = (res: ApiResponse) => res.body.comments.map((c: { body: string }) => c.body);

  it('lists every comment of the organisation, oldest first, with page pagination', async () => {
    const all = await fresh.api.get('/comments');
    expect(all.status).toBe(200);
    expect(bodies(all)).toEqual(['A1', 'B1', 'A2', 'B2', 'A3', 'B3']);
    expect(all.body.page_context).toEqual({ page: 1, per_page: 100, has_more_page: false });
    const page2 = await fresh.api.get('/comments?per_page=4&page=2');
    expect(bodies(page2)).toEqual(['A3', 'B3']);
    expect(page2.body.page_context).toEqual({ page: 2, per_page: 4, has_more_page: false });
    expect((await fresh.api.get('/comments?per_page=4')).body.page_context.has_more_page).toBe(true);
  });

  it('filters by entity_type and entity_id', async () => {
    expect(bodies(await fresh.api.get('/comments?entity_type=BILL'))).toEqual(['B1', 'B2', 'B3']);
    expect(bodies(await fresh.api.get(`/comments?entity_id=${a}`))).toEqual(['A1', 'A2', 'A3']);
    expect(bodies(await fresh.api.get(`/comments?entity_type=INVOICE&entity_id=${b}`))).toEqual([]);
  });

  it('bounds per_page to 1-500 and refuses unknown filters', async () => {
    expect((await fresh.api.get('/comments?per_page=500')).status).toBe(200);
    expectError(await fresh.api.get('/comments?per_page=501'), 400, 'validation.invalid_value', 'per_page');
    expectError(await fresh.api.get('/comments?per_page=0'), 400, 'validation.invalid_value', 'per_page');
    expectError(await fresh.api.get('/comments?page=0'), 400, 'validation.invalid_value', 'page');
    expectError(await fresh.api.get('/comments?entity_type=CONTACT'), 400, 'validation.invalid_value', 'entity_type');
    expectError(await fresh.api.get('/comments?author=me'), 400, 'validation.invalid_value', 'author');
  });

  it('never shows another organisation\'s comments', async () => {
    expect(bodies(await other.api.get(`/comments?entity_id=${a}`))).toEqual([]);
  });
});

describe('deleting a document removes its comments', () => {
  it.each(['INVOICE', 'BILL', 'ESTIMATE', 'PURCHASE_ORDER', 'EXPENSE', 'PAYMENT', 'RECEIPT', 'JOURNAL'] as DocumentKind[])('%s', async (kind) => {
    const doc = await makeDocument(org.api, kind);
    const keep = await makeDocument(org.api, kind);
    const gone = [await posted('one', doc.id, kind), await posted('two', doc.id, kind)];
    const kept = await posted('stays', keep.id, kind);
    const res = await org.api.delete(doc.deletePath!, { idempotencyKey: newKey() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const c of gone) expectError(await org.api.get(`/comments/${c.comment_id}`), 404, 'not_found.resource');
    expect((await org.api.get(`/comments?entity_id=${doc.id}`)).body.comments).toEqual([]);
    expect((await org.api.get(`/comments/${kept.comment_id}`)).status).toBe(200);
    await expectBooksBalanced(org.api);
  });

  it('refuses a new comment on a deleted expense or payment (they stay as records, but not as documents)', async () => {
    for (const kind of ['EXPENSE', 'PAYMENT'] as DocumentKind[]) {
      const doc = await makeDocument(org.api, kind);
      expect((await org.api.delete(doc.deletePath!, { idempotencyKey: newKey() })).status).toBe(200);
      expectError(await comment({ entity_type: kind, entity_id: doc.id, body: 'too late' }), 404, 'not_found.resource', 'entity_id');
    }
    await expectBooksBalanced(org.api);
  });

  it('never leaves a comment behind when it races the document\'s deletion', async () => {
    const docs = await Promise.all(Array.from({ length: 12 }, () => makeDocument(org.api, 'INVOICE')));
    await Promise.all(docs.flatMap((doc) => [
      comment({ entity_type: 'INVOICE', entity_id: doc.id, body: 'racing' }),
      org.api.delete(doc.deletePath!, { idempotencyKey: newKey() }),
      comment({ entity_type: 'INVOICE', entity_id: doc.id, body: 'racing too' }),
    ]));
    for (const doc of docs) {
      expect((await org.api.get(`/invoices/${doc.id}`)).status).toBe(404);
      expect((await org.api.get(`/comments?entity_id=${doc.id}`)).body.comments).toEqual([]);
    }
  });

  it('keeps the comments when the delete is refused', async () => {
    const invoice = await org.api.post('/invoices', {
      customer_id: (await org.api.get(`/invoices/${invoiceId}`)).body.invoice.customer_id, date: '2026-06-15', place_of_supply: 'IN-KA',
      auto_approve: true, line_items: [{ name: 'Goods', hsn_or_sac: '8471', rate: 100 }],
    }, { idempotencyKey: newKey() });
    const id = invoice.body.invoice.invoice_id;
    const c = await posted('On a sent invoice', id);
    expectError(await org.api.delete(`/invoices/${id}`), 409, 'conflict.invalid_state');
    expect((await org.api.get(`/comments/${c.comment_id}`)).status).toBe(200);
    await expectBooksBalanced(org.api);
  });
});
