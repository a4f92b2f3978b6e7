import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/database';
import { buildServer } from '../../src/http/server';
import { route, type RouteDef } from '../../src/http/route';
import { DomainError } from '../../src/kernel/errors';
import type { App } from '../../src/main/compose';
import { contactsService } from '../../src/modules/contacts';
import { Contact, CreateContactBody } from '../../src/modules/contacts/contacts.schemas';
import { ForegroundGate } from '../../src/platform/foreground';
import { unitOfWork, type UnitOfWork } from '../../src/platform/unit-of-work';
import { HttpClient } from './http-client';
import { PUBLIC } from './test-app';

/**
 * A second, small server over an app's real dependencies (database, idempotency store,
 * tokens, rate limiter), serving synthetic routes that the real tree cannot offer yet:
 * routes on the mandatory-key list, a route that crashes with a 5xx after writing, one
 * that refuses with a 4xx after writing, and hold points to stage concurrent requests.
 * Every route creates a contact through the real contacts service, so "did it write?"
 * is a row count.
 *
 *  POST /probe/contacts  idempotency 'required'; creates the contact
 *  POST /probe/flaky     idempotency 'required'; writes, then throws a plain Error
 *                        while failures remain (see failNext), else succeeds
 *  POST /probe/refuse    idempotency 'required'; writes, then throws a 409 DomainError
 */
export type ProbeRoute = 'contacts' | 'flaky' | 'refuse';

/**
 * Where an armed hold stops the next use case:
 *  - 'before-transaction': the unit of work has entered the key but has not begun its
 *    transaction (holds no database lock), like a request waiting for BEGIN IMMEDIATE;
 *  - 'after-write': inside the transaction, after the claim and the contact insert.
 */
export type HoldPoint = 'before-transaction' | 'after-write';

export interface Hold {
  /** Resolves once a request has reached the hold point and is waiting there. */
  reached: Promise<void>;
  release(): void;
}

export interface Probe {
  baseUrl: string;
  server: FastifyInstance;
  /** A public-API client of the probe server (paths like /probe/contacts). */
  client(token: string): HttpClient;
  /** How many times each route's use case body ran (after the claim, inside the transaction). */
  executions: Record<ProbeRoute, number>;
  /** The next n executions of /probe/flaky throw a plain Error after writing. */
  failNext(n: number): void;
  /** Stops the next use case (any probe route) that passes the point until released. */
  hold(point: HoldPoint): Hold;
  close(): Promise<void>;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

export async function startProbe(app: App): Promise<Probe> {
  const executions: Record<ProbeRoute, number> = { contacts: 0, flaky: 0, refuse: 0 };
  const holds = new Map<HoldPoint, { reached: () => void; released: Promise<void> }>();
  let failuresLeft = 0;

  async function pass(point: HoldPoint): Promise<void> {
    const hold = holds.get(point);
    if (!hold) return;
    holds.delete(point);
    hold.reached();
    await hold.released;
  }

  // The real unit of work and idempotency store; only the start of the transaction can be held.
  const gatedDatabase: Database = {
    ...app.database,
    transaction: async (work) => {
      await pass('before-transaction');
      return app.database.transaction(work);
    },
  };
  const baseUow = unitOfWork(gatedDatabase, app.deps.idempotency);

  const serviceFor = (name: ProbeRoute, afterWrite: () => Promise<void>) => {
    const uow: UnitOfWork = (ctx, work) =>
      baseUow(ctx, async (tx) => {
        executions[name] += 1;
        const result = await work(tx);
        await pass('after-write');
        await afterWrite();
        return result;
      });
    return contactsService({ ...app.deps, uow, referenceCounters: [] });
  };

  const plain = serviceFor('contacts', async () => {});
  const flaky = serviceFor('flaky', async () => {
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('probe: simulated crash after the write');
    }
  });
  const refuse = serviceFor('refuse', async () => {
    throw new DomainError('conflict.invalid_state', 'probe: refused after the write');
  });

  const probeRoute = (name: ProbeRoute, service: typeof plain): RouteDef =>
    route({
      method: 'POST', url: `/probe/${name}`, operationId: `probe_${name}`, summary: `probe ${name}`, tags: ['Probe'],
      access: 'Svc.contacts.CREATE', idempotency: 'required', body: CreateContactBody, status: 201, response: { contact: Contact },
      handle: ({ ctx, body }) => service.createContact(ctx, body),
    });

  const server = await buildServer({
    database: app.database,
    ids: app.deps.ids,
    idempotency: app.deps.idempotency,
    tokens: app.tokens,
    rateLimiter: app.deps.rateLimiter,
    verifyAdmin: () => false,
    routes: [probeRoute('contacts', plain), probeRoute('flaky', flaky), probeRoute('refuse', refuse)],
    bodyLimitBytes: 1_048_576,
    logger: false,
    foreground: new ForegroundGate(),
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('probe server did not bind a TCP port');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  return {
    baseUrl,
    server,
    client: (token) => new HttpClient(`${baseUrl}${PUBLIC}`, token),
    executions,
    failNext(n) {
      failuresLeft = n;
    },
    hold(point) {
      if (holds.has(point)) throw new Error(`a hold at ${point} is already armed`);
      const reached = deferred();
      const released = deferred();
      holds.set(point, { reached: reached.resolve, released: released.promise });
      return { reached: reached.promise, release: released.resolve };
    },
    close: () => server.close(),
  };
}
