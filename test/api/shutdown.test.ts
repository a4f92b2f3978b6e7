import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../../bench/server-process';
import { HttpClient } from '../support/http-client';
import { ADMIN_TOKEN, givenThrough, newKey, PUBLIC, startTestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/*
 * SIGTERM to `npm start`'s process: /readyz answers 503 at once, it stops taking connections, the
 * requests in flight finish (each answer closing its connection), idle keep-alive connections
 * are closed at once, and the process exits within BAHI_SHUTDOWN_SECONDS whatever the clients do.
 */

interface RawAnswer { status: number; headers: Record<string, string>; body: string }

/** One keep-alive connection spoken to byte by byte, so a test can leave it idle or send half a request. */
class RawConnection {
  private buffered = '';
  private waiting: (() => void) | null = null;
  closed = false;

  private constructor(private readonly socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffered += chunk;
      this.waiting?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
    socket.on('error', () => {});
  }

  static open(origin: string): Promise<RawConnection> {
    const { hostname, port } = new URL(origin);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** The next whole answer on this connection (answers here always carry Content-Length). */
  async answer(): Promise<RawAnswer> {
    for (;;) {
      const end = this.buffered.indexOf('\r\n\r\n');
      if (end >= 0) {
        const [statusLine, ...lines] = this.buffered.slice(0, end).split('\r\n');
        const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
        const length = Number(headers['content-length'] ?? 0);
        if (this.buffered.length >= end + 4 + length) {
          const body = this.buffered.slice(end + 4, end + 4 + length);
          this.buffered = this.buffered.slice(end + 4 + length);
          return { status: Number(statusLine!.split(' ')[1]), headers, body };
        }
      }
      if (this.closed) throw new Error('connection closed before a whole answer');
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  async get(path: string): Promise<RawAnswer> {
    this.write(`GET ${path} HTTP/1.1\r\nHost: bahi\r\n\r\n`);
    return this.answer();
  }
}

let db: TestDatabase | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop();
  await db?.drop();
  server = undefined;
  db = undefined;
});

async function start(env: Record<string, string> = {}) {
  db = await createTestDatabase();
  server = await startServer({ databaseUrl: db.databaseUrl, dataDir: db.dataDir, adminToken: ADMIN_TOKEN, env });
  const given = givenThrough(new HttpClient(`${server.origin}/api/admin/v1`, ADMIN_TOKEN), new HttpClient(`${server.origin}${PUBLIC}`));
  return { server, org: await given.org() };
}

describe('graceful shutdown', () => {
  it('closes idle keep-alive connections at once and exits 0 well before their keep-alive timeout', async () => {
    const { server } = await start();
    const idle = await Promise.all([1, 2, 3].map(() => RawConnection.open(server.origin)));
    for (const connection of idle) expect((await connection.get('/healthz')).status).toBe(200);
    const signalledAt = performance.now();
    process.kill(server.pid, 'SIGTERM');
    const { code } = await server.exit;
    expect(code).toBe(0);
    expect(performance.now() - signalledAt).toBeLessThan(3000);
    expect(idle.every((c) => c.closed)).toBe(true);
  }, 60_000);

  it('finishes a request in flight, its answer closing the connection, then exits 0', async () => {
    const { server, org } = await start();
    const inFlight = await RawConnection.open(server.origin);
    const body = JSON.stringify({ contact_name: 'Sent across the shutdown', contact_type: 'CUSTOMER' });
    const half = Math.floor(body.length / 2);
    inFlight.write(`POST ${PUBLIC}/contacts HTTP/1.1\r\nHost: bahi\r\nAuthorization: Bearer ${org.token}\r\nIdempotency-Key: ${newKey()}\r\n`
      + `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));

    process.kill(server.pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // No longer accepting: a new connection is refused.
    await expect(RawConnection.open(server.origin)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    inFlight.write(body.slice(half));
    const created = await inFlight.answer();
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body).contact.contact_name).toBe('Sent across the shutdown');
    expect(created.headers.connection).toBe('close');
    expect((await server.exit).code).toBe(0);
  }, 60_000);

  it('exits after BAHI_SHUTDOWN_SECONDS even when a request never finishes', async () => {
    const { server, org } = await start({ BAHI_SHUTDOWN_SECONDS: '2' });
    const stuck = await RawConnection.open(server.origin);
    stuck.write(`POST ${PUBLIC}/contacts HTTP/1.1\r\nHost: bahi\r\nAuthorization: Bearer ${org.token}\r\nIdempotency-Key: ${newKey()}\r\n`
      + 'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"contact_name":');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalledAt = performance.now();
    process.kill(server.pid, 'SIGTERM');
    const { code } = await server.exit;
    const took = performance.now() - signalledAt;
    expect(code).toBe(1);
    expect(took).toBeGreaterThan(1900);
    expect(took).toBeLessThan(5000);
  }, 60_000);
});

describe('draining (from the shutdown signal on)', () => {
  it('/readyz answers 503 and every answer closes its connection; /healthz stays 200', async () => {
    const t = await startTestApp();
    try {
      t.app.readiness.draining = true;
      const ready = await fetch(`${t.baseUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ code: 'service.unavailable', message: expect.stringContaining('shutting down') });
      expect(ready.headers.get('connection')).toBe('close');
      const health = await fetch(`${t.baseUrl}/healthz`);
      expect(health.status).toBe(200);
      expect(health.headers.get('connection')).toBe('close');
      t.app.readiness.draining = false;
      const again = await fetch(`${t.baseUrl}/readyz`);
      expect(again.status).toBe(200);
      expect(again.headers.get('connection')).not.toBe('close');
    } finally {
      await t.close();
    }
  });
});
