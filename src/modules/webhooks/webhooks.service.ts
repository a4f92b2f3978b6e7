import { randomBytes } from 'node:crypto';
import { invalidState, notFound } from '../../kernel/errors';
import { isoTimestamp } from '../../kernel/local-date';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { withKeyHeld } from '../../platform/idempotency/outside-transaction';
import { cursorPage, readCursor } from '../../platform/pagination';
import { deliveryAttempts, type AttemptDeps } from './delivery-attempts';
import { resolveWebhookTarget, systemResolver } from './ssrf-guard';
import { LEASE_MS } from './webhooks.rules';
import { webhooksRepository as repo, type AttemptRow, type DeliveryRow, type EndpointRow } from './webhooks.repository';
import type { CreateEndpointBody, ListDeliveriesQuery } from './webhooks.schemas';

type Deps = AttemptDeps & Pick<PlatformDeps, 'uow' | 'ids' | 'cursors' | 'idempotency'>;

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

/** Webhook endpoints, the delivery log and replays (the sending itself: delivery-worker.ts). */
export function webhooksService(deps: Deps) {
  const db = deps.database.db;
  const resolver = deps.resolver ?? systemResolver;
  const now = () => deps.clock.now();
  const { attempt, record } = deliveryAttempts(deps);

  return {

    async createEndpoint(ctx: RequestContext, input: CreateEndpointBody) {
      const target = await resolveWebhookTarget(input.url, deps.allowPrivate, resolver);
      const endpointId = deps.ids.next('whe');
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      const row: EndpointRow = {
        org_id: ctx.orgId, endpoint_id: endpointId, url: target.url.href, events: JSON.stringify(input.events),
        secret_sealed: deps.secrets.seal(secret, endpointId), created_time: now().toISOString(), deleted_time: null,
      };
      // The unit of work's result is the answer, stored with an Idempotency-Key.
      return deps.uow(ctx, async (tx) => {
        await repo.insertEndpoint(tx, row);
        return { endpoint: { ...presentEndpoint(row), secret } };
      });
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
      const outcome = await withKeyHeld(deps.idempotency, ctx, async () => {
        const delivery = await repo.findDelivery(db, ctx.orgId, deliveryId);
        if (!delivery) throw notFound('webhook delivery', 'delivery_id');
        const endpoint = await repo.findEndpoint(db, ctx.orgId, delivery.endpoint_id);
        if (!endpoint) throw invalidState('the delivery\'s endpoint has been deleted; there is nowhere to send it', { endpoint_id: delivery.endpoint_id });
        // Held like a worker's claim while it is sent, so a worker does not send it at the same time.
        await deps.database.transaction((tx) => repo.updateDelivery(tx, ctx.orgId, deliveryId, {
          status: 'PENDING', next_attempt_at: new Date(now().getTime() + LEASE_MS).toISOString(),
        }));
        const attemptedAt = now();
        return { delivery, result: await attempt(delivery, endpoint), attemptedAt };
      });
      // The outcome and the answer stored with the Idempotency-Key commit together.
      return deps.uow(ctx, async (tx) => {
        const [updated] = await record([outcome], tx);
        return { delivery: presentDelivery(updated!) };
      });
    },
  };
}

export type WebhooksService = ReturnType<typeof webhooksService>;
