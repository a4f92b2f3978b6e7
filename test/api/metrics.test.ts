import net from 'node:net';
import parsePrometheusTextFormat, { type PrometheusFamily, type PrometheusSample } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoice, customer } from '../support/sales';
import { newKey, PUBLIC, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';
import { Receiver } from '../support/webhook-receiver';

/*
 * GET /metrics (docs/rules/operator-api.md, "Metrics": served only with BAHI_METRICS=1, on BAHI_METRICS_PORT or the API's
 * port, without authentication; otherwise 404), read with a Prometheus text-format parser.
 * The parser folds the samples of a labelled histogram into one, so histograms are checked by
 * their exact sample lines.
 */

const onPostgres = !!process.env.TEST_DATABASE_URL;

interface Scrape {
  text: string;
  families: PrometheusFamily[];
}

async function scrape(url: string): Promise<Scrape> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  return { text, families: parsePrometheusTextFormat(text) };
}

/** A histogram's `_count` sample line, as prom-client writes it (labels in the order they were given). */
const histogramCount = (name: string, labels: Record<string, string>, count: number) =>
  `${name}_count{${Object.entries(labels).map(([k, v]) => `${k}="${v}"`).join(',')}} ${count}\n`;

const family = ({ families }: Scrape, name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no ${name} in the scrape`);
  return found;
};

/** The one sample of `name` whose labels include `labels`. */
function sample(scraped: Scrape, name: string, labels: Record<string, string> = {}): PrometheusSample {
  const matching = family(scraped, name).metrics.filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  if (matching.length !== 1) throw new Error(`${matching.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return matching[0]!;
}

const value = (scraped: Scrape, name: string, labels: Record<string, string> = {}) => Number(sample(scraped, name, labels).value);

describe('/metrics without BAHI_METRICS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is 404, with or without a token', async () => {
    const org = await t.given.org();
    expect((await fetch(`${t.baseUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${org.token}` } })).status).toBe(404);
  });
});

describe('/metrics with BAHI_METRICS=1', () => {
  let t: TestApp;
  let org: OrgFixture;
  const receiver = new Receiver();
  beforeAll(async () => {
    t = await startTestApp({ BAHI_METRICS: '1', BAHI_WEBHOOK_ALLOW_PRIVATE: '1' });
    org = await t.given.org();
    await receiver.start();
  });
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });

  it('counts and times each request by route pattern and status, never by URL', async () => {
    const contactId = await customer(org.api);
    expect((await org.api.get(`/contacts/${contactId}`)).status).toBe(200);
    expect((await org.api.get('/contacts/cnt_not_there')).status).toBe(404);

    const scraped = await scrape(`${t.baseUrl}/metrics`);
    const route = `${PUBLIC}/contacts/:contact_id`;
    expect(value(scraped, 'bahi_http_requests_total', { method: 'GET', route, status: '200' })).toBe(1);
    expect(value(scraped, 'bahi_http_requests_total', { method: 'GET', route, status: '404' })).toBe(1);
    expect(family(scraped, 'bahi_http_request_duration_seconds').type).toBe('HISTOGRAM');
    expect(scraped.text).toContain(histogramCount('bahi_http_request_duration_seconds', { method: 'GET', route, status: '200' }, 1));
    expect(scraped.text).toContain(`bahi_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="${route}",status="200"} 1\n`);
    const labelled = family(scraped, 'bahi_http_requests_total').metrics.map((m) => m.labels?.route ?? '');
    expect(labelled.filter((r) => r.includes(contactId) || r.includes('cnt_not_there'))).toEqual([]);
    // Node's default metrics come along: event-loop lag among them.
    expect(family(scraped, 'nodejs_eventloop_lag_seconds').type).toBe('GAUGE');
  });

  it('counts committed units of work, and an Idempotency-Key replay', async () => {
    const before = await scrape(`${t.baseUrl}/metrics`);
    const committedBefore = value(before, 'bahi_transactions_total', { outcome: 'committed' });
    const replaysBefore = value(before, 'bahi_idempotent_replays_total');

    const key = newKey();
    const body = { customer_id: await customer(org.api), date: '2026-06-10', place_of_supply: 'IN-KA', line_items: [{ name: 'Goods', rate: 100, quantity: 1 }] };
    expect((await createInvoice(org.api, body, key)).status).toBe(201);
    const replayed = await createInvoice(org.api, body, key);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');

    const after = await scrape(`${t.baseUrl}/metrics`);
    // The customer and the invoice; the replay runs no transaction.
    expect(value(after, 'bahi_transactions_total', { outcome: 'committed' })).toBe(committedBefore + 2);
    expect(value(after, 'bahi_idempotent_replays_total')).toBe(replaysBefore + 1);
    expect(value(after, 'bahi_transaction_retries_total')).toBe(0);
    expect(after.text).toContain(histogramCount('bahi_transaction_duration_seconds', { outcome: 'committed' }, committedBefore + 2));
  });

  it('reads the webhook queues at scrape time, and counts job runs and webhook sends', async () => {
    receiver.respond = () => 500;
    const registered = await org.api.post('/webhooks/endpoints', { url: receiver.url, events: ['INVOICE_CREATED'] });
    expect(registered.status).toBe(201);
    const invoice = { customer_id: await customer(org.api), date: '2026-06-10', place_of_supply: 'IN-KA', line_items: [{ name: 'Goods', rate: 100, quantity: 1 }] };
    expect((await createInvoice(org.api, invoice)).status).toBe(201);

    const waiting = await scrape(`${t.baseUrl}/metrics`);
    expect(value(waiting, 'bahi_webhook_queue_depth', { queue: 'unpublished_events' })).toBeGreaterThanOrEqual(1);
    const runsBefore = family(waiting, 'bahi_job_runs_total').metrics.length;
    expect(runsBefore).toBe(0);

    expect((await t.admin.post('/jobs/run', {})).status).toBe(200);
    expect(receiver.received).toHaveLength(1);

    const after = await scrape(`${t.baseUrl}/metrics`);
    expect(value(after, 'bahi_webhook_queue_depth', { queue: 'unpublished_events' })).toBe(0);
    // Refused with a 500, so it waits for its retry.
    expect(value(after, 'bahi_webhook_queue_depth', { queue: 'pending_deliveries' })).toBe(1);
    expect(value(after, 'bahi_webhook_attempts_total', { outcome: 'refused' })).toBe(1);
    expect(value(after, 'bahi_webhook_attempts_total', { outcome: 'acknowledged' })).toBe(0);
    for (const job of ['idempotency_keys_expired', 'rate_limit_windows_expired', 'recurring_scheduler', 'webhook_deliveries']) {
      expect(value(after, 'bahi_job_runs_total', { job, outcome: 'ok' }), job).toBe(1);
    }
    expect(value(after, 'bahi_job_items_total', { job: 'webhook_deliveries' })).toBe(1);
    expect(after.text).toContain(histogramCount('bahi_job_duration_seconds', { job: 'webhook_deliveries' }, 1));
  });

  it.runIf(onPostgres)('shows the PostgreSQL pool: connections idle and in use, and queries waiting', async () => {
    const scraped = await scrape(`${t.baseUrl}/metrics`);
    const idle = value(scraped, 'bahi_db_pool_connections', { state: 'idle' });
    const inUse = value(scraped, 'bahi_db_pool_connections', { state: 'in_use' });
    // Within the pool's size (BAHI_PG_POOL_SIZE, default 8); the scrape's own queue-depth queries may be waiting for one.
    expect(idle + inUse).toBeGreaterThanOrEqual(1);
    expect(idle + inUse).toBeLessThanOrEqual(8);
    expect(Number.isInteger(value(scraped, 'bahi_db_pool_waiting'))).toBe(true);
  });

  it.skipIf(onPostgres)('shows no pool on SQLite, which has none', async () => {
    const scraped = await scrape(`${t.baseUrl}/metrics`);
    expect(scraped.families.map((f) => f.name)).not.toContain('bahi_db_pool_connections');
  });
});

/** A port nothing listens on just now. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('/metrics with BAHI_METRICS_PORT', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await startTestApp({ BAHI_METRICS: '1', BAHI_METRICS_PORT: String(port) });
  });
  afterAll(() => t.close());

  it('serves /metrics on that port only, and nothing else there', async () => {
    expect((await t.api.get('/whoami')).status).toBe(401);
    expect((await fetch(`${t.baseUrl}/metrics`)).status).toBe(404);
    const scraped = await scrape(`http://127.0.0.1:${port}/metrics`);
    expect(value(scraped, 'bahi_http_requests_total', { method: 'GET', route: `${PUBLIC}/whoami`, status: '401' })).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/api/public/v1/whoami`)).status).toBe(404);
  });

  it('closes that port with the server', async () => {
    await t.app.server.close();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
