import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sign, verify } from './webhook-signature';

const secret = 'whsec_test_secret';
const body = '{"event_type":"INVOICE_CREATED","delivery_id":"dlv_1","data":{"total":118}}';
const now = new Date('2031-05-01T10:00:00Z');
const ts = Math.floor(now.getTime() / 1000);

describe('webhook signature', () => {
  it('signs t=<ts>,v1=<hex HMAC-SHA256(secret, "<ts>.<raw body>")>', () => {
    const expected = createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex');
    expect(sign(body, secret, ts)).toBe(`t=${ts},v1=${expected}`);
  });

  it('verifies its own signature within the tolerance', () => {
    expect(verify(body, sign(body, secret, ts), secret, { now })).toEqual({ ok: true, timestamp: ts });
    expect(verify(body, sign(body, secret, ts - 300), secret, { now }).ok).toBe(true);
    expect(verify(Buffer.from(body), sign(body, secret, ts), secret, { now }).ok).toBe(true);
  });

  it('refuses a timestamp more than 300 s away, either way', () => {
    expect(verify(body, sign(body, secret, ts - 301), secret, { now })).toEqual({ ok: false, reason: 'timestamp_out_of_tolerance' });
    expect(verify(body, sign(body, secret, ts + 301), secret, { now })).toEqual({ ok: false, reason: 'timestamp_out_of_tolerance' });
    expect(verify(body, sign(body, secret, ts - 1000), secret, { now, toleranceSeconds: 2000 }).ok).toBe(true);
  });

  it('refuses another secret, a changed body or a moved timestamp', () => {
    expect(verify(body, sign(body, 'other', ts), secret, { now }).ok).toBe(false);
    expect(verify(`${body} `, sign(body, secret, ts), secret, { now })).toEqual({ ok: false, reason: 'signature_mismatch' });
    const moved = sign(body, secret, ts).replace(`t=${ts}`, `t=${ts - 1}`);
    expect(verify(body, moved, secret, { now })).toEqual({ ok: false, reason: 'signature_mismatch' });
  });

  it('refuses malformed headers', () => {
    for (const header of [undefined, '', 't=abc,v1=00', `t=${ts}`, 'v1=' + '0'.repeat(64), `t=${ts},v1=xyz`]) {
      expect(verify(body, header, secret, { now })).toEqual({ ok: false, reason: 'malformed_header' });
    }
  });

  it('accepts any matching v1 among several (secret rotation)', () => {
    const good = sign(body, secret, ts).split(',')[1]!;
    expect(verify(body, `t=${ts},v1=${'0'.repeat(64)},${good}`, secret, { now }).ok).toBe(true);
  });
});
