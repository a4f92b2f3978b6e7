import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { customer, taxId } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

let t: TestApp;
let org: OrgFixture;
let customerId: string;
let gst18: string;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await t.given.org();
  customerId = await customer(org.api);
  gst18 = await taxId(org.api, 18);
});
afterAll(async () => { await t.close(); });

const row = (extra: Record<string, unknown> = {}) => ({
  customer_id: customerId, date: '2026-06-15', place_of_supply: 'IN-KA', auto_approve: true,
  line_items: [{ name: 'Tea', hsn_or_sac: '0902', rate: 10, quantity: 3, tax_id: gst18 }], ...extra,
});

const bulkEvents = async () => (await t.app.database.db.selectFrom('outbox_events').select('payload')
  .where('org_id', '=', org.orgId).where('event_type', '=', 'INVOICE_BULK_CREATED').execute()).map((e) => JSON.parse(e.payload).data);

describe('POST /bulk/invoices', () => {
  it('answers 200 with results in input order; a failed row rolls back alone and carries its field path', async () => {
    const before = (await org.api.get('/invoices?per_page=200')).body.invoices.length;
    const res = await org.api.post('/bulk/invoices', {
      invoices: [row(), row({ line_items: [{ item_id: 'itm_missing' }] }), row({ place_of_supply: 'IN-IN' }), row({ line_items: 'x' }), row()],
    });
    expect(res.status).toBe(200);
    expect(res.body.summary).toEqual({ total: 5, succeeded: 2, failed: 3 });
    expect(res.body.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, false, false, false, true]);
    expect(res.body.results[0].invoice).toMatchObject({ status: 'SENT', total: 35.4 });
    expect(res.body.results[1].error).toEqual({ code: 'not_found.resource', message: expect.any(String), field: 'line_items[0].item_id' });
    expect(res.body.results[2].error).toMatchObject({ code: 'validation.invalid_value', field: 'place_of_supply' });
    expect(res.body.results[3].error).toMatchObject({ code: 'validation.invalid_value', field: 'line_items' });
    const after = (await org.api.get('/invoices?per_page=200')).body.invoices.length;
    expect(after).toBe(before + 2);
    expect(await bulkEvents()).toContainEqual({ count: 2, failed: 3, batch_size: 5 });
    const created = await t.app.database.db.selectFrom('outbox_events').select('event_type').where('org_id', '=', org.orgId)
      .where('event_type', '=', 'INVOICE_CREATED').execute();
    expect(created.length).toBeGreaterThanOrEqual(2);
    await expectBooksBalanced(org.api);
  });

  it('refuses an empty batch and more than 50 rows with 422, writing nothing', async () => {
    for (const invoices of [[], Array.from({ length: 51 }, () => row())]) {
      const res = await org.api.post('/bulk/invoices', { invoices });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ field: 'invoices' });
    }
    expect((await org.api.post('/bulk/invoices', { bills: [] })).status).toBe(400);
  });

  it('accepts exactly 50 rows, and a retry with the same key replays without creating anything twice', async () => {
    const key = newKey();
    const invoices = Array.from({ length: 50 }, () => row());
    const first = await org.api.post('/bulk/invoices', { invoices }, { idempotencyKey: key });
    expect(first.body.summary).toEqual({ total: 50, succeeded: 50, failed: 0 });
    const count = (await org.api.get('/invoices?per_page=200')).body.invoices.length;
    const again = await org.api.post('/bulk/invoices', { invoices }, { idempotencyKey: key });
    expect(again.body).toEqual(first.body);
    expect((await org.api.get('/invoices?per_page=200')).body.invoices.length).toBe(count);
    await expectBooksBalanced(org.api);
  });
});
