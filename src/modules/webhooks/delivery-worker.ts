import type { PlatformDeps } from '../../platform/deps';
import type { ForegroundGate } from '../../platform/foreground';
import type { Job } from '../../platform/jobs/jobs';
import type { DeliveryBody } from '../../platform/outbox/events';
import type { OutboxEvent } from '../../platform/outbox/outbox';
import { deliveryAttempts, type AttemptDeps, type Outcome } from './delivery-attempts';
import type { SendResult } from './webhook-sender';
import { LEASE_MS } from './webhooks.rules';
import { webhooksRepository as repo, type DeliveryRow, type EndpointRow } from './webhooks.repository';

export type DeliveryWorkerDeps = AttemptDeps & Pick<PlatformDeps, 'ids'> & {
  /** The API's requests, which sends make way for (ForegroundGate; shared with the API's thread when the worker has its own). */
  foreground: ForegroundGate;
  /** BAHI_WEBHOOK_BUSY_RATE: sends per second while the API is serving requests (full speed otherwise). */
  busySendsPerSecond: number;
};

/**
 * Rows per step of the worker: large, but small while the API is busy on SQLite, where a
 * step's transaction holds the database's one write lock (and, when the worker shares the
 * API's event loop, runs on it), so that none keeps a request waiting long. On PostgreSQL
 * smaller steps would only mean more transactions competing with the requests' own queries.
 */
const FANOUT_BATCH = { quiet: 100, busy: 25 };
const CLAIM_BATCH = { quiet: 200, busy: 25 };
const RECORD_BATCH = { quiet: 25, busy: 5 };
const SEND_CONCURRENCY = 32;

/** The delivery body: fixed when the delivery is made, so every retry and replay sends (and signs) the same bytes. */
export function deliveryBody(deliveryId: string, event: OutboxEvent): string {
  // Each event type's body pairs its type with its own `data` (events.ts deliveryBodySchema), as the event does.
  const body = { event_type: event.event_type, delivery_id: deliveryId, occurred_at: event.occurred_at, org_id: event.org_id, data: event.data } as DeliveryBody;
  return JSON.stringify(body);
}

/** The delivery worker's job: outbox rows become deliveries, and due deliveries are sent. */
export function deliveryWorker(deps: DeliveryWorkerDeps): Job {
  const db = deps.database.db;
  const now = () => deps.clock.now();
  const { attempt, record } = deliveryAttempts(deps);
  const holdsTheWriteLock = deps.database.engine === 'sqlite';
  const batchSize = (sizes: { quiet: number; busy: number }) => (holdsTheWriteLock && deps.foreground.busy() ? sizes.busy : sizes.quiet);

  /**
   * Turns unpublished outbox rows into deliveries, one per live endpoint of the event's
   * organisation subscribed to its type (registered by the time it occurred), marking the rows
   * published, all in one transaction. Only committed events are in the outbox, so a
   * rolled-back use case never reaches a receiver.
   */
  async function fanOut(): Promise<number> {
    let made = 0;
    for (;;) {
      await deps.foreground.idle();
      const batch = batchSize(FANOUT_BATCH);
      const { events, created } = await deps.database.transaction(async (tx) => {
        const at = now().toISOString();
        const rows = await repo.takeUnpublishedEvents(tx, at, batch);
        if (rows.length === 0) return { events: 0, created: 0 };
        const endpoints = await repo.endpointsOfOrgs(tx, [...new Set(rows.map((r) => r.org_id))]);
        const deliveries: DeliveryRow[] = [];
        for (const row of rows) {
          const event = JSON.parse(row.payload) as OutboxEvent;
          for (const e of endpoints) {
            if (e.org_id !== row.org_id || e.created_time > row.occurred_at) continue;
            if (!(JSON.parse(e.events) as string[]).includes(row.event_type)) continue;
            const deliveryId = deps.ids.next('dlv');
            deliveries.push({
              org_id: row.org_id, delivery_id: deliveryId, endpoint_id: e.endpoint_id, event_id: row.event_id, event_type: row.event_type,
              body: deliveryBody(deliveryId, event), status: 'PENDING', attempts: 0, next_attempt_at: at,
              last_attempt_at: null, last_response_status: null, created_time: at,
            });
          }
        }
        await repo.insertDeliveries(tx, deliveries);
        return { events: rows.length, created: deliveries.length };
      });
      made += created;
      if (events < batch) return made;
    }
  }

  /**
   * Claims due deliveries by pushing their next_attempt_at a lease ahead (committed before any
   * send: a crash between claim and send leaves them to be retried when the lease runs out),
   * then sends them, SEND_CONCURRENCY at once and each after any API request in flight, and
   * records the results in groups.
   */
  async function sendDue(): Promise<number> {
    let sent = 0;
    const send = async (delivery: DeliveryRow, endpoint: EndpointRow | undefined): Promise<Outcome> => {
      const attemptedAt = now();
      const result: SendResult = endpoint && endpoint.deleted_time === null
        ? await attempt(delivery, endpoint)
        : { status: null, latencyMs: 0, body: null, error: 'endpoint deleted' };
      return { delivery, result, attemptedAt };
    };
    for (;;) {
      const claimSize = batchSize(CLAIM_BATCH);
      const claimed = await deps.database.transaction((tx) => {
        const at = now();
        return repo.claimDueDeliveries(tx, at.toISOString(), new Date(at.getTime() + LEASE_MS).toISOString(), claimSize);
      });
      if (claimed.length === 0) return sent;
      const endpoints = new Map((await repo.endpointsByIds(db, claimed.map((d) => ({ orgId: d.org_id, endpointId: d.endpoint_id }))))
        .map((e) => [`${e.org_id}/${e.endpoint_id}`, e]));
      // Outcomes are recorded in groups (RECORD_BATCH), while the other lanes go on sending. Recordings
      // may overlap: they touch disjoint deliveries (on SQLite they share a commit, on PostgreSQL connections).
      const done: Outcome[] = [];
      const flush = async () => {
        const batch = done.splice(0);
        if (batch.length > 0) await record(batch);
      };
      let next = 0;
      const lane = async () => {
        for (;;) {
          if (next >= claimed.length) return;
          const delivery = claimed[next++]!;
          // Each send after the requests in flight, and while API requests come in, at the busy rate.
          await deps.foreground.idle();
          await deps.foreground.pace(deps.busySendsPerSecond);
          done.push(await send(delivery, endpoints.get(`${delivery.org_id}/${delivery.endpoint_id}`)));
          sent++;
          if (done.length >= batchSize(RECORD_BATCH)) await flush();
        }
      };
      await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, claimed.length) }, lane));
      await flush();
      if (claimed.length < claimSize) return sent;
    }
  }

  return {
    name: 'webhook_deliveries',
    async run() {
      await fanOut();
      return sendDue();
    },
  };
}
