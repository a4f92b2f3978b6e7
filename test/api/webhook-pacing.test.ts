import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../support/http-client';
import { customer, postedInvoice } from '../support/sales';
import { startServerApp } from '../support/server-app';
import { startTestApp, type Given, type OrgFixture } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';
import { Receiver } from '../support/webhook-receiver';

/*
 * API requests come first (docs/decisions.md, Webhooks): while the process is serving public
 * API requests, the worker paces its sends to BAHI_WEBHOOK_BUSY_RATE; once the API has been
 * quiet for a second, it sends at full speed. The rate here is 2 sends/s, so that pacing shows
 * as whole seconds, far beyond any scheduling noise. The worker is driven by POST /jobs/run
 * (BAHI_WORKER_POLL_MS=0: no loop of its own), in both places it runs: in the API's process
 * (as in `bahi worker` and the tests' apps), and on the delivery thread of `npm start`, which
 * sees the API thread's requests through shared memory.
 */

const BUSY_RATE = 1;
const ENV = { BAHI_WEBHOOK_ALLOW_PRIVATE: '1', BAHI_WORKER_POLL_MS: '0', BAHI_WEBHOOK_BUSY_RATE: String(BUSY_RATE) };

interface Running { given: Given; admin: HttpClient; close(): Promise<void> }

const inTheApiProcess = async (): Promise<Running> => {
  const t = await startTestApp(ENV);
  return { given: t.given, admin: t.admin, close: () => t.close() };
};

const onTheDeliveryThread = async (): Promise<Running> => {
  const db = await createTestDatabase();
  const server = await startServerApp(db, ENV);
  return {
    given: server.given, admin: server.admin,
    async close() {
      await server.process.stop();
      await db.drop();
    },
  };
};

describe.each([
  ['in the API\'s process', inTheApiProcess],
  ['on the delivery thread of npm start', onTheDeliveryThread],
])('webhook sends %s', (_where, start) => {
  let t: Running;
  const receiver = new Receiver();
  beforeAll(async () => {
    t = await start();
    await receiver.start();
  });
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });

  /** An organisation subscribed to INVOICE_CREATED with `count` invoices waiting to be delivered. */
  async function backlog(count: number): Promise<OrgFixture> {
    const org = await t.given.org();
    const res = await org.api.post('/webhooks/endpoints', { url: receiver.url, events: ['INVOICE_CREATED'] });
    expect(res.status).toBe(201);
    const customerId = await customer(org.api);
    for (let i = 0; i < count; i++) await postedInvoice(org.api, customerId, 100 + i);
    return org;
  }

  const runJobs = async () => expect((await t.admin.post('/jobs/run', {})).status).toBe(200);
  const spanMs = (orgId: string) => {
    const times = receiver.ofOrg(orgId).map((r) => r.at.getTime());
    return Math.max(...times) - Math.min(...times);
  };

  it('are paced to BAHI_WEBHOOK_BUSY_RATE while public requests keep coming', async () => {
    const org = await backlog(4);
    let serving = true;
    const traffic = (async () => {
      while (serving) {
        expect((await org.api.get('/invoices?per_page=1')).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    try {
      await runJobs();
    } finally {
      serving = false;
      await traffic;
    }
    expect(receiver.ofOrg(org.orgId)).toHaveLength(4);
    // Four sends at 1/s start at least three one-second slots apart from first to last.
    expect(spanMs(org.orgId)).toBeGreaterThanOrEqual(3 * (1000 / BUSY_RATE) - 50);
  });

  it('go at full speed once the API has been quiet for a second', async () => {
    const org = await backlog(12);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await runJobs(); // an admin request: not API traffic
    expect(receiver.ofOrg(org.orgId)).toHaveLength(12);
    // Paced, twelve sends would span at least 11 s; at full speed they take well under that even on a loaded machine.
    expect(spanMs(org.orgId)).toBeLessThan(11 * (1000 / BUSY_RATE) * 0.75);
  });
});
