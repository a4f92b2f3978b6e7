import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statFields } from '../../bench/cpu';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../src/kernel/errors';
import { expectBooksBalanced } from '../support/books';
import { customer, postedInvoice } from '../support/sales';
import { startServerApp, type ServerApp } from '../support/server-app';
import { newKey, PUBLIC } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { expectValidDelivery, Receiver } from '../support/webhook-receiver';

/*
 * BAHI_PROCESSES=2 (docs/decisions.md "Serving from several processes"): `npm start`'s entry as
 * a real supervisor with two serving processes on one port. Node's cluster gives each new
 * connection to the next process in turn, so every request here goes over a connection of its
 * own, and consecutive requests reach both processes.
 */

let db: TestDatabase;
let server: ServerApp;
let receiver: Receiver;

beforeAll(async () => {
  db = await createTestDatabase();
  receiver = new Receiver();
  await receiver.start();
  server = await startServerApp(db, { BAHI_PROCESSES: '2', BAHI_WEBHOOK_ALLOW_PRIVATE: '1', BAHI_WORKER_POLL_MS: '100' });
}, 90_000);
afterAll(async () => {
  await server?.process.stop();
  await receiver.stop();
  await db.drop();
});

interface Answer { status: number; headers: http.IncomingHttpHeaders; body: any } // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * One request on a connection of its own (no keep-alive pool), so the cluster picks a process for
 * it. Fails after `timeoutMs` without an answer.
 */
function alone(method: string, path: string, token: string, body?: unknown, timeoutMs = 10_000, idempotencyKey = newKey()): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.process.origin}${PUBLIC}${path}`, {
      method, agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload !== undefined && { 'content-type': 'application/json', 'idempotency-key': idempotencyKey }),
      },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => {
        resolve({ status: response.statusCode!, headers: response.headers, body: text ? JSON.parse(text) : undefined });
      });
    });
    request.once('error', reject);
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.end(payload);
  });
}

/** The serving processes' pids: the supervisor's children running the entry (not tsx's esbuild) (Linux /proc). */
function servingProcesses(): number[] {
  const supervisor = server.process.pid;
  return fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e)).map(Number).filter((pid) => {
    try {
      const parent = Number(statFields(`/proc/${pid}/stat`)[1]);
      return parent === supervisor && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('src/main/api.ts');
    } catch {
      return false; // exited meanwhile
    }
  });
}

/** The lead's socket for the peers' writes, as the supervisor gave it to the serving processes (embedded database only). */
function leadSocket(): string | undefined {
  const environ = fs.readFileSync(`/proc/${servingProcesses()[0]}/environ`, 'utf8').split('\0');
  return environ.find((v) => v.startsWith('BAHI_LEAD_SOCKET='))?.slice('BAHI_LEAD_SOCKET='.length);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('BAHI_PROCESSES=2', () => {
  it('serves from two processes under one supervisor', () => {
    expect(servingProcesses()).toHaveLength(2);
  });

  it.runIf(!process.env.TEST_DATABASE_URL)('on the embedded database, takes the peers\' writes on a socket in a directory only its own user can enter', () => {
    const socket = leadSocket()!;
    expect(fs.statSync(socket).isSocket()).toBe(true);
    expect(fs.statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
  });

  it('reads what was written through any connection back through every other, and the books balance', async () => {
    const org = await server.given.org();
    const contactIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await alone('POST', '/contacts', org.token, { contact_name: `Across ${i}`, contact_type: 'CUSTOMER' });
      expect(res.status).toBe(201);
      contactIds.push(res.body.contact.contact_id);
    }
    for (const [i, id] of contactIds.entries()) {
      for (let read = 0; read < 4; read++) {
        const res = await alone('GET', `/contacts/${id}`, org.token);
        expect(res.status).toBe(200);
        expect(res.body.contact.contact_name).toBe(`Across ${i}`);
      }
    }
    const invoice = await alone('POST', '/invoices', org.token, {
      customer_id: contactIds[0], date: '2026-11-20', place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Service', hsn_or_sac: '9983', rate: 1180, quantity: 1 }],
    });
    expect(invoice.status).toBe(201);
    for (let read = 0; read < 4; read++) {
      const res = await alone('GET', `/invoices/${invoice.body.invoice.invoice_id}`, org.token);
      expect(res.body.invoice).toMatchObject({ invoice_number: invoice.body.invoice.invoice_number, total: 1180, balance: 1180 });
    }
    await expectBooksBalanced(org.api);
  });

  it('answers a retried create with the first answer, whichever process the retry reaches', async () => {
    const org = await server.given.org();
    const key = newKey();
    const body = { contact_name: 'Retried', contact_type: 'CUSTOMER' };
    const answers = await Promise.all([0, 1, 2, 3].map(() => alone('POST', '/contacts', org.token, body, 10_000, key)));
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    // A retry that arrives while the first is still running is told so; every other gets the same contact.
    for (const a of answers) expect([201, 409]).toContain(a.status);
    expect(new Set(created.map((a) => a.body.contact.contact_id)).size).toBe(1);
    const again = await alone('POST', '/contacts', org.token, body, 10_000, key);
    expect(again.body.contact.contact_id).toBe(created[0]!.body.contact.contact_id);
    const list = await alone('GET', '/contacts?per_page=200', org.token);
    expect(list.body.contacts.filter((c: { contact_name: string }) => c.contact_name === 'Retried')).toHaveLength(1);
  });

  it('holds a token to its rate limit across both processes', async () => {
    const org = await server.given.org({ rate_limit_per_minute: 12 });
    // The limit counts per calendar minute: start where the twenty requests cannot straddle two.
    const secondsLeft = 60 - ((Date.now() / 1000) % 60);
    if (secondsLeft < 10) await pause(secondsLeft * 1000 + 100);
    const answers: Answer[] = [];
    // Further apart than the processes report their counts (SYNC_MS), so each knows the other's.
    for (let i = 0; i < 20; i++) {
      answers.push(await alone('GET', '/contacts', org.token));
      await pause(30);
    }
    const allowed = answers.filter((a) => a.status === 200);
    expect(allowed).toHaveLength(12);
    expect(allowed.map((a) => Number(a.headers['x-ratelimit-remaining']))).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    for (const refused of answers.slice(12)) {
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('rate_limit.exceeded');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('refuses a revoked token in every process at once', async () => {
    const org = await server.given.org();
    for (let i = 0; i < 4; i++) expect((await alone('GET', '/contacts', org.token)).status).toBe(200); // both have served it
    expect((await server.admin.post(`/tokens/${org.tokenId}/revoke`)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await alone('GET', '/contacts', org.token)).status).toBe(401);
  });

  it('runs the background work once: an event is delivered once', async () => {
    const org = await server.given.org();
    const endpoint = await org.api.post('/webhooks/endpoints', { url: receiver.url, events: ['INVOICE_CREATED'] });
    expect(endpoint.status).toBe(201);
    const invoice = await postedInvoice(org.api, await customer(org.api), 500);
    await receiver.until((got) => got.some((r) => r.body.org_id === org.orgId));
    await pause(500); // a few more ticks: nothing more comes
    const got = receiver.ofOrg(org.orgId);
    expect(got).toHaveLength(1);
    expect(got[0]!.body).toMatchObject({ event_type: 'INVOICE_CREATED', data: { id: invoice.invoice_id } });
    expectValidDelivery(got[0]!, endpoint.body.endpoint.secret, org.orgId);
  });

  it('replaces a serving process that dies; meanwhile a write gets 503 with Retry-After, or no answer if its connection went to the dying process', async () => {
    const org = await server.given.org();
    const [lead] = servingProcesses().sort((a, b) => a - b); // the lead starts first
    process.kill(lead!, 'SIGKILL');
    const deadline = Date.now() + 30_000;
    let created = 0;
    while (created < 4 && Date.now() < deadline) {
      // Node's cluster may hand a new connection to the process just killed: it is never answered.
      const res = await alone('POST', '/contacts', org.token, { contact_name: 'After the crash', contact_type: 'CUSTOMER' }, 2000).catch(() => null);
      if (res) {
        if (res.status === 201) created += 1;
        else {
          expect(res.status).toBe(503);
          expect(res.body.code).toBe('service.unavailable');
          expect(res.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        }
      }
      await pause(100);
    }
    expect(created).toBe(4);
    // On PostgreSQL the peer writes for itself, so the creates may succeed before the lead is replaced.
    while (servingProcesses().length < 2 && Date.now() < deadline) await pause(100);
    const replaced = servingProcesses();
    expect(replaced).toHaveLength(2);
    expect(replaced).not.toContain(lead);
    await expectBooksBalanced(org.api);
  }, 60_000);

  it('stops every serving process when the supervisor is told to stop, and removes the socket\'s directory', async () => {
    const serving = servingProcesses();
    const socket = leadSocket();
    await server.process.stop();
    for (const pid of serving) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
    if (socket) expect(fs.existsSync(path.dirname(socket))).toBe(false);
  });
});
