import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedTarget } from './ssrf-guard';

export const SEND_TIMEOUT_MS = 10_000;
export const RESPONSE_BODY_LIMIT = 2048;

export interface SendResult {
  /** The HTTP status, or null when no response came (timeout, refused connection, guard). */
  status: number | null;
  latencyMs: number;
  /** The first RESPONSE_BODY_LIMIT bytes of the response body. */
  body: string | null;
  error: string | null;
}

export type WebhookSender = (target: ResolvedTarget, headers: Record<string, string>, body: string) => Promise<SendResult>;

/** Idle keep-alive connections are closed after this; at most this many per address. */
const IDLE_SOCKET_MS = 15_000;
const SOCKETS_PER_ADDRESS = 16;
const MAX_AGENTS = 256;

/**
 * Keep-alive agents, one per checked address (and port, scheme and TLS name). A pooled
 * connection is only ever reused for the very address it was opened to, which the guard
 * checked then and checks again (by resolving the URL) before each attempt picks an agent: a
 * DNS answer that changes cannot send a request down a connection to an address it did not
 * check. Saves a TCP (and TLS) handshake per delivery when one receiver gets many.
 */
const agents = new Map<string, http.Agent>();

function agentFor(target: ResolvedTarget): http.Agent {
  const key = `${target.url.protocol}//${target.address}:${target.url.port}/${target.url.hostname}`;
  let agent = agents.get(key);
  if (!agent) {
    if (agents.size >= MAX_AGENTS) {
      const [oldestKey, oldest] = agents.entries().next().value as [string, http.Agent];
      oldest.destroy();
      agents.delete(oldestKey);
    }
    const options = { keepAlive: true, maxSockets: SOCKETS_PER_ADDRESS, maxFreeSockets: SOCKETS_PER_ADDRESS, timeout: IDLE_SOCKET_MS };
    agent = target.url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/**
 * POSTs once. The connection goes to the address the guard checked (a fixed `lookup`, and a
 * keep-alive pool of that address only), while the URL's host stays in the Host header and in
 * TLS SNI and certificate checks. Redirects
 * are not followed (a 3xx is a failed attempt); the whole exchange is bounded by 10 s.
 */
export const httpSender: WebhookSender = (target, headers, body) => new Promise((resolve) => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let settled = false;
  const finish = (result: Omit<SendResult, 'latencyMs'>) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    resolve({ ...result, latencyMs: elapsed() });
  };
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const transport = target.url.protocol === 'https:' ? https : http;
  const request = transport.request(target.url, {
    method: 'POST', lookup: pinned, agent: agentFor(target),
    headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)), 'User-Agent': 'Bahi-Webhooks/1' },
  }, (response) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    response.on('data', (chunk: Buffer) => {
      if (kept < RESPONSE_BODY_LIMIT) {
        chunks.push(chunk);
        kept += chunk.length;
      }
    });
    response.on('end', () => finish({
      status: response.statusCode ?? null,
      body: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'),
      error: null,
    }));
    response.on('error', (err) => finish({ status: response.statusCode ?? null, body: null, error: err.message }));
  });
  const timer = setTimeout(() => {
    finish({ status: null, body: null, error: `timed out after ${SEND_TIMEOUT_MS} ms` });
    request.destroy();
  }, SEND_TIMEOUT_MS);
  request.on('error', (err) => finish({ status: null, body: null, error: err.message }));
  request.end(body);
});
