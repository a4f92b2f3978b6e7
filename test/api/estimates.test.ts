import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../support/http-client';
import { customer, taxId } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

let t: TestApp;
let org: OrgFixture;
let gst18: string;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await t.given.org({ state_code: 'IN-KA' });
  gst18 = await taxId(org.api, 18);
});
afterAll(async () => { await t.close(); });

const line = (rate: number, extra: Record<string, unknown> = {}) => ({ name: 'Design work', rate, quantity: 1, tax_id: gst18, ...extra });

/** A DRAFT estimate for a new customer; the body's fields override the defaults. */
async function draft(o: OrgFixture = org, body: Record<string, unknown> = {}) {
  const customerId = (body.customer_id as string | undefined) ?? await customer(o.api);
  const gst = o === org ? gst18 : await taxId(o.api, 18);
  const res = await o.api.post('/estimates', { customer_id: customerId, date: '2026-06-15', line_items: [line(1000, { tax_id: gst })], ...body });
  if (res.status !== 201) throw new Error(`estimate: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.estimate;
}

/** The `data` of the outbox events of one type about one resource. */
async function eventData(orgId: string, type: string, id: string) {
  const rows = await t.app.database.db.selectFrom('outbox_events').select('payload')
    .where('org_id', '=', orgId).where('event_type', '=', type).execute();
  return rows.map((r) => JSON.parse(r.payload).data).filter((d) => d.id === id);
}

const actions = async (o: OrgFixture, estimateId: string) => {
  const res = await o.api.get(`/estimates/${estimateId}/activity`);
  expect(res.status).toBe(200);
  return res.body.activity.map((a: { action: string }) => a.action);
};

describe('creating estimates', () => {
  it('creates a DRAFT numbered EST-26-27-00001 per registration, GST split, posting nothing, announced and logged', async () => {
    const o = await t.given.org({ state_code: 'IN-KA' });
    const customerId = await customer(o.api, { place_of_contact: 'IN-KA' });
    const res = await o.api.post('/estimates', {
      customer_id: customerId, date: '2026-06-15', expiry_date: '2026-07-15', reference_number: 'RFQ-9', notes: 'Valid 30 days',
      line_items: [line(1000, { tax_id: await taxId(o.api, 18) }), line(250.5, { quantity: 2, discount: 1, tax_id: null })],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('The estimate has been created.');
    const est = res.body.estimate;
    expect(est).toMatchObject({
      estimate_number: 'EST-26-27-00001', status: 'DRAFT', customer_id: customerId, place_of_supply: 'IN-KA', branch_id: o.defaultBranchId,
      date: '2026-06-15T00:00:00', expiry_date: '2026-07-15T00:00:00', reference_number: 'RFQ-9', notes: 'Valid 30 days',
      // 1000 + (2 × 250.50 − 1) = 1500; 18% of 1000 = 180 split 90/90.
      sub_total: 1500, tax_total: 180, cgst_total: 90, sgst_total: 90, igst_total: 0, total: 1680, converted_to_sales_order_id: null,
    });
    expect(est.line_items).toEqual([
      expect.objectContaining({ name: 'Design work', rate: 1000, item_total: 1000, tax_percentage: 18, cgst_amount: 90, sgst_amount: 90 }),
      expect.objectContaining({ rate: 250.5, quantity: 2, discount: 1, item_total: 500, tax_id: null, tax_amount: 0 }),
    ]);
    expect(est.estimate_id).toMatch(/^est_/);
    const second = await draft(o);
    expect(second.estimate_number).toBe('EST-26-27-00002');

    expect((await o.api.get(`/journals?source_id=${est.estimate_id}`)).body.journals).toHaveLength(0);
    expect(await eventData(o.orgId, 'ESTIMATE_CREATED', est.estimate_id)).toEqual([
      { id: est.estimate_id, number: 'EST-26-27-00001', customer_id: customerId, total: 1680, status: 'DRAFT' },
    ]);
    expect(await actions(o, est.estimate_id)).toEqual(['ESTIMATE_CREATED']);
    const got = await o.api.get(`/estimates/${est.estimate_id}`);
    expect(got.status).toBe(200);
    expect(got.body.estimate).toEqual(est);
  });

  it("defaults place_of_supply to the customer's place_of_contact; an explicit one wins and is normalised", async () => {
    const inMaharashtra = await customer(org.api, { place_of_contact: 'IN-MH' });
    const defaulted = await draft(org, { customer_id: inMaharashtra });
    expect(defaulted).toMatchObject({ place_of_supply: 'IN-MH', igst_total: 180, cgst_total: 0, sgst_total: 0, total: 1180 });
    const explicit = await draft(org, { customer_id: inMaharashtra, place_of_supply: '29-Karnataka' });
    expect(explicit).toMatchObject({ place_of_supply: 'IN-KA', igst_total: 0, cgst_total: 90, sgst_total: 90 });
  });

  it('refuses: unresolvable place_of_supply 422, nothing to default from 400, bad lines and dates 400, foreign ids 404', async () => {
    const customerId = await customer(org.api);
    const base = { customer_id: customerId, date: '2026-06-15', line_items: [line(10)] };
    const post = (body: Record<string, unknown>, o: OrgFixture = org) => o.api.post('/estimates', { ...base, ...body });

    const pos = await post({ place_of_supply: 'IN-IN' });
    expect(pos.status).toBe(422);
    expect(pos.body).toMatchObject({ code: 'validation.invalid_value', field: 'place_of_supply' });

    // Contacts always get a place_of_contact now; an older row may lack one.
    const bare = await customer(org.api);
    await t.app.database.db.updateTable('contacts').set({ place_of_contact: null }).where('contact_id', '=', bare).execute();
    const missing = await post({ customer_id: bare });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'validation.required_field', field: 'place_of_supply' });
    expect((await post({ customer_id: bare, place_of_supply: 'IN-TN' })).status).toBe(201);

    const expiry = await post({ expiry_date: '2026-06-14' });
    expect(expiry.status).toBe(400);
    expect(expiry.body).toMatchObject({ code: 'validation.invalid_value', field: 'expiry_date' });
    const adhoc = await post({ line_items: [{ name: 'No rate' }] });
    expect(adhoc.body).toMatchObject({ code: 'validation.required_field', field: 'line_items[0].rate' });
    const discount = await post({ line_items: [line(10, { discount: 11 })] });
    expect(discount.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[0].discount' });
    const huge = await post({ line_items: [line(99_999_999.99, { quantity: 123_456.789 })] });
    expect(huge.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[0].quantity' });
    const summed = await post({ line_items: [line(600_000_000_000), line(600_000_000_000)] });
    expect(summed.body).toMatchObject({ code: 'validation.invalid_value', field: 'total' });
    const empty = await post({ line_items: [] });
    expect(empty.status).toBe(400);
    const vendor = await customer(org.api, { contact_type: 'VENDOR' });
    expect((await post({ customer_id: vendor })).body).toMatchObject({ code: 'validation.invalid_value', field: 'customer_id' });

    const other = await t.given.org();
    const foreignCustomer = await post({}, other);
    expect(foreignCustomer.status).toBe(404);
    expect(foreignCustomer.body).toMatchObject({ code: 'not_found.resource', field: 'customer_id' });
    const foreignItem = await other.api.post('/items', { name: 'Theirs', rate: 5 });
    const item = await post({ line_items: [line(10), { item_id: foreignItem.body.item.item_id }] });
    expect(item.status).toBe(404);
    expect(item.body).toMatchObject({ code: 'not_found.resource', field: 'line_items[1].item_id' });
    const branch = await post({ branch_id: other.defaultBranchId });
    expect(branch.status).toBe(404);
    expect(branch.body).toMatchObject({ code: 'not_found.resource', field: 'branch_id' });

    // A refused create writes nothing.
    const list = await org.api.get(`/estimates?customer_id=${customerId}`);
    expect(list.body.estimates).toHaveLength(0);
  });

  it("answers another organisation's estimate with 404 on every operation", async () => {
    const est = await draft();
    const other = await t.given.org();
    const calls = [
      other.api.get(`/estimates/${est.estimate_id}`),
      other.api.put(`/estimates/${est.estimate_id}`, { notes: 'x' }),
      other.api.post(`/estimates/${est.estimate_id}/accept`),
      other.api.post(`/estimates/${est.estimate_id}/convert`),
      other.api.delete(`/estimates/${est.estimate_id}`),
      other.api.get(`/estimates/${est.estimate_id}/activity`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found.resource');
    }
    expect((await org.api.get(`/estimates/${est.estimate_id}`)).body.estimate.notes).toBeNull();
  });
});

describe('listing estimates', () => {
  it('walks the cursor newest first and filters by status and customer', async () => {
    const o = await t.given.org();
    const a = await customer(o.api);
    const b = await customer(o.api);
    const made = [await draft(o, { customer_id: a }), await draft(o, { customer_id: b }), await draft(o, { customer_id: a })];
    await o.api.post(`/estimates/${made[1].estimate_id}/accept`);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: ApiResponse = await o.api.get(`/estimates?per_page=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.page_context.per_page).toBe(2);
      seen.push(...res.body.estimates.map((e: { estimate_id: string }) => e.estimate_id));
      cursor = res.body.page_context.has_more_page ? res.body.page_context.next_cursor : null;
    } while (cursor);
    expect(seen).toEqual(made.map((e) => e.estimate_id).reverse());

    const ids = (res: { body: { estimates: { estimate_id: string }[] } }) => res.body.estimates.map((e) => e.estimate_id);
    expect(ids(await o.api.get(`/estimates?customer_id=${a}`))).toEqual([made[2].estimate_id, made[0].estimate_id]);
    expect(ids(await o.api.get('/estimates?status=ACCEPTED'))).toEqual([made[1].estimate_id]);
    expect(ids(await o.api.get(`/estimates?status=DRAFT&customer_id=${b}`))).toEqual([]);
    const list = await o.api.get('/estimates?per_page=1');
    expect(list.body.estimates[0].line_items).toHaveLength(1);

    expect((await o.api.get('/estimates?status=LOST')).body).toMatchObject({ code: 'validation.invalid_value', field: 'status' });
    expect((await o.api.get('/estimates?cursor=bogus')).body).toMatchObject({ code: 'validation.invalid_value', field: 'cursor' });
    expect((await o.api.get('/estimates?per_page=201')).status).toBe(400);
  });
});

describe('updating estimates: header and status', () => {
  it('edits the header, logs the changes, and writes nothing for a PUT that changes nothing', async () => {
    const est = await draft(org, { notes: 'First' });
    const res = await org.api.put(`/estimates/${est.estimate_id}`, { reference_number: 'RFQ-1', expiry_date: '2026-06-30', notes: null });
    expect(res.status).toBe(200);
    expect(res.body.estimate).toMatchObject({ reference_number: 'RFQ-1', expiry_date: '2026-06-30T00:00:00', notes: null, status: 'DRAFT', total: 1180 });
    const same = await org.api.put(`/estimates/${est.estimate_id}`, { reference_number: 'RFQ-1', status: 'DRAFT' });
    expect(same.status).toBe(200);
    const log = await org.api.get(`/estimates/${est.estimate_id}/activity`);
    expect(log.body.activity.map((a: { action: string }) => a.action)).toEqual(['ESTIMATE_UPDATED', 'ESTIMATE_CREATED']);
    expect(log.body.activity[0].changes).toEqual({
      reference_number: { old: null, new: 'RFQ-1' }, expiry_date: { old: null, new: '2026-06-30' }, notes: { old: 'First', new: null },
    });

    const early = await org.api.put(`/estimates/${est.estimate_id}`, { expiry_date: '2026-06-01' });
    expect(early.body).toMatchObject({ code: 'validation.invalid_value', field: 'expiry_date' });
    const lines = await org.api.put(`/estimates/${est.estimate_id}`, { line_items: [line(1)] });
    expect(lines.status).toBe(400);
    expect(lines.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items' });
  });

  // Every (from, to) pair through PUT; ACCEPTED and CONVERTED are only reached through their endpoints.
  const MOVES: [from: string, to: string, allowed: boolean][] = [
    ['DRAFT', 'SENT', true], ['DRAFT', 'DECLINED', true], ['DRAFT', 'CANCELLED', false], ['DRAFT', 'ACCEPTED', false], ['DRAFT', 'CONVERTED', false],
    ['SENT', 'DECLINED', true], ['SENT', 'CANCELLED', true], ['SENT', 'DRAFT', false], ['SENT', 'ACCEPTED', false],
    ['ACCEPTED', 'SENT', false], ['ACCEPTED', 'DECLINED', false], ['ACCEPTED', 'CANCELLED', false],
    ['DECLINED', 'SENT', false], ['DECLINED', 'DRAFT', false], ['CANCELLED', 'SENT', false], ['CANCELLED', 'DECLINED', false],
  ];

  /** An estimate brought to `status` through the API. */
  async function inStatus(status: string) {
    const est = await draft();
    const path = `/estimates/${est.estimate_id}`;
    if (status === 'SENT' || status === 'CANCELLED') expect((await org.api.put(path, { status: 'SENT' })).status).toBe(200);
    if (status === 'CANCELLED') expect((await org.api.put(path, { status: 'CANCELLED' })).status).toBe(200);
    if (status === 'DECLINED') expect((await org.api.put(path, { status: 'DECLINED' })).status).toBe(200);
    if (status === 'ACCEPTED') expect((await org.api.post(`${path}/accept`)).status).toBe(200);
    return est.estimate_id as string;
  }

  it.each(MOVES)('PUT status %s → %s: allowed %s', async (from, to, allowed) => {
    const id = await inStatus(from);
    const res = await org.api.put(`/estimates/${id}`, { status: to });
    if (allowed) {
      expect(res.status).toBe(200);
      expect(res.body.estimate.status).toBe(to);
      const log = await org.api.get(`/estimates/${id}/activity?limit=1`);
      expect(log.body.activity[0]).toMatchObject({ action: 'ESTIMATE_UPDATED', changes: { status: { old: from, new: to } } });
    } else {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'conflict.invalid_state', details: { status: from, requested: to } });
      expect((await org.api.get(`/estimates/${id}`)).body.estimate.status).toBe(from);
    }
  });

  it('edits the header only until the customer decides', async () => {
    for (const status of ['ACCEPTED', 'DECLINED', 'CANCELLED']) {
      const id = await inStatus(status);
      const res = await org.api.put(`/estimates/${id}`, { notes: 'Too late' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'conflict.invalid_state', details: { status } });
    }
    const sent = await inStatus('SENT');
    const both = await org.api.put(`/estimates/${sent}`, { notes: 'Declined by phone', status: 'DECLINED' });
    expect(both.body.estimate).toMatchObject({ notes: 'Declined by phone', status: 'DECLINED' });
  });
});

describe('accepting and converting', () => {
  it('accepts a DRAFT or SENT estimate once, announcing ESTIMATE_ACCEPTED', async () => {
    const est = await draft();
    const res = await org.api.post(`/estimates/${est.estimate_id}/accept`);
    expect(res.status).toBe(200);
    expect(res.body.estimate.status).toBe('ACCEPTED');
    expect(await eventData(org.orgId, 'ESTIMATE_ACCEPTED', est.estimate_id)).toEqual([
      { id: est.estimate_id, number: est.estimate_number, customer_id: est.customer_id, total: 1180, status: 'ACCEPTED' },
    ]);
    const sent = await draft();
    await org.api.put(`/estimates/${sent.estimate_id}`, { status: 'SENT' });
    expect((await org.api.post(`/estimates/${sent.estimate_id}/accept`)).body.estimate.status).toBe('ACCEPTED');

    const again = await org.api.post(`/estimates/${est.estimate_id}/accept`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict.invalid_state', details: { status: 'ACCEPTED' } });
    const declined = await draft();
    await org.api.put(`/estimates/${declined.estimate_id}`, { status: 'DECLINED' });
    expect((await org.api.post(`/estimates/${declined.estimate_id}/accept`)).status).toBe(409);
    expect(await eventData(org.orgId, 'ESTIMATE_ACCEPTED', declined.estimate_id)).toEqual([]);
  });

  it('converts an ACCEPTED estimate into a DRAFT sales order with its lines, linked both ways, in one go', async () => {
    const branch = await t.admin.post(`/orgs/${org.orgId}/branches`, { name: 'Chennai', state_code: 'IN-TN' });
    const branchId = branch.body.branch.branch_id;
    const customerId = await customer(org.api, { place_of_contact: 'IN-TN' });
    const est = await draft(org, {
      customer_id: customerId, branch_id: branchId, reference_number: 'RFQ-77', notes: 'Phase 1',
      line_items: [line(999.99, { quantity: 2.5, discount: 0.01 }), line(10, { tax_id: await taxId(org.api, 5), hsn_or_sac: '998314', unit: 'hrs' })],
    });
    expect(est).toMatchObject({ branch_id: branchId, place_of_supply: 'IN-TN', igst_total: 0 });

    const early = await org.api.post(`/estimates/${est.estimate_id}/convert`);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'conflict.invalid_state', details: { status: 'DRAFT', allowed: ['ACCEPTED'] } });

    t.clock.set(new Date('2026-06-20T20:00:00Z')); // 01:30 IST on 21 June: the order is dated in IST
    await org.api.post(`/estimates/${est.estimate_id}/accept`);
    const res = await org.api.post(`/estimates/${est.estimate_id}/convert`);
    t.clock.set(new Date('2026-06-15T06:00:00Z'));
    expect(res.status).toBe(200);
    const { estimate, sales_order: order } = res.body;
    expect(estimate).toMatchObject({ status: 'CONVERTED', converted_to_sales_order_id: order.sales_order_id });
    expect(order).toMatchObject({
      status: 'DRAFT', estimate_id: est.estimate_id, customer_id: customerId, branch_id: branchId, place_of_supply: 'IN-TN',
      date: '2026-06-21T00:00:00', reference_number: 'RFQ-77', notes: 'Phase 1',
      sub_total: est.sub_total, tax_total: est.tax_total, cgst_total: est.cgst_total, sgst_total: est.sgst_total, total: est.total,
    });
    const strip = (lines: Record<string, unknown>[]) => lines.map(({ line_item_id: _id, ...rest }) => rest);
    expect(strip(order.line_items)).toEqual(strip(est.line_items));

    const got = await org.api.get(`/sales_orders/${order.sales_order_id}`);
    expect(got.body.sales_order).toEqual(order);
    expect((await org.api.get(`/estimates/${est.estimate_id}`)).body.estimate.converted_to_sales_order_id).toBe(order.sales_order_id);

    expect(await eventData(org.orgId, 'ESTIMATE_CONVERTED', est.estimate_id)).toEqual([
      { id: est.estimate_id, number: est.estimate_number, customer_id: customerId, total: est.total, status: 'CONVERTED' },
    ]);
    expect(await eventData(org.orgId, 'SALES_ORDER_CREATED', order.sales_order_id)).toEqual([
      { id: order.sales_order_id, number: order.sales_order_number, customer_id: customerId, total: est.total, status: 'DRAFT' },
    ]);
    const log = await org.api.get(`/estimates/${est.estimate_id}/activity`);
    expect(log.body.activity.map((a: { action: string }) => a.action)).toEqual(['ESTIMATE_CONVERTED', 'ESTIMATE_ACCEPTED', 'ESTIMATE_CREATED']);
    expect(log.body.activity[0]).toMatchObject({
      changes: { status: { old: 'ACCEPTED', new: 'CONVERTED' } }, metadata: { sales_order_id: order.sales_order_id, source: 'PUBLIC_API' },
    });
    const orderLog = await org.api.get(`/activity?entity_type=SALES_ORDER&entity_id=${order.sales_order_id}`);
    expect(orderLog.body.activity).toEqual([expect.objectContaining({ action: 'SALES_ORDER_CREATED', metadata: expect.objectContaining({ estimate_id: est.estimate_id }) })]);
    for (const id of [est.estimate_id, order.sales_order_id]) {
      expect((await org.api.get(`/journals?source_id=${id}`)).body.journals).toHaveLength(0);
    }

    // A CONVERTED estimate is final: no second order, no edit, no delete.
    for (const refused of [
      await org.api.post(`/estimates/${est.estimate_id}/convert`),
      await org.api.post(`/estimates/${est.estimate_id}/accept`),
      await org.api.put(`/estimates/${est.estimate_id}`, { status: 'CANCELLED' }),
      await org.api.put(`/estimates/${est.estimate_id}`, { notes: 'x' }),
      await org.api.delete(`/estimates/${est.estimate_id}`),
    ]) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'conflict.invalid_state', details: { status: 'CONVERTED' } });
    }
    expect((await org.api.get(`/sales_orders?customer_id=${customerId}`)).body.sales_orders).toHaveLength(1);
  });

  it('rolls the whole conversion back when the order cannot be created', async () => {
    const customerId = await customer(org.api);
    const est = await draft(org, { customer_id: customerId });
    await org.api.post(`/estimates/${est.estimate_id}/accept`);
    // The customer turned into a vendor meanwhile: the order refuses it, and nothing is kept.
    await t.app.database.db.updateTable('contacts').set({ contact_type: 'VENDOR' }).where('contact_id', '=', customerId).execute();
    const res = await org.api.post(`/estimates/${est.estimate_id}/convert`);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('customer_id');
    expect((await org.api.get(`/estimates/${est.estimate_id}`)).body.estimate).toMatchObject({ status: 'ACCEPTED', converted_to_sales_order_id: null });
    expect((await org.api.get(`/sales_orders?customer_id=${customerId}`)).body.sales_orders).toHaveLength(0);
    expect(await eventData(org.orgId, 'ESTIMATE_CONVERTED', est.estimate_id)).toEqual([]);
    expect(await actions(org, est.estimate_id)).toEqual(['ESTIMATE_ACCEPTED', 'ESTIMATE_CREATED']);
  });
});

describe('deleting estimates', () => {
  it('deletes any estimate but a CONVERTED one, and logs the deletion', async () => {
    const est = await draft();
    const res = await org.api.delete(`/estimates/${est.estimate_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, estimate_id: est.estimate_id });
    expect((await org.api.get(`/estimates/${est.estimate_id}`)).status).toBe(404);
    expect((await org.api.get(`/estimates/${est.estimate_id}/activity`)).status).toBe(404);
    const log = await org.api.get(`/activity?entity_type=ESTIMATE&entity_id=${est.estimate_id}`);
    expect(log.body.activity.map((a: { action: string }) => a.action)).toEqual(['ESTIMATE_DELETED', 'ESTIMATE_CREATED']);
    expect((await org.api.delete(`/estimates/${est.estimate_id}`)).status).toBe(404);

    const accepted = await draft();
    await org.api.post(`/estimates/${accepted.estimate_id}/accept`);
    expect((await org.api.delete(`/estimates/${accepted.estimate_id}`)).status).toBe(200);
  });

  it('keeps a customer with estimates from being deleted', async () => {
    const customerId = await customer(org.api);
    await draft(org, { customer_id: customerId });
    const res = await org.api.delete(`/contacts/${customerId}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict.invalid_state', details: { posted_documents: 1 } });
  });
});
