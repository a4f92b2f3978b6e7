import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocument } from '../support/documents';
import { multipartBody, SAMPLES } from '../support/multipart';
import { customer, postedInvoice } from '../support/sales';
import { newKey, PUBLIC, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';
import { Receiver } from '../support/webhook-receiver';

/*
 * A replay is exactly the first answer, route by route: the bytes of the first response and of
 * its replay are compared, not their parsed values, so a field that only one of them holds (or
 * another order of fields) shows. And routes whose work is not one transaction (a webhook
 * replay sends before it records) honour the key too. The rules of the key: idempotency.test.ts.
 */

let t: TestApp;
let org: OrgFixture;
const receiver = new Receiver();
beforeAll(async () => {
  t = await startTestApp({ BAHI_WEBHOOK_ALLOW_PRIVATE: '1' });
  await receiver.start();
  org = await t.given.org();
});
afterAll(async () => {
  await receiver.stop();
  await t?.close();
});

interface Raw {
  status: number;
  text: string;
  replayed: boolean;
}

type Payload = { json: unknown } | { form: { body: Buffer; contentType: string } } | null;

/** One call, its body kept as the bytes the server sent. */
async function send(method: string, path: string, payload: Payload, key?: string): Promise<Raw> {
  const headers: Record<string, string> = { authorization: `Bearer ${org.token}`, ...(key && { 'idempotency-key': key }) };
  let body: string | Buffer | undefined;
  if (payload && 'json' in payload) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(payload.json);
  } else if (payload) {
    headers['content-type'] = payload.form.contentType;
    body = payload.form.body;
  }
  const res = await fetch(`${t.baseUrl}${PUBLIC}${path}`, { method, headers, body });
  return { status: res.status, text: await res.text(), replayed: res.headers.get('idempotent-replayed') === 'true' };
}

/** The same call twice under one key: the second is the replay of the first, byte for byte. */
async function firstAndReplay(method: string, path: string, payload: Payload): Promise<Raw> {
  const key = newKey();
  const first = await send(method, path, payload, key);
  const replay = await send(method, path, payload, key);
  expect(first.status, first.text).toBeLessThan(300);
  expect(first.replayed).toBe(false);
  expect(replay.replayed).toBe(true);
  expect(replay.status).toBe(first.status);
  expect(replay.text).toBe(first.text);
  return first;
}

const pdfFor = async (): Promise<Payload> => ({
  form: multipartBody([
    { name: 'entity_type', value: 'INVOICE' }, { name: 'entity_id', value: (await makeDocument(org.api, 'INVOICE')).id },
    { name: 'file', filename: 'receipt.pdf', content: SAMPLES.pdf },
  ]),
});

describe('a replay is the first answer, byte for byte', () => {
  it('DELETE /attachments/{id} answers only attachment_id, first and on replay', async () => {
    const uploaded = await send('POST', '/attachments', await pdfFor());
    expect(uploaded.status, uploaded.text).toBe(201);
    const id: string = JSON.parse(uploaded.text).attachment.attachment_id;
    const first = await firstAndReplay('DELETE', `/attachments/${id}`, null);
    expect(Object.keys(JSON.parse(first.text)).sort()).toEqual(['attachment_id', 'code', 'message']);
    expect((await org.api.get(`/attachments/${id}`)).status).toBe(404);
  });

  const contactId = async () => (await org.api.post('/contacts', { contact_name: `Sample ${newKey()}` })).body.contact.contact_id as string;

  it.each<[string, () => Promise<[string, string, Payload]>]>([
    ['POST /contacts', async () => ['POST', '/contacts', { json: { contact_name: 'Sample Traders', email: 'sample@example.com' } }]],
    ['PUT /contacts/{id}', async () => ['PUT', `/contacts/${await contactId()}`, { json: { contact_name: 'Renamed' } }]],
    ['POST /contacts/{id}/archive', async () => ['POST', `/contacts/${await contactId()}/archive`, null]],
    ['DELETE /contacts/{id}', async () => ['DELETE', `/contacts/${await contactId()}`, null]],
    ['POST /items', async () => ['POST', '/items', { json: { name: `Item ${newKey()}`, rate: 250 } }]],
    ['POST /invoices', async () => ['POST', '/invoices', {
      json: { customer_id: await customer(org.api), date: '2026-05-01', place_of_supply: 'IN-KA', line_items: [{ name: 'Widgets', rate: 100, quantity: 2 }] },
    }]],
    ['POST /comments', async () => ['POST', '/comments', { json: { entity_type: 'INVOICE', entity_id: (await makeDocument(org.api, 'INVOICE')).id, body: 'Checked' } }]],
    ['POST /attachments', async () => ['POST', '/attachments', await pdfFor()]],
    ['POST /webhooks/endpoints', async () => ['POST', '/webhooks/endpoints', { json: { url: receiver.url, events: ['BILL_CREATED'] } }]],
    ['DELETE /webhooks/endpoints/{id}', async () => {
      const created = await org.api.post('/webhooks/endpoints', { url: receiver.url, events: ['BILL_CREATED'] });
      return ['DELETE', `/webhooks/endpoints/${created.body.endpoint.endpoint_id}`, null];
    }],
  ])('%s', async (_route, make) => {
    const [method, path, payload] = await make();
    await firstAndReplay(method, path, payload);
  });
});

describe('webhook routes honour the key', () => {
  it('POST /webhooks/endpoints with a key creates one endpoint and replays its answer, secret included', async () => {
    const own = await t.given.org();
    const key = newKey();
    const body = { url: receiver.url, events: ['INVOICE_CREATED'] };
    const first = await own.api.post('/webhooks/endpoints', body, { idempotencyKey: key });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.endpoint.secret).toMatch(/^whsec_/);
    const again = await own.api.post('/webhooks/endpoints', body, { idempotencyKey: key });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await own.api.get('/webhooks/endpoints')).body.endpoints).toHaveLength(1);
  });

  it('POST /webhooks/deliveries/{id}/replay sends once per key: the second call is the replay of the first', async () => {
    const own = await t.given.org();
    expect((await own.api.post('/webhooks/endpoints', { url: receiver.url, events: ['INVOICE_CREATED'] })).status).toBe(201);
    await postedInvoice(own.api, await customer(own.api), 100);
    expect((await t.admin.post('/jobs/run', {})).status).toBe(200);
    const [delivery] = (await own.api.get('/webhooks/deliveries')).body.deliveries;
    expect(delivery).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
    expect(receiver.ofOrg(own.orgId)).toHaveLength(1);

    const key = newKey();
    const path = `/webhooks/deliveries/${delivery.delivery_id}/replay`;
    const first = await own.api.post(path, {}, { idempotencyKey: key });
    const again = await own.api.post(path, {}, { idempotencyKey: key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.delivery).toMatchObject({ delivery_id: delivery.delivery_id, attempts: 2 });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(receiver.ofOrg(own.orgId)).toHaveLength(2);
    expect((await own.api.get(`/webhooks/deliveries/${delivery.delivery_id}`)).body.delivery.attempt_log).toHaveLength(2);

    // Another key is another replay.
    expect((await own.api.post(path, {}, { idempotencyKey: newKey() })).body.delivery.attempts).toBe(3);
    expect(receiver.ofOrg(own.orgId)).toHaveLength(3);
  });
});
