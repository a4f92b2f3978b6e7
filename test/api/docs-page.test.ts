/**
 * GET /docs over plain HTTP: its Content-Security-Policy stays strict but has no
 * `upgrade-insecure-requests`, which would send a LAN browser's asset requests to https.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

describe('GET /docs', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('answers a CSP without upgrade-insecure-requests, still strict otherwise', async () => {
    for (const path of ['/docs', '/docs/static/index.html']) {
      const res = await fetch(`${t.baseUrl}${path}`);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("script-src-attr 'none'");
    }
  });
});
