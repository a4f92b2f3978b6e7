import { createHmac, timingSafeEqual } from 'node:crypto';
import { systemClock } from './clock';

/**
 * The webhook signature scheme (docs/guides/webhooks.md), for the service and for
 * receivers: `X-Svc-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * The same `t=,v1=` layout as Stripe's, so Stripe's verifiers accept it too.
 */

/** The hex HMAC-SHA256 of `<timestamp>.<raw body>` under the endpoint's signing secret. */
export function signaturePayloadHmac(secret: string, timestamp: number, rawBody: string | Uint8Array): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.`);
  hmac.update(rawBody);
  return hmac.digest('hex');
}

/** The X-Svc-Signature header value for a body sent at `timestamp` (unix seconds). */
export function sign(rawBody: string | Uint8Array, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${signaturePayloadHmac(secret, timestamp, rawBody)}`;
}

export interface VerifyOptions {
  /** Deliveries whose timestamp is further than this from `now` are refused; the spec says 300. */
  toleranceSeconds?: number;
  /** The receiver's current time (default: the system clock). */
  now?: Date;
}

export type VerifyResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'malformed_header' | 'timestamp_out_of_tolerance' | 'signature_mismatch' };

/**
 * Checks a delivery as a receiver should: parse `t` and every `v1` of the header, refuse a
 * timestamp more than `toleranceSeconds` away from now (replays), and compare the expected
 * HMAC with each `v1` in constant time. `rawBody` must be the bytes received, not re-serialised JSON.
 */
export function verify(rawBody: string | Uint8Array, header: string | undefined | null, secret: string, options: VerifyOptions = {}): VerifyResult {
  const tolerance = options.toleranceSeconds ?? 300;
  if (!header) return { ok: false, reason: 'malformed_header' };
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) candidates.push(value.toLowerCase());
  }
  if (timestamp === undefined || candidates.length === 0) return { ok: false, reason: 'malformed_header' };
  const nowSeconds = Math.floor((options.now ?? systemClock.now()).getTime() / 1000);
  if (Math.abs(nowSeconds - timestamp) > tolerance) return { ok: false, reason: 'timestamp_out_of_tolerance' };
  const expected = Buffer.from(signaturePayloadHmac(secret, timestamp, rawBody), 'hex');
  const matched = candidates.some((c) => timingSafeEqual(expected, Buffer.from(c, 'hex')));
  return matched ? { ok: true, timestamp } : { ok: false, reason: 'signature_mismatch' };
}
