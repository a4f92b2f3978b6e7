import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '../../src/kernel/webhook-signature';
import { systemContext } from '../../src/platform/context';
import { expectBooksBalanced } from '../support/books';
import { customer, postedInvoice } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';
import { Receiver, type Received } from '../support/webhook-receiver';

/*
 * Webhooks end to end (public-api.md Events → Webhooks; docs/rules/api-additions.md, docs/rules/operator-api.md): a real HTTP receiver on
 * 127.0.0.1, the worker driven by POST /api/admin/v1/jobs/run, time moved by the fake clock.
 * The app runs with BAHI_WEBHOOK_ALLOW_PRIVATE=1, since the receiver is on loopback.
 */

let t: TestApp;
const receiver = new Receiver();
beforeAll(async () => {
  t = await startTestApp({ BAHI_WEBHOOK_ALLOW_PRIVATE: '1' });
  await receiver.start();
});
afterAll(async () => {
  await receiver.stop();
  await t.close();
});

const runJobs = async () => {
  const res = await t.admin.post('/jobs/run', {});
  expect(res.status).toBe(200);
  return res.body.jobs as Record<string, number>;
};

async function register(org: OrgFixture, events: string[], url = receiver.url) {
  const res = await org.api.post('/webhooks/endpoints', { url, events });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.endpoint as { endpoint_id: string; url: string; secret: string; events: string[] };
}

const deliveriesOf = async (org: OrgFixture, query = '') => (await org.api.get(`/webhooks/deliveries${query}`)).body.deliveries as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('webhook endpoints', () => {
  it('creates, lists (no secret) and deletes; the secret is shown only at creation', async () => {
    const org = await t.given.org();
    const created = await register(org, ['INVOICE_CREATED', 'BILL_CREATED']);
    expect(created.endpoint_id).toMatch(/^whe_/);
    expect(created.secret).toMatch(/^whsec_.{20,}/);
    expect(created).toMatchObject({ url: receiver.url, events: ['INVOICE_CREATED', 'BILL_CREATED'] });

    const list = await org.api.get('/webhooks/endpoints');
    expect(list.status).toBe(200);
    expect(list.body.endpoints).toHaveLength(1);
    expect(list.body.endpoints[0]).toMatchObject({ endpoint_id: created.endpoint_id, url: receiver.url });
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    expect(list.body.endpoints[0]).not.toHaveProperty('secret');

    // Sealed at rest: the stored row does not hold the secret in clear.
    const row = await t.app.database.db.selectFrom('webhook_endpoints').selectAll().where('endpoint_id', '=', created.endpoint_id).executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(created.secret);
    expect(row.secret_sealed).not.toContain(created.secret.slice(6, 20));

    expect((await org.api.delete(`/webhooks/endpoints/${created.endpoint_id}`)).status).toBe(200);
    expect((await org.api.get('/webhooks/endpoints')).body.endpoints).toEqual([]);
    expect((await org.api.delete(`/webhooks/endpoints/${created.endpoint_id}`)).status).toBe(404);

    const other = await t.given.org();
    const again = await register(org, ['INVOICE_CREATED']);
    expect((await other.api.delete(`/webhooks/endpoints/${again.endpoint_id}`)).body.code).toBe('not_found.resource');
  });

  it('validates events and url', async () => {
    const org = await t.given.org();
    const bad = await org.api.post('/webhooks/endpoints', { url: receiver.url, events: ['INVOICE_EXPLODED'] });
    expect(bad.status).toBe(400);
    const none = await org.api.post('/webhooks/endpoints', { url: receiver.url, events: [] });
    expect(none.status).toBe(400);
    const ftp = await org.api.post('/webhooks/endpoints', { url: 'ftp://127.0.0.1/x', events: ['INVOICE_CREATED'] });
    expect(ftp.status).toBe(400);
    expect(ftp.body).toMatchObject({ code: 'validation.invalid_value', field: 'url' });
    const missing = await org.api.post('/webhooks/endpoints', { events: ['INVOICE_CREATED'] });
    expect(missing.body).toMatchObject({ code: 'validation.required_field', field: 'url' });
  });

  it('refuses private and loopback URLs without BAHI_WEBHOOK_ALLOW_PRIVATE', async () => {
    const strict = await startTestApp();
    try {
      const org = await strict.given.org();
      for (const url of [receiver.url, 'http://localhost:9/x', 'http://[::1]/x', 'http://[::ffff:127.0.0.1]/x', 'http://169.254.169.254/',
        'http://10.1.2.3/', 'http://172.16.0.1/', 'http://192.168.0.1/', 'http://100.64.0.1/', 'http://0.0.0.0/', 'http://2130706433/', 'http://0177.0.0.1/']) {
        const res = await org.api.post('/webhooks/endpoints', { url, events: ['INVOICE_CREATED'] });
        expect(res.status, url).toBe(400);
        expect(res.body, url).toMatchObject({ code: 'validation.invalid_value', field: 'url' });
        // An operator trying webhooks on a LAN learns the switch from the refusal itself.
        expect(res.body.message, url).toContain('BAHI_WEBHOOK_ALLOW_PRIVATE=1');
      }
      expect((await org.api.get('/webhooks/endpoints')).body.endpoints).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});

describe('delivery', () => {
  it('POSTs the signed body with the headers; the signature verifies by the helper and by stripe.webhooks.constructEvent', async () => {
    const org = await t.given.org();
    const endpoint = await register(org, ['INVOICE_CREATED']);
    const invoice = await postedInvoice(org.api, await customer(org.api), 1000);
    const before = receiver.received.length;
    await runJobs();
    const mine = receiver.received.slice(before).filter((r) => r.body.org_id === org.orgId);
    expect(mine).toHaveLength(1);
    const got = mine[0]!;

    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-svc-event']).toBe('INVOICE_CREATED');
    expect(got.headers['x-svc-delivery']).toMatch(/^dlv_/);
    const ts = Number(got.headers['x-svc-timestamp']);
    expect(Math.abs(ts - t.clock.now().getTime() / 1000)).toBeLessThan(5);
    expect(got.headers['x-svc-signature']).toMatch(new RegExp(`^t=${ts},v1=[0-9a-f]{64}$`));

    expect(Object.keys(got.body).sort()).toEqual(['data', 'delivery_id', 'event_type', 'occurred_at', 'org_id']);
    expect(got.body).toMatchObject({ event_type: 'INVOICE_CREATED', delivery_id: got.headers['x-svc-delivery'], org_id: org.orgId });
    expect(got.body.occurred_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(got.body.data).toMatchObject({ id: invoice.invoice_id, number: invoice.invoice_number, total: invoice.total });

    const header = got.headers['x-svc-signature'] as string;
    expect(verify(got.raw, header, endpoint.secret, { now: t.clock.now() })).toEqual({ ok: true, timestamp: ts });
    expect(verify(got.raw, header, 'whsec_wrong', { now: t.clock.now() }).ok).toBe(false);
    const stripe = new Stripe('sk_test_unused');
    const event = stripe.webhooks.constructEvent(got.raw, header, endpoint.secret, 300) as unknown as Received['body'];
    expect(event.delivery_id).toBe(got.body.delivery_id);
    expect(() => stripe.webhooks.constructEvent(got.raw, header, 'whsec_wrong', 300)).toThrow();

    const [delivery] = await deliveriesOf(org);
    expect(delivery).toMatchObject({
      delivery_id: got.body.delivery_id, endpoint_id: endpoint.endpoint_id, event_type: 'INVOICE_CREATED',
      status: 'SUCCEEDED', attempts: 1, next_attempt_at: null, last_response_status: 200,
    });
    // Nothing is sent twice.
    await runJobs();
    expect(receiver.received.filter((r) => r.body.org_id === org.orgId)).toHaveLength(1);
  });

  it('delivers only subscribed types, only to the event\'s organisation', async () => {
    const org = await t.given.org();
    const bystander = await t.given.org();
    await register(org, ['BILL_CREATED']);
    await register(bystander, ['INVOICE_CREATED']);
    await postedInvoice(org.api, await customer(org.api), 10);
    await runJobs();
    expect(receiver.received.filter((r) => r.body.org_id === org.orgId || r.body.org_id === bystander.orgId)).toHaveLength(0);
    expect(await deliveriesOf(org)).toEqual([]);
  });

  it('a backlog larger than one fan-out batch and one claim: every event delivered once, every outbox row published', async () => {
    const org = await t.given.org();
    await register(org, ['INVOICE_CREATED']);
    const c = await customer(org.api);
    const row = { customer_id: c, date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Milk', hsn_or_sac: '0401', rate: 20 }] };
    const made: string[] = [];
    for (let batch = 0; batch < 5; batch++) { // 250 events: fan-out takes 100 at a time, a claim 200
      const res = await org.api.post('/bulk/invoices', { invoices: Array.from({ length: 50 }, () => row) });
      expect(res.body.summary, JSON.stringify(res.body.results[0])).toEqual({ total: 50, succeeded: 50, failed: 0 });
      made.push(...res.body.results.map((r: { invoice: { invoice_id: string } }) => r.invoice.invoice_id));
    }
    await runJobs();
    const got = receiver.ofOrg(org.orgId).filter((r) => r.body.event_type === 'INVOICE_CREATED');
    expect(got).toHaveLength(250);
    expect(new Set(got.map((r) => r.body.delivery_id)).size).toBe(250);
    expect(new Set(got.map((r) => r.body.data.id))).toEqual(new Set(made));
    const unpublished = await t.app.database.db.selectFrom('outbox_events').select('event_id')
      .where('org_id', '=', org.orgId).where('published_at', 'is', null).execute();
    expect(unpublished).toEqual([]);
    expect((await deliveriesOf(org, '?status=SUCCEEDED&per_page=200')).length).toBe(200);
    await expectBooksBalanced(org.api);
  });

  it('a receiver failing N times then succeeding: one acknowledged delivery, N+1 attempts, same id, retries as scheduled', async () => {
    const org = await t.given.org();
    const fails = [500, 404, 302]; // a redirect is not followed: it is a failed attempt
    const endpoint = await register(org, ['INVOICE_CREATED']);
    let n = 0;
    receiver.respond = (_i, r) => (r.body.org_id === org.orgId ? (fails[n++] ?? 200) : 200);
    try {
      await postedInvoice(org.api, await customer(org.api), 100);
      await runJobs();
      const schedule = [30, 300, 1800];
      for (const [i, wait] of schedule.entries()) {
        const [d] = await deliveriesOf(org);
        expect(d).toMatchObject({ status: 'PENDING', attempts: i + 1, last_response_status: fails[i] });
        const detail = (await org.api.get(`/webhooks/deliveries/${d!.delivery_id}`)).body.delivery;
        const last = new Date(detail.attempt_log[i].attempted_at).getTime();
        const due = new Date(d!.next_attempt_at).getTime();
        expect((due - last) / 1000).toBeGreaterThanOrEqual(wait * 0.9 - 1);
        expect((due - last) / 1000).toBeLessThanOrEqual(wait * 1.1 + 1);
        // Not before it is due …
        t.clock.set(new Date(due - 2000));
        await runJobs();
        expect(receiver.received.filter((r) => r.body.org_id === org.orgId)).toHaveLength(i + 1);
        // … and once it is.
        t.clock.set(new Date(due + 1000));
        await runJobs();
        expect(receiver.received.filter((r) => r.body.org_id === org.orgId)).toHaveLength(i + 2);
      }
      const got = receiver.received.filter((r) => r.body.org_id === org.orgId);
      expect(new Set(got.map((r) => r.headers['x-svc-delivery'])).size).toBe(1);
      expect(new Set(got.map((r) => r.raw.toString('utf8'))).size).toBe(1); // the same bytes every time; only the signature's t changes
      for (const r of got) expect(verify(r.raw, r.headers['x-svc-signature'] as string, endpoint.secret, { now: new Date(Number(r.headers['x-svc-timestamp']) * 1000) }).ok).toBe(true);

      const [d] = await deliveriesOf(org);
      expect(d).toMatchObject({ status: 'SUCCEEDED', attempts: 4, last_response_status: 200, next_attempt_at: null });
      const log = (await org.api.get(`/webhooks/deliveries/${d!.delivery_id}`)).body.delivery.attempt_log;
      expect(log.map((a: { response_status: number }) => a.response_status)).toEqual([500, 404, 302, 200]);
      for (const a of log) {
        expect(a.latency_ms).toBeGreaterThanOrEqual(0);
        expect(a.response_body.length).toBeLessThanOrEqual(2048);
        expect(a.response_body).toMatch(/^answer \d+/);
      }
      expect(await deliveriesOf(org, '?status=SUCCEEDED')).toHaveLength(1);
      expect(await deliveriesOf(org, '?status=PENDING')).toHaveLength(0);
    } finally {
      receiver.respond = () => 200;
    }
  });

  it('after the last retry the delivery is FAILED; replay sends it again with the same delivery id', async () => {
    const org = await t.given.org();
    await register(org, ['INVOICE_CREATED']);
    let failing = true;
    receiver.respond = (_i, r) => (r.body.org_id === org.orgId && failing ? 503 : 200);
    try {
      await postedInvoice(org.api, await customer(org.api), 100);
      await runJobs();
      for (let i = 0; i < 6; i++) {
        const [d] = await deliveriesOf(org);
        expect(d).toMatchObject({ status: 'PENDING', attempts: i + 1 });
        t.clock.set(new Date(new Date(d!.next_attempt_at).getTime() + 1000));
        await runJobs();
      }
      const [failed] = await deliveriesOf(org);
      expect(failed).toMatchObject({ status: 'FAILED', attempts: 7, last_response_status: 503, next_attempt_at: null });
      t.clock.advance(7 * 86_400_000);
      await runJobs();
      expect(receiver.received.filter((r) => r.body.org_id === org.orgId)).toHaveLength(7);
      expect(await deliveriesOf(org, '?status=FAILED')).toHaveLength(1);

      failing = false;
      const replay = await org.api.post(`/webhooks/deliveries/${failed!.delivery_id}/replay`, {});
      expect(replay.status).toBe(200);
      expect(replay.body.delivery).toMatchObject({ delivery_id: failed!.delivery_id, status: 'SUCCEEDED', attempts: 8, last_response_status: 200 });
      const got = receiver.received.filter((r) => r.body.org_id === org.orgId);
      expect(got).toHaveLength(8);
      expect(got[7]!.headers['x-svc-delivery']).toBe(failed!.delivery_id);
      expect(got[7]!.body.delivery_id).toBe(failed!.delivery_id);

      // A succeeded delivery can be replayed too; another organisation's cannot be seen.
      expect((await org.api.post(`/webhooks/deliveries/${failed!.delivery_id}/replay`, {})).body.delivery.attempts).toBe(9);
      const other = await t.given.org();
      expect((await other.api.post(`/webhooks/deliveries/${failed!.delivery_id}/replay`, {})).status).toBe(404);
      expect((await other.api.get(`/webhooks/deliveries/${failed!.delivery_id}`)).status).toBe(404);
    } finally {
      receiver.respond = () => 200;
    }
  });

  it('a receiver that does not answer within 10 s: a failed attempt, retried', async () => {
    const org = await t.given.org();
    await register(org, ['INVOICE_CREATED']);
    receiver.respond = (_i, r) => (r.body.org_id === org.orgId ? 'hang' : 200);
    try {
      await postedInvoice(org.api, await customer(org.api), 100);
      const started = Date.now();
      await runJobs();
      expect(Date.now() - started).toBeGreaterThanOrEqual(9_900);
      const [d] = await deliveriesOf(org);
      expect(d).toMatchObject({ status: 'PENDING', attempts: 1, last_response_status: null });
      const [logged] = (await org.api.get(`/webhooks/deliveries/${d!.delivery_id}`)).body.delivery.attempt_log;
      expect(logged).toMatchObject({ response_status: null, error: 'timed out after 10000 ms' });
      expect(logged.latency_ms).toBeGreaterThanOrEqual(9_900);
    } finally {
      receiver.respond = () => 200;
    }
  }, 30_000);

  it('the SSRF guard runs again before each send: a name that now resolves to loopback is not contacted', async () => {
    // Public when registered, loopback afterwards (DNS rebinding); the app allows no private addresses.
    let lookups = 0;
    const rebinding = async () => [{ address: lookups++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    const strict = await startTestApp({}, { webhookResolver: rebinding });
    try {
      const org = await strict.given.org();
      const port = new URL(receiver.url).port;
      const res = await org.api.post('/webhooks/endpoints', { url: `http://hooks.rebinding.test:${port}/hooks`, events: ['INVOICE_CREATED'] });
      expect(res.status).toBe(201);
      await postedInvoice(org.api, await customer(org.api), 100);
      expect((await strict.admin.post('/jobs/run', {})).status).toBe(200);
      expect(receiver.ofOrg(org.orgId)).toHaveLength(0);
      const [d] = (await org.api.get('/webhooks/deliveries')).body.deliveries;
      expect(d).toMatchObject({ status: 'PENDING', attempts: 1, last_response_status: null });
      const [logged] = (await org.api.get(`/webhooks/deliveries/${d.delivery_id}`)).body.delivery.attempt_log;
      expect(logged.error).toMatch(/^refused by the SSRF guard: /);
      expect(lookups).toBe(2);
    } finally {
      await strict.close();
    }
  });

  it('a rolled-back use case emits nothing', async () => {
    const org = await t.given.org();
    await register(org, ['INVOICE_CREATED']);
    // Refused by the API: no invoice, no event.
    const refused = await org.api.post('/invoices', {
      customer_id: 'con_does_not_exist', date: '2026-06-10', line_items: [{ name: 'X', rate: 1, quantity: 1 }],
    }, { idempotencyKey: `k-${Date.now()}` });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    // An event emitted in a transaction that then fails.
    const ctx = systemContext(org.orgId, 'req_rollback');
    await expect(t.app.deps.uow(ctx, async (tx) => {
      await t.app.deps.events.emit(tx, ctx, 'INVOICE_CREATED', { id: 'inv_never', number: 'INV-0', customer_id: 'con_0', total: 1, status: 'DRAFT' });
      throw new Error('boom');
    })).rejects.toThrow('boom');
    await runJobs();
    expect(receiver.received.filter((r) => r.body.org_id === org.orgId)).toHaveLength(0);
    expect(await deliveriesOf(org)).toEqual([]);
  });

  it('lists deliveries with filters and cursor pages', async () => {
    const org = await t.given.org();
    const a = await register(org, ['INVOICE_CREATED']);
    const b = await register(org, ['INVOICE_CREATED']);
    const buyer = await customer(org.api);
    for (let i = 0; i < 3; i++) await postedInvoice(org.api, buyer, 10 + i);
    await runJobs();
    expect(await deliveriesOf(org)).toHaveLength(6);
    expect(await deliveriesOf(org, `?endpoint_id=${a.endpoint_id}`)).toHaveLength(3);
    expect((await deliveriesOf(org, `?endpoint_id=${b.endpoint_id}`)).every((d) => d.endpoint_id === b.endpoint_id)).toBe(true);
    expect(await deliveriesOf(org, '?event_type=BILL_CREATED')).toHaveLength(0);
    const page1 = await org.api.get('/webhooks/deliveries?per_page=4');
    expect(page1.body.page_context).toMatchObject({ has_more_page: true });
    const page2 = await org.api.get(`/webhooks/deliveries?per_page=4&cursor=${encodeURIComponent(page1.body.page_context.next_cursor)}`);
    expect(page2.body.deliveries).toHaveLength(2);
    expect(page2.body.page_context.has_more_page).toBe(false);
    expect((await org.api.get('/webhooks/deliveries?status=DONE')).status).toBe(400);
  });
});
