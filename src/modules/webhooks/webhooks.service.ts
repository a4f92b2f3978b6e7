import { randomBytes } from 'node:crypto';
import { invalidState, notFound } from '../../kernel/errors';
import { isoTimestamp } from '../../kernel/local-date';
import { sign } from '../../kernel/webhook-signature';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import type { ForegroundGate } from '../../platform/foreground';
import type { Job } from '../../platform/jobs/jobs';
import type { OutboxEvent } from '../../platform/outbox/outbox';
import { cursorPage, readCursor } from '../../platform/pagination';
import type { SecretBox } from './secret-box';
import { resolveWebhookTarget, type Resolver, systemResolver } from './ssrf-guard';
import type { SendResult, WebhookSender } from './webhook-sender';
import { acknowledged, LEASE_MS, nextAttemptAfterFailure } from './webhooks.rules';
import { webhooksRepository as repo, type AttemptRow, type DeliveryRow, type EndpointRow } from './webhooks.repository';
import type { CreateEndpointBody, ListDeliveriesQuery } from './webhooks.schemas';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'cursors'> & {
  secrets: SecretBox;
  sender: WebhookSender;
  /** BAHI_WEBHOOK_ALLOW_PRIVATE=1: the SSRF guard's address rules are lifted. */
  allowPrivate: boolean;
  /** API requests of this process, which sends wait for (ForegroundGate). */
  foreground: ForegroundGate;
  /** BAHI_WEBHOOK_BUSY_RATE: sends per second while this process is serving API requests (full speed otherwise). */
  busySendsPerSecond: number;
  resolver?: Resolver;
};

/**
 * Rows per step of the worker: large, but small while the API is busy on SQLite, where a
 * step's whole transaction runs on the event loop, so that none keeps a request waiting long.
 * On PostgreSQL the loop only builds a step's rows and waits; smaller steps there would only
 * mean more transactions competing with the requests' own queries.
 */
const FANOUT_BATCH = { quiet: 100, busy: 25 };
const CLAIM_BATCH = { quiet: 200, busy: 25 };
const RECORD_BATCH = { quiet: 25, busy: 5 };
const SEND_CONCURRENCY = 32;

/** One attempt's result, waiting to be recorded. */
interface Outcome {
  delivery: DeliveryRow;
  result: SendResult;
  attemptedAt: Date;
}

const presentEndpoint = (e: EndpointRow) => ({
  endpoint_id: e.endpoint_id, url: e.url, events: JSON.parse(e.events) as string[], created_time: e.created_time,
});

const presentDelivery = (d: DeliveryRow) => ({
  delivery_id: d.delivery_id, endpoint_id: d.endpoint_id, event_id: d.event_id, event_type: d.event_type, status: d.status,
  attempts: d.attempts,
  next_attempt_at: d.status === 'PENDING' && d.next_attempt_at ? isoTimestamp(new Date(d.next_attempt_at)) : null,
  last_attempt_at: d.last_attempt_at ? isoTimestamp(new Date(d.last_attempt_at)) : null,
  last_response_status: d.last_response_status, created_time: isoTimestamp(new Date(d.created_time)),
});

const presentAttempt = (a: AttemptRow) => ({
  attempt: a.attempt_no, attempted_at: isoTimestamp(new Date(a.attempted_at)), response_status: a.response_status,
  latency_ms: a.latency_ms, response_body: a.response_body, error: a.error,
});

/** The delivery body: fixed when the delivery is made, so every retry and replay sends (and signs) the same bytes. */
export const deliveryBody = (deliveryId: string, event: OutboxEvent) => JSON.stringify({
  event_type: event.event_type, delivery_id: deliveryId, occurred_at: event.occurred_at, org_id: event.org_id, data: event.data,
});

/** Webhook endpoints, the delivery log, and the delivery worker. */
export function webhooksService(deps: Deps) {
  const db = deps.database.db;
  const resolver = deps.resolver ?? systemResolver;
  const now = () => deps.clock.now();
  const stepsRunOnTheLoop = deps.database.engine === 'sqlite';
  const batchSize = (sizes: { quiet: number; busy: number }) => (stepsRunOnTheLoop && deps.foreground.busy() ? sizes.busy : sizes.quiet);

  /** One attempt: guard the URL again (DNS may have changed), sign with this attempt's timestamp, POST. */
  async function attempt(delivery: DeliveryRow, endpoint: EndpointRow): Promise<SendResult> {
    let target;
    try {
      target = await resolveWebhookTarget(endpoint.url, deps.allowPrivate, resolver);
    } catch (err) {
      return { status: null, latencyMs: 0, body: null, error: `refused by the SSRF guard: ${(err as Error).message}` };
    }
    const timestamp = Math.floor(now().getTime() / 1000);
    const secret = deps.secrets.open(endpoint.secret_sealed, endpoint.endpoint_id);
    return deps.sender(target, {
      'Content-Type': 'application/json',
      'X-Svc-Event': delivery.event_type,
      'X-Svc-Delivery': delivery.delivery_id,
      'X-Svc-Timestamp': String(timestamp),
      'X-Svc-Signature': sign(delivery.body, secret, timestamp),
    }, delivery.body);
  }

  /**
   * Logs attempts and moves each delivery on (SUCCEEDED, the next retry, or FAILED), several
   * in one transaction: the worker records its sends in groups, not one commit per send.
   * Attempt numbers count from the row as it is now (a replay may have run meanwhile).
   */
  async function record(outcomes: readonly Outcome[]): Promise<DeliveryRow[]> {
    return deps.database.transaction(async (tx) => {
      const current = new Map((await repo.findDeliveries(tx, outcomes.map((o) => o.delivery))).map((d) => [d.delivery_id, d]));
      const finishedAt = now();
      const attempts: AttemptRow[] = [];
      const updated: DeliveryRow[] = [];
      for (const { delivery, result, attemptedAt } of outcomes) {
        const row = current.get(delivery.delivery_id) ?? delivery;
        const attemptNo = row.attempts + 1;
        attempts.push({
          org_id: delivery.org_id, delivery_id: delivery.delivery_id, attempt_no: attemptNo, attempted_at: attemptedAt.toISOString(),
          response_status: result.status, latency_ms: result.latencyMs, response_body: result.body, error: result.error,
        });
        const ok = acknowledged(result.status);
        const next = ok ? null : nextAttemptAfterFailure(delivery.delivery_id, attemptNo, finishedAt);
        const changes: Partial<DeliveryRow> = {
          attempts: attemptNo, last_attempt_at: attemptedAt.toISOString(), last_response_status: result.status,
          status: ok ? 'SUCCEEDED' : next ? 'PENDING' : 'FAILED',
          next_attempt_at: next ? next.toISOString() : null,
        };
        await repo.updateDelivery(tx, delivery.org_id, delivery.delivery_id, changes);
        updated.push({ ...row, ...changes });
      }
      await repo.insertAttempts(tx, attempts);
      return updated;
    });
  }

  /**
   * Turns unpublished outbox rows into deliveries, one per live endpoint of the event's
   * organisation subscribed to its type (registered by the time it occurred), and marks the
   * rows published, all in one transaction. Only committed events are in the outbox, so a
   * rolled-back use case never reaches a receiver.
   */
  async function fanOut(): Promise<number> {
    let made = 0;
    for (;;) {
      await deps.foreground.idle();
      const batch = batchSize(FANOUT_BATCH);
      const { events, created } = await deps.database.transaction(async (tx) => {
        const rows = await repo.unpublishedEvents(tx, batch);
        if (rows.length === 0) return { events: 0, created: 0 };
        const endpoints = await repo.endpointsOfOrgs(tx, [...new Set(rows.map((r) => r.org_id))]);
        const at = now().toISOString();
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
        await repo.markPublished(tx, rows, at);
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
      const claimed = await deps.database.transaction(async (tx) => {
        const at = now();
        const due = await repo.dueDeliveries(tx, at.toISOString(), claimSize);
        await repo.leaseDeliveries(tx, due, new Date(at.getTime() + LEASE_MS).toISOString());
        return due;
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

  const job: Job = {
    name: 'webhook_deliveries',
    async run() {
      await fanOut();
      return sendDue();
    },
  };

  return {
    job,

    async createEndpoint(ctx: RequestContext, input: CreateEndpointBody) {
      const target = await resolveWebhookTarget(input.url, deps.allowPrivate, resolver);
      const endpointId = deps.ids.next('whe');
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      const row: EndpointRow = {
        org_id: ctx.orgId, endpoint_id: endpointId, url: target.url.href, events: JSON.stringify(input.events),
        secret_sealed: deps.secrets.seal(secret, endpointId), created_time: now().toISOString(), deleted_time: null,
      };
      await deps.uow(ctx, (tx) => repo.insertEndpoint(tx, row));
      return { endpoint: { ...presentEndpoint(row), secret } };
    },

    async listEndpoints(ctx: RequestContext) {
      return { endpoints: (await repo.listEndpoints(db, ctx.orgId)).map(presentEndpoint) };
    },

    async deleteEndpoint(ctx: RequestContext, endpointId: string) {
      return deps.uow(ctx, async (tx) => {
        const endpoint = await repo.findEndpoint(tx, ctx.orgId, endpointId);
        if (!endpoint) throw notFound('webhook endpoint', 'endpoint_id');
        await repo.deleteEndpoint(tx, ctx.orgId, endpointId, now().toISOString());
        return { endpoint_id: endpointId };
      });
    },

    async listDeliveries(ctx: RequestContext, query: ListDeliveriesQuery) {
      const { perPage, after } = readCursor(deps.cursors, 'webhook_deliveries', query);
      const rows = await repo.listDeliveries(db, ctx.orgId, {
        endpointId: query.endpoint_id, status: query.status, eventType: query.event_type,
      }, after, perPage);
      const page = cursorPage(deps.cursors, 'webhook_deliveries', rows, perPage, (r) => [r.delivery_id]);
      return { deliveries: page.items.map(presentDelivery), page_context: page.page_context };
    },

    async getDelivery(ctx: RequestContext, deliveryId: string) {
      const delivery = await repo.findDelivery(db, ctx.orgId, deliveryId);
      if (!delivery) throw notFound('webhook delivery', 'delivery_id');
      const attempts = await repo.attempts(db, ctx.orgId, deliveryId);
      return { delivery: { ...presentDelivery(delivery), attempt_log: attempts.map(presentAttempt) } };
    },

    /**
     * Sends a delivery again now, whatever its status, with the same delivery id and body; the
     * attempt is logged and the delivery takes its outcome (a failure schedules the next retry
     * from the attempt count, or leaves it FAILED when the schedule is spent).
     */
    async replayDelivery(ctx: RequestContext, deliveryId: string) {
      const delivery = await repo.findDelivery(db, ctx.orgId, deliveryId);
      if (!delivery) throw notFound('webhook delivery', 'delivery_id');
      const endpoint = await repo.findEndpoint(db, ctx.orgId, delivery.endpoint_id);
      if (!endpoint) throw invalidState('the delivery\'s endpoint has been deleted; there is nowhere to send it', { endpoint_id: delivery.endpoint_id });
      // Held like a worker's claim while it is sent, so a worker does not send it at the same time.
      await deps.database.transaction((tx) => repo.updateDelivery(tx, ctx.orgId, deliveryId, {
        status: 'PENDING', next_attempt_at: new Date(now().getTime() + LEASE_MS).toISOString(),
      }));
      const attemptedAt = now();
      const [updated] = await record([{ delivery, result: await attempt(delivery, endpoint), attemptedAt }]);
      return { delivery: presentDelivery(updated!) };
    },
  };
}

export type WebhooksService = ReturnType<typeof webhooksService>;
