import fs from 'node:fs';
import http, { type IncomingHttpHeaders, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { errorBody } from '../http/error-handler';
import { serviceUnavailable } from '../kernel/errors';
import type { IdGenerator } from '../kernel/ids';

/*
 * On the embedded engine, several serving processes share one SQLite file, and SQLite lets one
 * connection write at a time. Each process writing for itself made them queue for that lock and
 * drop each other's page caches, so creates got slower than in one process
 * (docs/decisions.md "Serving from several processes"). So one process, the lead, makes every
 * write: the others answer reads themselves and pass every other request to the lead over a
 * Unix socket, body and answer streamed through unchanged. Correctness does not rest on this: a
 * write in any process would still be right, only slower.
 */

/** Requests that only read; everything else goes to the lead. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Headers about one connection, not the request: each hop has its own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

/** For a process other than the lead: reads to this process's own handler, the rest to the lead. */
export function forwardWritesTo(socketPath: string, ids: IdGenerator): (handler: RequestListener) => RequestListener {
  const agent = new http.Agent({ keepAlive: true });

  function unavailable(res: ServerResponse): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const id = ids.next('req');
    const error = serviceUnavailable('The service is restarting; retrying with the same Idempotency-Key is safe');
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', ...error.headers, 'x-request-id': id }).end(JSON.stringify(errorBody(error, id)));
  }

  function forward(req: IncomingMessage, res: ServerResponse): void {
    const upstream = http.request({ socketPath, agent, method: req.method, path: req.url, headers: endToEnd(req.headers) }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(res);
    });
    upstream.once('error', () => unavailable(res));
    // A client that goes away takes its forwarded request with it.
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  }

  return (handler) => (req, res) => (READS.has(req.method ?? '') ? handler(req, res) : forward(req, res));
}

/** For the lead: the same handler also answers the other processes' forwarded requests, on a Unix socket. */
export interface ForwardedWrites {
  route: (handler: RequestListener) => RequestListener;
  /** Opens the socket: once the server is ready, or a forwarded request could reach it half-built. */
  listen(): Promise<void>;
  close(): Promise<void>;
}

export function acceptForwardedWrites(socketPath: string): ForwardedWrites {
  let server: http.Server | null = null;
  return {
    route(handler) {
      server = http.createServer(handler);
      return handler;
    },
    async listen() {
      const opening = server;
      if (!opening) throw new Error('acceptForwardedWrites: route() was never given the handler');
      fs.rmSync(socketPath, { force: true }); // left by a lead that was killed (the directory is the supervisor's own)
      await new Promise<void>((resolve, reject) => {
        opening.once('error', reject);
        // exclusive: this process's own socket, not a handle shared through the cluster's primary.
        opening.listen({ path: socketPath, exclusive: true }, resolve);
      });
    },
    async close() {
      const closing = server;
      server = null;
      if (!closing?.listening) return;
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
      fs.rmSync(socketPath, { force: true });
    },
  };
}
