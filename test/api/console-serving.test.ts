/**
 * GET /app: the console's files, as `npm start` serves them after `npm ci` built them (the
 * prepare script). Every address under /app is the console's page; only this origin is allowed
 * by its Content-Security-Policy; hashed assets are cached for good, the page never. A server
 * whose console was not built says how to build it. The bundle stays under 400 KB gzipped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_DIST, registerConsole } from '../../src/http/console';
import { startTestApp, type TestApp } from '../support/test-app';

const built = fs.existsSync(path.join(CONSOLE_DIST, 'index.html'));
const notBuiltLine = 'GET /app: console/dist is missing; `npm ci` builds it (or run `npm run build:console`)';

describe('GET /app', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('is built: npm ci runs the prepare script that makes console/dist', () => {
    expect(built, notBuiltLine).toBe(true);
  });

  it('sends the console page for /app and any address under it, with a CSP of its own origin only', async () => {
    for (const address of ['/app', '/app/', '/app/reports/profit-and-loss?from=2026-04-01', '/app/documents/invoices/inv_1']) {
      const response = await fetch(`${t.baseUrl}${address}`);
      expect(response.status, address).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      // Nothing but this origin (and data: images inside the stylesheet): no host, no scheme-wide source.
      expect(csp).not.toMatch(/https?:|\*|'unsafe-/);
      const html = await response.text();
      expect(html).toContain('<div id="app"></div>');
      // Its scripts and styles are files of its own, under /app/assets.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc="\/app\/assets\/)/);
      expect(html).not.toContain('<style');
    }
  });

  it('serves each asset the page names, cached for a year since its name changes with its content', async () => {
    const html = await (await fetch(`${t.baseUrl}/app`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/app\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) {
      const response = await fetch(`${t.baseUrl}${asset}`);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-type')).toMatch(asset.endsWith('.js') ? /javascript/ : /text\/css/);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it('keeps the API answering as before: JSON 404s for unknown API paths', async () => {
    const response = await fetch(`${t.baseUrl}/api/public/v1/no-such-thing`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('not_found.route');
  });

  it('weighs under 400 KB gzipped, everything it loads together', () => {
    const files = fs.readdirSync(path.join(CONSOLE_DIST, 'assets')).map((f) => path.join(CONSOLE_DIST, 'assets', f));
    const gzipped = [path.join(CONSOLE_DIST, 'index.html'), ...files].reduce((sum, file) => sum + gzipSync(fs.readFileSync(file)).length, 0);
    expect(gzipped).toBeLessThan(400 * 1024);
  });
});

describe('GET /app before the console is built', () => {
  it('answers 503 with how to build it, under the same CSP', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-no-console-'));
    const app = Fastify();
    await registerConsole(app, empty);
    try {
      for (const address of ['/app', '/app/dashboard']) {
        const response = await app.inject({ method: 'GET', url: address });
        expect(response.statusCode).toBe(503);
        expect(response.body).toContain('npm run build:console');
        expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      }
    } finally {
      await app.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
