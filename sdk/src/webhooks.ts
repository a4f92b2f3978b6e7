import { createHmac, timingSafeEqual } from 'node:crypto';
import type { webhooks } from './generated/schema.js';

/*
 * Receiving Bahi's webhooks (public-api.md, Events → Webhooks): each delivery carries
 * `X-Svc-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. Only
 * Node's crypto is used, so this file stands alone.
 */

/** A delivery's body as the document declares it; `event_type` tells the events apart. */
export type WebhookEvent<E extends keyof webhooks = keyof webhooks> = {
  [K in E]: webhooks[K] extends { post: { requestBody: { content: { 'application/json': infer Body } } } } ? Body : never;
}[E];

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** Deliveries whose timestamp is further than this from now are refused (default 300, the spec's window). */
  toleranceSeconds?: number;
  /** The receiver's current time (default: now). */
  now?: Date;
}

export type VerifyResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'malformed_header' | 'timestamp_out_of_tolerance' | 'signature_mismatch' };

/**
 * Checks a delivery: `payload` must be the raw bytes received (not re-serialised JSON). Refuses
 * a missing or unreadable header, a timestamp outside the tolerance (replays), and a signature
 * that no `v1` matches; the HMACs are compared in constant time.
 */
export function verify(payload: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyOptions = {}): VerifyResult {
  const parsed = parseSignature(headerOf(headers, 'x-svc-signature'));
  if (!parsed) return { ok: false, reason: 'malformed_header' };
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - parsed.timestamp) > (options.toleranceSeconds ?? 300)) return { ok: false, reason: 'timestamp_out_of_tolerance' };
  const expected = createHmac('sha256', secret).update(`${parsed.timestamp}.`).update(payload).digest();
  const matched = parsed.signatures.some((candidate) => timingSafeEqual(expected, Buffer.from(candidate, 'hex')));
  return matched ? { ok: true, timestamp: parsed.timestamp } : { ok: false, reason: 'signature_mismatch' };
}

/** `t=<seconds>` and every well-formed `v1=<64 hex>` of the header; undefined without both. */
function parseSignature(header: string | undefined): { timestamp: number; signatures: string[] } | undefined {
  if (!header) return undefined;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

function headerOf(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? value[0] : value;
}
