import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where `npm run build:console` (the `prepare` script) writes the console's bundle. */
export const CONSOLE_DIST = fileURLToPath(new URL('../../console/dist/', import.meta.url));

/**
 * Only this origin, for everything the console loads or calls. Images may also be data: URLs,
 * which Pico CSS uses for its form controls' marks; they are part of the stylesheet, no request.
 */
export const CONSOLE_CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "font-src 'self'",
  "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
].join('; ');

const NOT_BUILT = '<!doctype html><html lang="en"><meta charset="utf-8"><title>Bahi</title>'
  + '<p>The console has not been built. Run <code>npm run build:console</code> (npm ci runs it) and restart.</p></html>';

/**
 * The web console at /app: files only, built beforehand. Every address under /app that is not a
 * file is the console's own page, so its index is sent and the console's router shows it.
 * Hashed assets never change (a year's cache); the index is asked for again each time.
 */
export async function registerConsole(app: FastifyInstance, dist = CONSOLE_DIST) {
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('Content-Security-Policy', CONSOLE_CSP);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Referrer-Policy', 'no-referrer');
      return payload;
    });
    const built = fs.existsSync(`${dist}/index.html`);
    if (!built) {
      const notBuilt = async (_request: unknown, reply: FastifyReply) => reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
      scope.get('/app', { schema: { hide: true } }, notBuilt);
      scope.get('/app/*', { schema: { hide: true } }, notBuilt);
      return;
    }
    await scope.register(fastifyStatic, {
      root: dist, prefix: '/app/', wildcard: false, index: false, schemaHide: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const page = async (_request: unknown, reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    scope.get('/app', { schema: { hide: true } }, page);
    scope.get('/app/*', { schema: { hide: true } }, page);
  });
}
