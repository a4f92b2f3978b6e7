import { BoundedCache } from '../../kernel/bounded-cache';
import { sign } from '../../kernel/webhook-signature';
import type { Tx } from '../../db/database';
import type { PlatformDeps } from '../../platform/deps';
import type { SecretBox } from '../../kernel/secret-box';
import { resolveWebhookTarget, type Resolver, systemResolver } from './ssrf-guard';
import type { SendResult, WebhookSender } from './webhook-sender';
import { acknowledged, nextAttemptAfterFailure } from './webhooks.rules';
import { webhooksRepository as repo, type AttemptRow, type DeliveryRow, type EndpointRow } from './webhooks.repository';

export type AttemptDeps = Pick<PlatformDeps, 'database' | 'clock'> & {
  secrets: SecretBox;
  sender: WebhookSender;
  /** BAHI_WEBHOOK_ALLOW_PRIVATE=1: the SSRF guard's address rules are lifted. */
  allowPrivate: boolean;
  resolver?: Resolver;
};

const OPENED_SECRETS = 1_000;

/** One attempt's result, waiting to be recorded. */
export interface Outcome {
  delivery: DeliveryRow;
  result: SendResult;
  attemptedAt: Date;
}

/** Sending a delivery once and recording how it went: the worker's sends and a replay's. */
export function deliveryAttempts(deps: AttemptDeps) {
  const resolver = deps.resolver ?? systemResolver;
  const now = () => deps.clock.now();
  /**
   * Signing secrets, opened once per sealed value rather than for every attempt (AES-GCM on
   * each was 5% of the delivery thread's time in a drain). A new secret is a new sealed value
   * (a fresh IV each time). Keyed by the endpoint too: a sealed value is bound to its endpoint,
   * and copied into another endpoint's row it must still fail to open.
   */
  const opened = new BoundedCache<string, string>(OPENED_SECRETS);
  const secretOf = (endpoint: EndpointRow) => {
    const key = `${endpoint.org_id}/${endpoint.endpoint_id}/${endpoint.secret_sealed}`;
    let secret = opened.get(key);
    if (secret === undefined) {
      secret = deps.secrets.open(endpoint.secret_sealed, endpoint.endpoint_id);
      opened.set(key, secret);
    }
    return secret;
  };

  return {
    /** One attempt: guard the URL again (DNS may have changed), sign with this attempt's timestamp, POST. */
    async attempt(delivery: DeliveryRow, endpoint: EndpointRow): Promise<SendResult> {
      let target;
      try {
        target = await resolveWebhookTarget(endpoint.url, deps.allowPrivate, resolver);
      } catch (err) {
        return { status: null, latencyMs: 0, body: null, error: `refused by the SSRF guard: ${(err as Error).message}` };
      }
      const timestamp = Math.floor(now().getTime() / 1000);
      const secret = secretOf(endpoint);
      return deps.sender(target, {
        'Content-Type': 'application/json',
        'X-Svc-Event': delivery.event_type,
        'X-Svc-Delivery': delivery.delivery_id,
        'X-Svc-Timestamp': String(timestamp),
        'X-Svc-Signature': sign(delivery.body, secret, timestamp),
      }, delivery.body);
    },

    /**
     * Logs attempts and moves each delivery on (SUCCEEDED, the next retry, or FAILED), several
     * in one transaction: the worker records its sends in groups, not one commit per send.
     * Attempt numbers count from the row as it is now (a replay may have run meanwhile). Given
     * a transaction (a keyed replay's unit of work, which stores its answer with the outcome), in that one.
     */
    async record(outcomes: readonly Outcome[], within?: Tx): Promise<DeliveryRow[]> {
      const run = async (tx: Tx) => {
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
          const changes = {
            attempts: attemptNo, last_attempt_at: attemptedAt.toISOString(), last_response_status: result.status,
            status: ok ? 'SUCCEEDED' : next ? 'PENDING' : 'FAILED',
            next_attempt_at: next ? next.toISOString() : null,
          };
          updated.push({ ...row, ...changes });
        }
        await repo.recordOutcomes(tx, updated);
        await repo.insertAttempts(tx, attempts);
        return updated;
      };
      return within ? run(within) : deps.database.transaction(run);
    },
  };
}

export type DeliveryAttempts = ReturnType<typeof deliveryAttempts>;
