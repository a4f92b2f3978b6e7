import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/kernel/errors';
import { systemContext, type RequestContext } from '../../src/platform/context';
import { startTestApp, type TestApp } from '../support/test-app';

/*
 * The outbox (public-api.md Events; docs/architecture.md, "A request"): deps.events.emit
 * inside deps.uow writes the event with the use case's other writes, or not at all.
 * Driven through composeApp's own deps over a real database.
 */

let t: TestApp;
let ctx: RequestContext;
let orgId: string;
beforeAll(async () => {
  t = await startTestApp();
  orgId = (await t.given.org()).orgId;
  ctx = systemContext(orgId, 'req_outbox_test');
});
afterAll(async () => { await t.close(); });

const rows = () => t.app.database.db.selectFrom('outbox_events').selectAll().where('org_id', '=', orgId).orderBy('event_id').execute();

/** Runs fn with the service clock at an instant (it keeps flowing from there). */
async function at<T>(iso: string, fn: () => Promise<T>): Promise<T> {
  const before = t.clock.now().getTime();
  t.clock.set(new Date(iso));
  try {
    return await fn();
  } finally {
    t.clock.set(new Date(before));
  }
}

describe('deps.events.emit inside deps.uow', () => {
  it('writes one outbox row whose payload is {event_id, event_type, occurred_at, org_id, data}', async () => {
    const data = { id: 'inv_1', number: 'INV-2031-32-001', customer_id: 'con_1', total: 1180.5, status: 'SENT' };
    const result = await at('2031-05-01T08:30:00Z', () =>
      t.app.deps.uow(ctx, async (tx) => {
        await t.app.deps.events.emit(tx, ctx, 'INVOICE_CREATED', data);
        return 'done';
      }));
    expect(result).toBe('done');

    const stored = await rows();
    expect(stored).toHaveLength(1);
    const row = stored[0]!;
    expect(row.event_id).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(row.event_type).toBe('INVOICE_CREATED');
    expect(row.published_at).toBeNull();
    expect(row.occurred_at.startsWith('2031-05-01T08:30:00')).toBe(true);

    const payload = JSON.parse(row.payload);
    expect(Object.keys(payload).sort()).toEqual(['data', 'event_id', 'event_type', 'occurred_at', 'org_id']);
    expect(payload).toEqual({
      event_id: row.event_id,
      event_type: 'INVOICE_CREATED',
      occurred_at: '2031-05-01T08:30:00Z',
      org_id: orgId,
      data,
    });
    // ISO 8601 UTC with a Z, as webhook bodies carry it.
    expect(payload.occurred_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/);
    expect(new Date(payload.occurred_at).toISOString().replace('.000', '')).toBe(payload.occurred_at);
  });

  it('gives each event of one unit of work its own id, all committed together', async () => {
    const before = (await rows()).length;
    await t.app.deps.uow(ctx, async (tx) => {
      await t.app.deps.events.emit(tx, ctx, 'BILL_CREATED', { id: 'bill_1', number: 'B-1', vendor_id: 'con_1', total: 10, status: 'OPEN', document_type: 'INVOICE', original_bill_id: null });
      await t.app.deps.events.emit(tx, ctx, 'BILL_PAID', { id: 'bill_1', number: 'B-1', vendor_id: 'con_1', total: 10, status: 'PAID', document_type: 'INVOICE', original_bill_id: null });
    });
    const after = await rows();
    expect(after).toHaveLength(before + 2);
    const fresh = after.filter((r) => r.event_type.startsWith('BILL_'));
    expect(new Set(fresh.map((r) => r.event_id)).size).toBe(2);
    expect(fresh.map((r) => JSON.parse(r.payload).data.status).sort()).toEqual(['OPEN', 'PAID']);
  });

  it('leaves no row when the unit of work throws after emitting', async () => {
    const before = await rows();
    const boom = new Error('failed after the emit');
    await expect(t.app.deps.uow(ctx, async (tx) => {
      await t.app.deps.events.emit(tx, ctx, 'PAYMENT_RECEIVED', { id: 'pay_1', number: null, contact_id: 'con_1', amount: 100, status: 'RECORDED' });
      throw boom;
    })).rejects.toBe(boom);
    expect(await rows()).toEqual(before);
  });

  it('leaves no row when a DomainError refuses the use case after emitting, nor the use case\'s other writes', async () => {
    const before = await rows();
    const activityBefore = await t.app.database.db.selectFrom('activity').select('event_id').where('org_id', '=', orgId).execute();
    await expect(t.app.deps.uow(ctx, async (tx) => {
      await t.app.deps.activity.record(tx, ctx, { entityType: 'PAYMENT', entityId: 'pay_2', verb: 'CREATED' });
      await t.app.deps.events.emit(tx, ctx, 'PAYMENT_MADE', { id: 'pay_2', number: null, contact_id: 'con_1', amount: 50, status: 'RECORDED' });
      throw new DomainError('conflict.invalid_state', 'refused after writing');
    })).rejects.toMatchObject({ code: 'conflict.invalid_state' });
    expect(await rows()).toEqual(before);
    expect(await t.app.database.db.selectFrom('activity').select('event_id').where('org_id', '=', orgId).execute()).toEqual(activityBefore);
  });

  it('leaves no row when the write after the emit fails in the database', async () => {
    const before = await rows();
    await expect(t.app.deps.uow(ctx, async (tx) => {
      await t.app.deps.events.emit(tx, ctx, 'EXPENSE_CREATED', { id: 'exp_1', reference_number: null, vendor_id: null, total: 10, status: 'RECORDED' });
      // The organisation row already exists: a primary-key violation aborts the transaction.
      const org = await tx.selectFrom('orgs').selectAll().where('org_id', '=', orgId).executeTakeFirstOrThrow();
      await tx.insertInto('orgs').values(org).execute();
    })).rejects.toThrow();
    expect(await rows()).toEqual(before);
  });
});
