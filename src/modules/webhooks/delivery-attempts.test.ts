import { describe, expect, it } from 'vitest';
import { systemClock } from '../../kernel/clock';
import { verify } from '../../kernel/webhook-signature';
import type { Database } from '../../db/database';
import { deliveryAttempts } from './delivery-attempts';
import { secretBox, type SecretBox } from '../../kernel/secret-box';
import type { WebhookSender } from './webhook-sender';
import type { DeliveryRow, EndpointRow } from './webhooks.repository';

/** An attempt's signing, without a network or a database: the sender only records what it was given. */
function harness() {
  const box = secretBox('test server secret', 'webhook-signing-secrets');
  const opens: string[] = [];
  const counting: SecretBox = { seal: box.seal, open: (sealed, boundTo) => (opens.push(boundTo), box.open(sealed, boundTo)) };
  const sent: Array<{ headers: Record<string, string>; body: string }> = [];
  const sender: WebhookSender = async (_target, headers, body) => {
    sent.push({ headers, body });
    return { status: 204, latencyMs: 0, body: '', error: null };
  };
  const attempts = deliveryAttempts({
    database: undefined as unknown as Database, clock: systemClock, secrets: counting, sender,
    allowPrivate: false, resolver: async () => [{ address: '93.184.215.14', family: 4 }],
  });
  const endpoint = (endpointId: string, secret: string, sealed = box.seal(secret, endpointId)): EndpointRow => ({
    org_id: 'org_1', endpoint_id: endpointId, url: 'https://hooks.example.com/in', events: '["INVOICE_CREATED"]',
    secret_sealed: sealed, created_time: '2026-11-25T00:00:00.000Z', deleted_time: null,
  });
  const delivery = (deliveryId: string, endpointId: string): DeliveryRow => ({
    org_id: 'org_1', delivery_id: deliveryId, endpoint_id: endpointId, event_id: `evt_${deliveryId}`, event_type: 'INVOICE_CREATED',
    body: JSON.stringify({ delivery_id: deliveryId }), status: 'PENDING', attempts: 0, next_attempt_at: null,
    last_attempt_at: null, last_response_status: null, created_time: '2026-11-25T00:00:00.000Z',
  });
  return { attempts, opens, sent, endpoint, delivery, box };
}

describe('delivery attempts: signing secrets', () => {
  it('opens an endpoint secret once for many attempts, and every attempt is signed with it', async () => {
    const h = harness();
    const endpoint = h.endpoint('whe_1', 'whsec_first');
    for (const id of ['dlv_1', 'dlv_2', 'dlv_3']) await h.attempts.attempt(h.delivery(id, 'whe_1'), endpoint);
    expect(h.opens).toEqual(['whe_1']);
    expect(h.sent).toHaveLength(3);
    for (const { headers, body } of h.sent) expect(verify(body, headers['X-Svc-Signature'], 'whsec_first').ok).toBe(true);
  });

  it('signs with a new secret as soon as the endpoint row carries it', async () => {
    const h = harness();
    await h.attempts.attempt(h.delivery('dlv_1', 'whe_1'), h.endpoint('whe_1', 'whsec_first'));
    await h.attempts.attempt(h.delivery('dlv_2', 'whe_1'), h.endpoint('whe_1', 'whsec_second'));
    expect(verify(h.sent[1]!.body, h.sent[1]!.headers['X-Svc-Signature'], 'whsec_second').ok).toBe(true);
  });

  it('still refuses a sealed secret copied into another endpoint row, after it was opened for its own', async () => {
    const h = harness();
    const own = h.endpoint('whe_1', 'whsec_first');
    await h.attempts.attempt(h.delivery('dlv_1', 'whe_1'), own);
    await expect(h.attempts.attempt(h.delivery('dlv_2', 'whe_2'), h.endpoint('whe_2', '', own.secret_sealed))).rejects.toThrow();
    expect(h.sent).toHaveLength(1);
  });
});
