import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { verify } from '../../src/kernel/webhook-signature';

/** One request as the receiver got it: the raw bytes (what signatures cover) and the parsed body. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  /** The receiver's time when it arrived (its `now`), which tolerance checks use. */
  at: Date;
  body: { event_type: string; delivery_id: string; occurred_at: string; org_id: string; data: Record<string, unknown> };
}

/**
 * A webhook receiver on 127.0.0.1 (all test traffic stays on loopback). `respond` picks each
 * answer's status (default 200), or 'hang' to never answer; a 3xx gets a Location, which the
 * sender must not follow.
 */
export class Receiver {
  readonly received: Received[] = [];
  respond: (n: number, req: Received) => number | 'hang' = () => 200;
  /** The receiver's clock: tests that move the service's fake clock give it the same one. */
  constructor(private readonly now: () => Date = () => new Date()) {}
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const got: Received = { headers: req.headers, raw, at: this.now(), body: JSON.parse(raw.toString('utf8')) };
      this.received.push(got);
      const status = this.respond(this.received.length, got);
      if (status === 'hang') return;
      if (status >= 300 && status < 400) res.setHeader('Location', 'http://127.0.0.1:1/elsewhere');
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(`answer ${status} ${'x'.repeat(5000)}`);
    });
  });

  url = '';

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  of(type: string) { return this.received.filter((r) => r.body.event_type === type); }

  ofOrg(orgId: string) { return this.received.filter((r) => r.body.org_id === orgId); }

  /** Waits until `predicate` holds over what was received (polling; for deliveries made by another process). */
  async until(predicate: (received: Received[]) => boolean, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.received)) {
      if (Date.now() > deadline) throw new Error(`receiver: condition not met within ${timeoutMs} ms (${this.received.length} received)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** A receiver's own check, written out as the spec states it, without the helper: HMAC-SHA256 over "<t>.<raw body>", hex, constant-time compare. */
function handWrittenCheck(raw: Buffer, header: string, secret: string, nowSeconds: number): boolean {
  const parts = new Map(header.split(',').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as const));
  const t = Number(parts.get('t'));
  const v1 = Buffer.from(parts.get('v1') ?? '', 'hex');
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(Buffer.concat([Buffer.from(`${t}.`), raw])).digest();
  return v1.length === expected.length && timingSafeEqual(v1, expected);
}

const stripe = new Stripe('sk_test_unused');

/**
 * Everything a receiver may rely on, for one delivery: the headers, the body's five fields
 * (delivery id equal to X-Svc-Delivery, occurred_at ISO 8601 UTC), and the signature, checked
 * three ways (by hand, by the published helper, by stripe.webhooks.constructEvent), each
 * refusing a wrong secret, as of the time it arrived.
 */
export function expectValidDelivery(got: Received, secret: string, orgId: string) {
  const now = got.at;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  expect(got.headers['content-type']).toBe('application/json');
  expect(got.headers['x-svc-event']).toBe(got.body.event_type);
  expect(got.headers['x-svc-delivery']).toMatch(/^dlv_/);
  const ts = Number(got.headers['x-svc-timestamp']);
  expect(Math.abs(ts - nowSeconds)).toBeLessThanOrEqual(300); // the receivers' tolerance
  const header = got.headers['x-svc-signature'] as string;
  expect(header).toMatch(new RegExp(`^t=${ts},v1=[0-9a-f]{64}$`));

  expect(Object.keys(got.body).sort()).toEqual(['data', 'delivery_id', 'event_type', 'occurred_at', 'org_id']);
  expect(got.body.delivery_id).toBe(got.headers['x-svc-delivery']);
  expect(got.body.org_id).toBe(orgId);
  expect(got.body.occurred_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/);

  expect(handWrittenCheck(got.raw, header, secret, nowSeconds)).toBe(true);
  expect(handWrittenCheck(got.raw, header, `${secret}x`, nowSeconds)).toBe(false);
  expect(verify(got.raw, header, secret, { now })).toEqual({ ok: true, timestamp: ts });
  expect(verify(got.raw, header, `${secret}x`, { now }).ok).toBe(false);
  const event = stripe.webhooks.constructEvent(got.raw, header, secret, 300, undefined, nowSeconds) as unknown as Received['body'];
  expect(event).toEqual(got.body);
  expect(() => stripe.webhooks.constructEvent(got.raw, header, `${secret}x`, 300, undefined, nowSeconds)).toThrow();
  // A tampered body fails every check.
  const tampered = Buffer.from(got.raw.toString('utf8').replace(got.body.delivery_id, 'dlv_forged'));
  expect(handWrittenCheck(tampered, header, secret, nowSeconds)).toBe(false);
  expect(() => stripe.webhooks.constructEvent(tampered, header, secret, 300, undefined, nowSeconds)).toThrow();
}
