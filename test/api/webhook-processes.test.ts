import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { niceOf } from '../../bench/cpu';
import { startWorkerProcess, type ServerProcess } from '../../bench/server-process';
import { HttpClient } from '../support/http-client';
import { customer, postedInvoice } from '../support/sales';
import { startServerApp } from '../support/server-app';
import { newKey, PUBLIC, type Given } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { expectValidDelivery, Receiver } from '../support/webhook-receiver';

/*
 * Webhook delivery and the scheduler across real server processes (`node --import tsx
 * src/main/api.ts`, the worker loop inside), on one database: a process killed with SIGKILL
 * loses no committed event, and two processes on one PostgreSQL database send no delivery
 * twice and run no schedule twice for one date.
 */

let db: TestDatabase;
const servers: ServerProcess[] = [];
let receiver: Receiver;

beforeAll(async () => {
  db = await createTestDatabase();
  receiver = new Receiver();
  await receiver.start();
});
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});
afterAll(async () => {
  await receiver.stop();
  await db.drop();
});

/** A server process on the test database; the worker ticks every `pollMs`. */
async function server(pollMs: number, env: Record<string, string> = {}) {
  const s = await startServerApp(db, { BAHI_WEBHOOK_ALLOW_PRIVATE: '1', BAHI_WORKER_POLL_MS: String(pollMs), ...env });
  servers.push(s.process);
  return s;
}

async function subscribedOrg(given: Given, events: string[]) {
  const org = await given.org();
  const res = await org.api.post('/webhooks/endpoints', { url: receiver.url, events });
  expect(res.status).toBe(201);
  return { org, secret: res.body.endpoint.secret as string };
}

const ONE_HOUR = 3_600_000;

describe('kill -9', () => {
  it('after the commit and before the send: the event is delivered once the server is back', async () => {
    // The worker will not tick in this process's lifetime: the event stays in the outbox.
    const first = await server(ONE_HOUR);
    const { org, secret } = await subscribedOrg(first.given, ['INVOICE_CREATED']);
    const invoice = await postedInvoice(org.api, await customer(org.api), 1234);
    await first.process.kill();
    expect(receiver.ofOrg(org.orgId)).toHaveLength(0);

    const second = await server(100);
    await receiver.until((got) => got.some((r) => r.body.org_id === org.orgId));
    await new Promise((resolve) => setTimeout(resolve, 500)); // a few more ticks: nothing more comes
    const got = receiver.ofOrg(org.orgId);
    expect(got).toHaveLength(1);
    expect(got[0]!.body).toMatchObject({ event_type: 'INVOICE_CREATED', data: { id: invoice.invoice_id, total: 1234 } });
    expectValidDelivery(got[0]!, secret, org.orgId);
    const log = (await new HttpClient(`${second.process.origin}${PUBLIC}`, org.token).get('/webhooks/deliveries')).body.deliveries;
    expect(log).toMatchObject([{ delivery_id: got[0]!.body.delivery_id, status: 'SUCCEEDED', attempts: 1 }]);
  }, 90_000); // two server processes start one after the other: each takes seconds on a loaded machine

  it('during the send: the claim\'s lease runs out after restart and the same delivery is sent again', async () => {
    const first = await server(100);
    const { org, secret } = await subscribedOrg(first.given, ['INVOICE_CREATED']);
    let hang = true;
    receiver.respond = (_n, r) => (r.body.org_id === org.orgId && hang ? 'hang' : 200);
    try {
      await postedInvoice(org.api, await customer(org.api), 99);
      await receiver.until((got) => got.some((r) => r.body.org_id === org.orgId));
      await first.process.kill(); // the send was made, its outcome never recorded
      hang = false;

      const second = await server(100, { BAHI_CLOCK: 'fake' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(receiver.ofOrg(org.orgId)).toHaveLength(1); // still leased to the dead process
      const later = new Date(Date.now() + 3 * 60_000).toISOString(); // past the 2-minute lease
      expect((await second.admin.put('/clock', { now: later })).status).toBe(200);
      await receiver.until((got) => got.filter((r) => r.body.org_id === org.orgId).length === 2);
      const [sent, again] = receiver.ofOrg(org.orgId);
      expect(again!.body.delivery_id).toBe(sent!.body.delivery_id);
      expect(again!.raw.equals(sent!.raw)).toBe(true);
      expectValidDelivery(again!, secret, org.orgId);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [delivery] = (await new HttpClient(`${second.process.origin}${PUBLIC}`, org.token).get('/webhooks/deliveries')).body.deliveries;
      expect(delivery).toMatchObject({ delivery_id: sent!.body.delivery_id, status: 'SUCCEEDED', attempts: 1, last_response_status: 200 });
    } finally {
      receiver.respond = () => 200;
    }
  }, 90_000); // two server processes start one after the other: each takes seconds on a loaded machine
});

/** Each thread's nice value in a process, from /proc. */
const threadNiceValues = (pid: number): number[] => fs.readdirSync(`/proc/${pid}/task`).map((tid) => niceOf(`/proc/${pid}/task/${tid}/stat`));

describe.runIf(fs.existsSync('/proc/thread-self'))('the delivery thread\'s CPU priority', () => {
  /**
   * Each call's server is the only one running (afterEach stops it): the delivery it waits for is its own thread's.
   * A server starts and its niced thread delivers in seconds on a quiet machine, far longer on a loaded one: 90 s each.
   */
  async function deliveredThenNiceValues(env: Record<string, string>) {
    const s = await server(100, env);
    const { org } = await subscribedOrg(s.given, ['INVOICE_CREATED']);
    await postedInvoice(org.api, await customer(org.api), 4321);
    await receiver.until((got) => got.some((r) => r.body.org_id === org.orgId));
    const main = threadNiceValues(s.process.pid)[0]!; // the first task is the main thread
    return { main, others: threadNiceValues(s.process.pid).slice(1) };
  }

  it('is 10 nice levels below the API\'s thread by default, so requests get a core first', { timeout: 90_000 }, async () => {
    const { main, others } = await deliveredThenNiceValues({});
    expect(others.filter((nice) => nice === Math.min(19, main + 10))).toHaveLength(1);
    expect(others.filter((nice) => nice !== main)).toHaveLength(1);
  });

  it('is BAHI_WORKER_NICE levels below it when that is set', { timeout: 90_000 }, async () => {
    const { main, others } = await deliveredThenNiceValues({ BAHI_WORKER_NICE: '3' });
    expect(others.filter((nice) => nice === Math.min(19, main + 3))).toHaveLength(1);
  });

  it('is the API\'s own with BAHI_WORKER_NICE=0', { timeout: 90_000 }, async () => {
    const { main, others } = await deliveredThenNiceValues({ BAHI_WORKER_NICE: '0' });
    expect(others.every((nice) => nice === main)).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  it('BAHI_WORKER_POLL_MS=0: the API process does no background work; a bahi worker process delivers', async () => {
    const api = await server(0);
    const { org, secret } = await subscribedOrg(api.given, ['INVOICE_CREATED']);
    const invoice = await postedInvoice(org.api, await customer(org.api), 321);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.ofOrg(org.orgId)).toHaveLength(0);
    const worker = startWorkerProcess(db.databaseUrl!, { BAHI_WEBHOOK_ALLOW_PRIVATE: '1', BAHI_WORKER_POLL_MS: '100' });
    try {
      await receiver.until((got) => got.some((r) => r.body.org_id === org.orgId));
      const [got] = receiver.ofOrg(org.orgId);
      expect(got!.body.data.id).toBe(invoice.invoice_id);
      expectValidDelivery(got!, secret, org.orgId);
    } finally {
      await worker.stop();
    }
  }, 90_000); // a server and a worker process start one after the other: each takes seconds on a loaded machine

  it('send no delivery twice and run no schedule twice for one date', async () => {
    // Both processes' workers poll every 20 ms: every delivery and every due schedule is raced for.
    const [a, b] = [await server(20, { BAHI_CLOCK: 'fake' }), await server(20, { BAHI_CLOCK: 'fake' })];
    const setClocks = (now: string) => Promise.all([a, b].map(async (s) => expect((await s.admin.put('/clock', { now })).status).toBe(200)));
    await setClocks('2026-06-15T02:00:00.000Z'); // 07:30 IST
    const { org } = await subscribedOrg(a.given, ['INVOICE_CREATED']);
    const onB = new HttpClient(`${b.process.origin}${PUBLIC}`, org.token);
    const c = await customer(org.api);

    // Events written through both processes, and schedules due at 09:00 IST.
    const made = await Promise.all(Array.from({ length: 60 }, (_, i) => postedInvoice(i % 2 ? onB : org.api, c, 10 + i)));
    const schedules: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await (i % 2 ? onB : org.api).post('/recurring', {
        entity_type: 'INVOICE', name: `Daily ${i}`, frequency: 'DAILY', start_date: '2026-06-15',
        template_payload: { customer_id: c, place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Milk', hsn_or_sac: '0401', rate: 20 + i }] },
      }, { idempotencyKey: newKey() });
      expect(res.status).toBe(201);
      schedules.push(res.body.recurring.recurring_id);
    }
    // The invoices' deliveries arrive before the clocks jump 90 minutes: a claim still in flight
    // at the jump would look past its lease, and the other process would rightly send it again.
    await receiver.until((got) => got.filter((r) => r.body.org_id === org.orgId).length >= made.length, 60_000);
    await setClocks('2026-06-15T03:30:00.000Z');
    const expected = made.length + schedules.length;
    await receiver.until((got) => got.filter((r) => r.body.org_id === org.orgId).length >= expected, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const got = receiver.ofOrg(org.orgId);
    expect(got).toHaveLength(expected);
    expect(new Set(got.map((r) => r.body.delivery_id)).size).toBe(expected);
    const ids = new Set(got.map((r) => r.body.data.id));
    for (const invoice of made) expect(ids.has(invoice.invoice_id)).toBe(true);
    for (const id of schedules) {
      expect((await org.api.get(`/recurring/${id}`)).body.recurring).toMatchObject({ run_count: 1, next_run_at: '2026-06-16T03:30:00Z' });
    }
    const invoices = (await org.api.get('/invoices?per_page=200')).body.invoices;
    expect(invoices).toHaveLength(expected);
  }, 120_000);
});
