/**
 * The SDK (@bahi/sdk) against a real server: typed calls from a contact to a paid invoice,
 * lists walked to the end in each pagination form, BahiError on refusals, retries with the
 * same Idempotency-Key, and webhook verification of a real delivery. Every answer the SDK
 * receives is also checked against the served OpenAPI document.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BahiError, createClient, type BahiClient, type ListPath } from '../../sdk/src/index';
import { retryAfterMs } from '../../sdk/src/retry';
import { verify, type WebhookEvent } from '../../sdk/src/webhooks';
import { expectBooksBalanced } from '../support/books';
import { expectConformingAnswer } from '../support/response-check';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';
import { Receiver } from '../support/webhook-receiver';

let t: TestApp;
let org: OrgFixture;
let bahi: BahiClient;
const receiver = new Receiver();
/** Every request the SDK sent, as the server got it (method, path and Idempotency-Key). */
const sent: Array<{ method: string; path: string; key: string | null }> = [];

/** The global fetch, recording each request and checking each answer against /openapi.json. */
async function conformingFetch(request: Request): Promise<Response> {
  sent.push({ method: request.method, path: new URL(request.url).pathname, key: request.headers.get('idempotency-key') });
  const response = await fetch(request);
  const body = response.headers.get('content-type')?.startsWith('application/json') ? await response.clone().json() : undefined;
  await expectConformingAnswer(request.url, request.method, response, body);
  return response;
}

const client = (options: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient({ baseUrl: t.baseUrl, token: org.token, fetch: conformingFetch, ...options });

/** The India date of the service's clock, as invoices take it. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(t.clock.now());

async function gst18AndState(api: BahiClient) {
  const { taxes } = await api.get('/taxes');
  const { branches } = await api.get('/branches');
  const tax = taxes.find((x) => x.tax_percentage === 18);
  const branch = branches.find((b) => b.is_default);
  if (!tax || !branch) throw new Error('no GST 18% tax or default branch');
  return { taxId: tax.tax_id, state: branch.state_code };
}

async function invoiceFor(api: BahiClient, customerId: string, rate: number) {
  const { taxId, state } = await gst18AndState(api);
  const { invoice } = await api.post('/invoices', {
    body: { customer_id: customerId, date: today(), place_of_supply: state, auto_approve: true, line_items: [{ name: 'Filter coffee, 1 kg', hsn_or_sac: '0901', quantity: 2, rate, tax_id: taxId }] },
  });
  return invoice;
}

beforeAll(async () => {
  t = await startTestApp({ BAHI_WEBHOOK_ALLOW_PRIVATE: '1' });
  await receiver.start();
  org = await t.given.org({ state_code: 'IN-KA' });
  bahi = client();
});
afterAll(async () => {
  await receiver.stop();
  await t.close();
});

describe('@bahi/sdk', () => {
  it('creates a contact, an invoice and a payment that pays it, each write with its own Idempotency-Key', async () => {
    const { contact } = await bahi.post('/contacts', { body: { contact_name: 'Kaveri Stores', contact_type: 'CUSTOMER', email: 'accounts@kaveri.example' } });
    expect(contact.contact_name).toBe('Kaveri Stores');

    const invoice = await invoiceFor(bahi, contact.contact_id, 500);
    // 2 × ₹500 = ₹1,000; intra-state (Karnataka) 18% = CGST 9% ₹90 + SGST 9% ₹90.
    expect(invoice).toMatchObject({ sub_total: 1000, cgst_total: 90, sgst_total: 90, igst_total: 0, total: 1180, status: 'SENT', place_of_supply: 'IN-KA' });

    const { payment } = await bahi.post('/payments', {
      body: { flow: 'INCOMING', contact_id: contact.contact_id, date: today(), amount: 1180, mode: 'UPI', allocations: [{ invoice_id: invoice.invoice_id, amount: 1180 }] },
    });
    expect(payment.amount).toBe(1180);
    const paid = await bahi.get('/invoices/{invoice_id}', { params: { path: { invoice_id: invoice.invoice_id } } });
    expect(paid.invoice).toMatchObject({ status: 'PAID', balance: 0, payment_made: 1180 });

    const writes = sent.filter((s) => s.method === 'POST');
    expect(writes.map((s) => s.path)).toEqual(['/api/public/v1/contacts', '/api/public/v1/invoices', '/api/public/v1/payments']);
    expect(writes.every((s) => /^[0-9a-f-]{36}$/.test(s.key ?? ''))).toBe(true);
    expect(new Set(writes.map((s) => s.key)).size).toBe(3);
    expect(sent.filter((s) => s.method === 'GET').every((s) => s.key === null)).toBe(true);
    await expectBooksBalanced(org.api);
  });

  it('keeps an Idempotency-Key the caller gives, so a repeat answers the first invoice again', async () => {
    const { contact } = await bahi.post('/contacts', { body: { contact_name: 'Repeat Traders' } });
    const { taxId, state } = await gst18AndState(bahi);
    const body = { customer_id: contact.contact_id, date: today(), place_of_supply: state, line_items: [{ name: 'Tea', quantity: 1, rate: 100, tax_id: taxId }] };
    const header = { 'Idempotency-Key': 'sdk-test-repeat-1' };
    const first = await bahi.post('/invoices', { body, params: { header } });
    const again = await bahi.post('/invoices', { body, params: { header } });
    expect(again.invoice.invoice_id).toBe(first.invoice.invoice_id);
    expect(sent.filter((s) => s.path === '/api/public/v1/invoices' && s.key === 'sdk-test-repeat-1')).toHaveLength(2);
  });

  it('walks a cursor list across pages', async () => {
    const other = await t.given.org();
    const api = client({ token: other.token });
    const { contact } = await api.post('/contacts', { body: { contact_name: 'Paged Customer', contact_type: 'CUSTOMER' } });
    const created = [];
    for (const rate of [100, 200, 300]) created.push((await invoiceFor(api, contact.contact_id, rate)).invoice_id);

    const before = sent.length;
    const walked = [];
    for await (const invoice of api.list('/invoices', { params: { query: { per_page: 2 } } })) walked.push(invoice.invoice_id);
    expect(walked.sort()).toEqual([...created].sort());
    const pages = sent.slice(before).filter((s) => s.path === '/api/public/v1/invoices');
    expect(pages).toHaveLength(2); // 2 + 1
  });

  it('walks a page list (comments) and the limit list of /activity across pages', async () => {
    const other = await t.given.org();
    const api = client({ token: other.token });
    const { contact } = await api.post('/contacts', { body: { contact_name: 'Commented Customer', contact_type: 'CUSTOMER' } });
    const invoice = await invoiceFor(api, contact.contact_id, 100);
    for (const text of ['one', 'two', 'three']) {
      await api.post('/comments', { body: { entity_type: 'INVOICE', entity_id: invoice.invoice_id, body: text } });
    }
    const comments = [];
    for await (const c of api.list('/comments', { params: { query: { entity_type: 'INVOICE', entity_id: invoice.invoice_id, per_page: 2 } } })) comments.push(c.body);
    expect(comments.sort()).toEqual(['one', 'three', 'two']);

    const listable: ListPath[] = [
      '/activity',
      // @ts-expect-error a document's timeline has no `until` to page back with: one GET (limit up to 500) answers it
      '/invoices/{invoice_id}/activity',
    ];
    expect(listable).toHaveLength(2);

    const all = await api.get('/activity', { params: { query: { limit: 500 } } });
    expect(all.activity.length).toBeGreaterThan(2);
    const walked = [];
    for await (const event of api.list('/activity', { params: { query: { limit: 2 } } })) walked.push(event.event_id);
    expect(walked).toEqual(all.activity.map((e) => e.event_id));
  });

  it('throws BahiError with the answer\'s status, code, field and request id', async () => {
    const missing = await bahi.get('/invoices/{invoice_id}', { params: { path: { invoice_id: 'inv_00000000000000000000000000' } } }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(BahiError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found.resource' });
    expect((missing as BahiError).request_id).toMatch(/\S/);

    const invalid = await bahi.post('/contacts', { body: { contact_name: 'Bad GSTIN', gst_no: 'NOT-A-GSTIN' } }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(BahiError);
    expect(invalid).toMatchObject({ status: 400, code: 'validation.invalid_value', field: 'gst_no' });
    expect((invalid as BahiError).message).toMatch(/GSTIN/i);
  });

  it('retries a 503 with the same Idempotency-Key, and the server makes one invoice', async () => {
    const { contact } = await bahi.post('/contacts', { body: { contact_name: 'Retry Stores', contact_type: 'CUSTOMER' } });
    const attempts: Array<string | null> = [];
    const flaky = client({
      fetch: async (request) => {
        if (request.method !== 'POST' || !request.url.endsWith('/invoices')) return conformingFetch(request);
        attempts.push(request.headers.get('idempotency-key'));
        if (attempts.length === 1) return new Response(JSON.stringify({ code: 'service.unavailable', message: 'try again', request_id: 'r' }), { status: 503, headers: { 'Retry-After': '0', 'Content-Type': 'application/json' } });
        return conformingFetch(request);
      },
    });
    const invoice = await invoiceFor(flaky, contact.contact_id, 100);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]).toBe(attempts[0]);
    const { invoices } = await bahi.get('/invoices', { params: { query: { customer_id: contact.contact_id } } });
    expect(invoices.map((i) => i.invoice_id)).toEqual([invoice.invoice_id]);
  });

  it('does not retry a refusal, nor past `retries`', async () => {
    let calls = 0;
    const down = client({ retries: 1, fetch: async () => { calls++; return new Response('{}', { status: 502, headers: { 'Retry-After': '0' } }); } });
    const error = await down.get('/whoami').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'unexpected_response' });
    expect(calls).toBe(2);

    const before = sent.length;
    await bahi.post('/contacts', { body: { contact_name: 'Bad GSTIN', gst_no: 'NOT-A-GSTIN' } }).catch(() => undefined);
    expect(sent.length - before).toBe(1);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 26 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Thu, 26 Nov 2026 09:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('acts in the organisation `org` names, for a token bound to several', async () => {
    const second = await t.given.org();
    const { token } = await t.given.token([org.orgId, second.orgId]);
    const { contact } = await client({ token, org: second.orgId }).post('/contacts', { body: { contact_name: 'Second Org Customer' } });
    expect((await second.api.get(`/contacts/${contact.contact_id}`)).status).toBe(200);
    expect((await org.api.get(`/contacts/${contact.contact_id}`)).status).toBe(404);
  });

  it('verifies a real webhook delivery, and refuses a changed body, another secret and an old timestamp', async () => {
    const { endpoint } = await bahi.post('/webhooks/endpoints', { body: { url: receiver.url, events: ['INVOICE_CREATED'] } });
    const { contact } = await bahi.post('/contacts', { body: { contact_name: 'Hooked Customer', contact_type: 'CUSTOMER' } });
    const invoice = await invoiceFor(bahi, contact.contact_id, 100);
    await t.admin.post('/jobs/run', {});
    await receiver.until((all) => all.some((r) => r.body.data.id === invoice.invoice_id));
    const delivery = receiver.received.find((r) => r.body.data.id === invoice.invoice_id)!;

    expect(verify(delivery.raw, delivery.headers, endpoint.secret, { toleranceSeconds: 300, now: delivery.at })).toMatchObject({ ok: true });
    expect(verify(Buffer.concat([delivery.raw, Buffer.from(' ')]), delivery.headers, endpoint.secret, { now: delivery.at })).toEqual({ ok: false, reason: 'signature_mismatch' });
    expect(verify(delivery.raw, delivery.headers, 'whsec_other', { now: delivery.at })).toEqual({ ok: false, reason: 'signature_mismatch' });
    expect(verify(delivery.raw, delivery.headers, endpoint.secret, { now: new Date(delivery.at.getTime() + 301_000) })).toEqual({ ok: false, reason: 'timestamp_out_of_tolerance' });
    expect(verify(delivery.raw, {}, endpoint.secret)).toEqual({ ok: false, reason: 'malformed_header' });

    const event: WebhookEvent = JSON.parse(delivery.raw.toString('utf8'));
    if (event.event_type !== 'INVOICE_CREATED') throw new Error(`got ${event.event_type}`);
    expect(event.data).toEqual({ id: invoice.invoice_id, number: invoice.invoice_number, customer_id: contact.contact_id, total: 236, status: 'SENT' }); // 2 × ₹100 + 18%
  });

  it('verifies a signature made by the spec\'s rule with node:crypto, from a Headers object', () => {
    const body = '{"event_type":"INVOICE_CREATED"}';
    const t0 = 1_790_000_000;
    const v1 = createHmac('sha256', 'whsec_test').update(`${t0}.${body}`).digest('hex');
    const headers = new Headers({ 'X-Svc-Signature': `t=${t0},v1=${'0'.repeat(64)},v1=${v1}` });
    expect(verify(body, headers, 'whsec_test', { now: new Date((t0 + 300) * 1000) })).toEqual({ ok: true, timestamp: t0 });
    expect(verify(body, headers, 'whsec_test', { now: new Date((t0 - 301) * 1000) })).toEqual({ ok: false, reason: 'timestamp_out_of_tolerance' });
  });
});
