import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import type { ApiResponse } from '../support/http-client';
import { customer, taxId, vendor } from '../support/sales';
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

const line = (rate: number, extra: Record<string, unknown> = {}) => ({ name: 'Copper wire', rate, quantity: 1, tax_id: gst18, ...extra });

/** A DRAFT purchase order from a new vendor in Karnataka; the body's fields override the defaults. */
async function draft(o: OrgFixture = org, body: Record<string, unknown> = {}) {
  const vendorId = (body.vendor_id as string | undefined) ?? await vendor(o.api, { place_of_contact: 'IN-KA' });
  const gst = o === org ? gst18 : await taxId(o.api, 18);
  const res = await o.api.post('/purchase_orders', { vendor_id: vendorId, date: '2026-06-15', line_items: [line(1000, { tax_id: gst })], ...body });
  if (res.status !== 201) throw new Error(`purchase order: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.purchase_order;
}

/** A purchase order issued with PUT status OPEN. */
async function open(o: OrgFixture = org, body: Record<string, unknown> = {}) {
  const order = await draft(o, body);
  const res = await o.api.put(`/purchase_orders/${order.purchase_order_id}`, { status: 'OPEN' });
  expect(res.status).toBe(200);
  return res.body.purchase_order;
}

/** A purchase order of `org` brought to `status` through the API; returns its id. */
async function inStatus(status: string): Promise<string> {
  const order = status === 'DRAFT' ? await draft() : await open();
  const id = order.purchase_order_id as string;
  if (status === 'CANCELLED') expect((await org.api.put(`/purchase_orders/${id}`, { status: 'CANCELLED' })).status).toBe(200);
  if (status === 'BILLED') expect((await org.api.post(`/purchase_orders/${id}/convert`)).status).toBe(200);
  return id;
}

/** The `data` of the outbox events of one type about one resource. */
async function eventData(orgId: string, type: string, id: string) {
  const rows = await t.app.database.db.selectFrom('outbox_events').select('payload')
    .where('org_id', '=', orgId).where('event_type', '=', type).execute();
  return rows.map((r) => JSON.parse(r.payload).data).filter((d) => d.id === id);
}

const actions = async (o: OrgFixture, purchaseOrderId: string) => {
  const res = await o.api.get(`/purchase_orders/${purchaseOrderId}/activity`);
  expect(res.status).toBe(200);
  return res.body.activity.map((a: { action: string }) => a.action);
};

const strip = (lines: Record<string, unknown>[]) => lines.map(({ line_item_id: _id, ...rest }) => rest);

describe('creating purchase orders', () => {
  it('creates a DRAFT numbered PO-26-27-00001 per registration, GST split, posting nothing, announced and logged', async () => {
    const o = await t.given.org({ state_code: 'IN-KA' });
    const vendorId = await vendor(o.api, { place_of_contact: 'IN-GJ' });
    const res = await o.api.post('/purchase_orders', {
      vendor_id: vendorId, date: '2026-06-15', expected_date: '2026-06-25', reference_number: 'RFQ-17', notes: 'Deliver to store 3',
      line_items: [line(1000, { quantity: 3, tax_id: await taxId(o.api, 18) })],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('The purchase order has been created.');
    const order = res.body.purchase_order;
    expect(order).toMatchObject({
      purchase_order_number: 'PO-26-27-00001', status: 'DRAFT', vendor_id: vendorId, branch_id: o.defaultBranchId,
      place_of_supply: 'IN-KA', date: '2026-06-15T00:00:00', expected_date: '2026-06-25T00:00:00',
      reference_number: 'RFQ-17', notes: 'Deliver to store 3',
      sub_total: 3000, tax_total: 540, igst_total: 540, cgst_total: 0, sgst_total: 0, total: 3540, bill_id: null,
    });
    expect(order.vendor_name).toMatch(/^Vendor /);
    expect(order.purchase_order_id).toMatch(/^po_/);
    expect(order.line_items).toEqual([expect.objectContaining({ quantity: 3, rate: 1000, item_total: 3000, igst_amount: 540 })]);
    expect((await draft(o)).purchase_order_number).toBe('PO-26-27-00002');

    expect((await o.api.get(`/journals?source_id=${order.purchase_order_id}`)).body.journals).toHaveLength(0);
    expect(await eventData(o.orgId, 'PURCHASE_ORDER_CREATED', order.purchase_order_id)).toEqual([
      { id: order.purchase_order_id, number: 'PO-26-27-00001', vendor_id: vendorId, total: 3540, status: 'DRAFT' },
    ]);
    expect(await actions(o, order.purchase_order_id)).toEqual(['PURCHASE_ORDER_CREATED']);
    expect((await o.api.get(`/purchase_orders/${order.purchase_order_id}`)).body.purchase_order).toEqual(order);
  });

  it("defaults place_of_supply to the branch's state and taxes by the vendor's state; an explicit one wins and is normalised", async () => {
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-MH' });
    // A Maharashtra vendor supplying to the Karnataka branch: 18% IGST on 1,000.
    expect(await draft(org, { vendor_id: vendorId })).toMatchObject({ place_of_supply: 'IN-KA', igst_total: 180, cgst_total: 0 });
    expect(await draft(org, { vendor_id: vendorId, place_of_supply: 'Maharashtra' })).toMatchObject({ place_of_supply: 'IN-MH', cgst_total: 90, sgst_total: 90 });
    expect(await draft(org, { vendor_id: vendorId, place_of_supply: '29' })).toMatchObject({ place_of_supply: 'IN-KA', igst_total: 180 });
  });

  it('prices an item at its purchase price, and takes a vendor that is also a customer (BOTH)', async () => {
    const item = await org.api.post('/items', { name: 'Cable drum', rate: 900, purchase_rate: 640, tax_id: await taxId(org.api, 12), hsn_sac: '8544' });
    const both = await vendor(org.api, { contact_type: 'BOTH', place_of_contact: 'IN-KA' });
    const order = await draft(org, { vendor_id: both, line_items: [{ item_id: item.body.item.item_id, quantity: 2 }] });
    expect(order.line_items[0]).toMatchObject({ rate: 640, item_total: 1280, tax_percentage: 12, hsn_or_sac: '8544', name: 'Cable drum' });
    expect(order).toMatchObject({ sub_total: 1280, tax_total: 153.6, total: 1433.6, expected_date: null });
  });

  it('refuses: unresolvable place_of_supply 422, bad dates, lines and sides 400, foreign ids 404; a vendor without a state still has the branch\'s', async () => {
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-KA' });
    const base = { vendor_id: vendorId, date: '2026-06-15', line_items: [line(10)] };
    const post = (body: Record<string, unknown>, o: OrgFixture = org) => o.api.post('/purchase_orders', { ...base, ...body });

    const pos = await post({ place_of_supply: 'IN-IN' });
    expect(pos.status).toBe(422);
    expect(pos.body).toMatchObject({ code: 'validation.invalid_value', field: 'place_of_supply' });
    const bare = await vendor(org.api);
    await t.app.database.db.updateTable('contacts').set({ place_of_contact: null }).where('contact_id', '=', bare).execute();
    const missing = await post({ vendor_id: bare });
    expect(missing.status).toBe(201);
    expect(missing.body.purchase_order).toMatchObject({ place_of_supply: 'IN-KA' });

    const expected = await post({ expected_date: '2026-06-14' });
    expect(expected.status).toBe(400);
    expect(expected.body).toMatchObject({ code: 'validation.invalid_value', field: 'expected_date' });
    expect((await post({ date: '2026-02-30' })).body).toMatchObject({ code: 'validation.invalid_value', field: 'date' });
    expect((await post({ vendor_id: undefined })).body).toMatchObject({ code: 'validation.required_field', field: 'vendor_id' });
    expect((await post({ line_items: undefined })).body).toMatchObject({ code: 'validation.required_field', field: 'line_items' });
    expect((await post({ line_items: [] })).status).toBe(400);
    expect((await post({ status: 'OPEN' })).body).toMatchObject({ code: 'validation.invalid_value', field: 'status' });
    expect((await post({ customer_id: vendorId })).body).toMatchObject({ code: 'validation.invalid_value', field: 'customer_id' });
    expect((await post({ line_items: [line(10, { discount: 11 })] })).body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[0].discount' });
    const notVendor = await post({ vendor_id: await customer(org.api) });
    expect(notVendor.status).toBe(400);
    expect(notVendor.body).toMatchObject({ code: 'validation.invalid_value', field: 'vendor_id' });

    const unknownTax = await post({ line_items: [line(10, { tax_id: 'tax_nope' })] });
    expect(unknownTax.status).toBe(404);
    expect(unknownTax.body).toMatchObject({ code: 'not_found.resource', field: 'line_items[0].tax_id' });
    const other = await t.given.org();
    const foreignVendor = await post({}, other);
    expect(foreignVendor.status).toBe(404);
    expect(foreignVendor.body).toMatchObject({ code: 'not_found.resource', field: 'vendor_id' });
    const foreignBranch = await post({ branch_id: other.defaultBranchId });
    expect(foreignBranch.status).toBe(404);
    expect(foreignBranch.body).toMatchObject({ code: 'not_found.resource', field: 'branch_id' });
    const foreignItem = await other.api.post('/items', { name: 'Theirs', rate: 5 });
    expect((await post({ line_items: [{ item_id: foreignItem.body.item.item_id, quantity: 1 }] })).body)
      .toMatchObject({ code: 'not_found.resource', field: 'line_items[0].item_id' });

    // Nothing was created by any refusal, and no number was used up.
    expect((await org.api.get(`/purchase_orders?vendor_id=${vendorId}`)).body.purchase_orders).toHaveLength(0);
  });

  it("answers another organisation's purchase order with 404 on every operation", async () => {
    const order = await draft();
    const other = await t.given.org();
    for (const res of await Promise.all([
      other.api.get(`/purchase_orders/${order.purchase_order_id}`),
      other.api.put(`/purchase_orders/${order.purchase_order_id}`, { status: 'OPEN' }),
      other.api.post(`/purchase_orders/${order.purchase_order_id}/convert`),
      other.api.delete(`/purchase_orders/${order.purchase_order_id}`),
      other.api.get(`/purchase_orders/${order.purchase_order_id}/activity`),
    ])) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found.resource');
    }
    expect((await org.api.get(`/purchase_orders/${order.purchase_order_id}`)).body.purchase_order.status).toBe('DRAFT');
    expect((await org.api.get('/purchase_orders/po_nope')).body).toMatchObject({ code: 'not_found.resource', field: 'purchase_order_id' });
  });

  it('keeps a vendor with purchase orders from being deleted', async () => {
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-KA' });
    await draft(org, { vendor_id: vendorId });
    const res = await org.api.delete(`/contacts/${vendorId}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict.invalid_state', details: { posted_documents: 1 } });
  });
});

describe('listing purchase orders', () => {
  it('walks the cursor newest first and filters by status and vendor', async () => {
    const o = await t.given.org();
    const a = await vendor(o.api, { place_of_contact: 'IN-KA' });
    const b = await vendor(o.api, { place_of_contact: 'IN-KA' });
    const made = [await draft(o, { vendor_id: a }), await open(o, { vendor_id: b }), await draft(o, { vendor_id: a })];
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: ApiResponse = await o.api.get(`/purchase_orders?per_page=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.purchase_orders.map((p: { purchase_order_id: string }) => p.purchase_order_id));
      cursor = res.body.page_context.has_more_page ? res.body.page_context.next_cursor : null;
    } while (cursor);
    expect(seen).toEqual(made.map((p) => p.purchase_order_id).reverse());
    const ids = (res: { body: { purchase_orders: { purchase_order_id: string }[] } }) => res.body.purchase_orders.map((p) => p.purchase_order_id);
    expect(ids(await o.api.get(`/purchase_orders?vendor_id=${a}`))).toEqual([made[2].purchase_order_id, made[0].purchase_order_id]);
    expect(ids(await o.api.get('/purchase_orders?status=OPEN'))).toEqual([made[1].purchase_order_id]);
    expect(ids(await o.api.get(`/purchase_orders?status=OPEN&vendor_id=${a}`))).toEqual([]);
    expect((await o.api.get('/purchase_orders')).body.purchase_orders[0]).toEqual(made[2]);
    expect((await o.api.get('/purchase_orders?status=RECEIVED')).body).toMatchObject({ code: 'validation.invalid_value', field: 'status' });
    expect((await o.api.get('/purchase_orders?per_page=0')).body).toMatchObject({ code: 'validation.invalid_value', field: 'per_page' });
    expect((await o.api.get('/purchase_orders?cursor=bogus')).body).toMatchObject({ code: 'validation.invalid_value', field: 'cursor' });
  });
});

describe('updating purchase orders: header and status', () => {
  it('edits the header and logs the changes; a PUT that changes nothing writes nothing', async () => {
    const order = await draft();
    const id = order.purchase_order_id;
    const res = await org.api.put(`/purchase_orders/${id}`, { reference_number: 'RFQ-1', expected_date: '2026-07-01', notes: 'Fragile' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The purchase order has been updated.');
    expect(res.body.purchase_order).toMatchObject({ reference_number: 'RFQ-1', expected_date: '2026-07-01T00:00:00', notes: 'Fragile', status: 'DRAFT' });
    const same = await org.api.put(`/purchase_orders/${id}`, { notes: 'Fragile', status: 'DRAFT' });
    expect(same.status).toBe(200);
    expect(same.body.purchase_order.last_modified_time).toBe(res.body.purchase_order.last_modified_time);
    const log = await org.api.get(`/purchase_orders/${id}/activity`);
    expect(log.body.activity.map((a: { action: string }) => a.action)).toEqual(['PURCHASE_ORDER_UPDATED', 'PURCHASE_ORDER_CREATED']);
    expect(log.body.activity[0].changes).toEqual({
      reference_number: { old: null, new: 'RFQ-1' }, expected_date: { old: null, new: '2026-07-01' }, notes: { old: null, new: 'Fragile' },
    });

    const cleared = await org.api.put(`/purchase_orders/${id}`, { expected_date: null, reference_number: null });
    expect(cleared.body.purchase_order).toMatchObject({ expected_date: null, reference_number: null, notes: 'Fragile' });
    const early = await org.api.put(`/purchase_orders/${id}`, { expected_date: '2026-06-01' });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ code: 'validation.invalid_value', field: 'expected_date' });
    expect((await org.api.put(`/purchase_orders/${id}`, { vendor_id: 'con_x' })).body).toMatchObject({ code: 'validation.invalid_value', field: 'vendor_id' });
    expect((await org.api.put(`/purchase_orders/${id}`, { status: 'SHIPPED' })).body).toMatchObject({ code: 'validation.invalid_value', field: 'status' });
    expect((await org.api.get(`/purchase_orders/${id}`)).body.purchase_order).toMatchObject({ status: 'DRAFT', expected_date: null });
  });

  it('issues and edits in one PUT, judging the header by the status before the move', async () => {
    const id = await inStatus('DRAFT');
    const res = await org.api.put(`/purchase_orders/${id}`, { status: 'OPEN', notes: 'Issued to vendor' });
    expect(res.body.purchase_order).toMatchObject({ status: 'OPEN', notes: 'Issued to vendor' });
    const log = await org.api.get(`/purchase_orders/${id}/activity?limit=1`);
    expect(log.body.activity[0].changes).toEqual({ notes: { old: null, new: 'Issued to vendor' }, status: { old: 'DRAFT', new: 'OPEN' } });
  });

  const MOVES: [from: string, to: string, allowed: boolean][] = [
    ['DRAFT', 'OPEN', true], ['DRAFT', 'CANCELLED', false], ['DRAFT', 'BILLED', false],
    ['OPEN', 'CANCELLED', true], ['OPEN', 'DRAFT', false], ['OPEN', 'BILLED', false],
    ['BILLED', 'CANCELLED', false], ['BILLED', 'OPEN', false], ['BILLED', 'DRAFT', false],
    ['CANCELLED', 'OPEN', false], ['CANCELLED', 'DRAFT', false], ['CANCELLED', 'BILLED', false],
  ];

  it.each(MOVES)('PUT status %s → %s: allowed %s', async (from, to, allowed) => {
    const id = await inStatus(from);
    const res = await org.api.put(`/purchase_orders/${id}`, { status: to });
    if (allowed) {
      expect(res.status).toBe(200);
      expect(res.body.purchase_order.status).toBe(to);
      const log = await org.api.get(`/purchase_orders/${id}/activity?limit=1`);
      expect(log.body.activity[0]).toMatchObject({ action: 'PURCHASE_ORDER_UPDATED', changes: { status: { old: from, new: to } } });
    } else {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'conflict.invalid_state', details: { status: from, requested: to } });
      expect(res.body.details.allowed).toEqual({ DRAFT: ['OPEN'], OPEN: ['CANCELLED'] }[from] ?? []);
      expect((await org.api.get(`/purchase_orders/${id}`)).body.purchase_order.status).toBe(from);
    }
  });

  it('edits the header only while the order is still to be billed', async () => {
    for (const status of ['BILLED', 'CANCELLED']) {
      const id = await inStatus(status);
      const res = await org.api.put(`/purchase_orders/${id}`, { notes: 'Too late' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'conflict.invalid_state', details: { status, allowed: ['DRAFT', 'OPEN'] } });
      expect((await org.api.get(`/purchase_orders/${id}`)).body.purchase_order.notes).toBeNull();
    }
    const opened = await org.api.put(`/purchase_orders/${await inStatus('OPEN')}`, { notes: 'Still fine' });
    expect(opened.body.purchase_order).toMatchObject({ notes: 'Still fine', status: 'OPEN' });
    await expectBooksBalanced(org.api);
  });
});

describe('converting a purchase order to a bill', () => {
  it('bills a DRAFT order once: a DRAFT bill with its vendor, branch, place of supply, lines and totals', async () => {
    const branch = await t.admin.post(`/orgs/${org.orgId}/branches`, { name: 'Pune', state_code: 'IN-MH' });
    const branchId = branch.body.branch.branch_id;
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-MH', payment_terms: 30 });
    const item = await org.api.post('/items', { name: 'Cable 4mm', rate: 80, purchase_rate: 62.5, tax_id: await taxId(org.api, 12), hsn_sac: '8544' });
    const order = await draft(org, {
      vendor_id: vendorId, branch_id: branchId, reference_number: 'RFQ-88', notes: 'Net 30',
      line_items: [{ item_id: item.body.item.item_id, quantity: 40.5, discount: 12.25 }, line(1999.99, { tax_id: null, unit: 'BDL' })],
    });
    expect(order).toMatchObject({ place_of_supply: 'IN-MH', branch_id: branchId, igst_total: 0 });
    expect(order.line_items[0]).toMatchObject({ rate: 62.5 });

    // The item's purchase price changes after the order was agreed (no public item edit yet): the bill keeps the agreed price.
    await t.app.database.db.updateTable('items').set({ purchase_rate: 7000 }).where('item_id', '=', item.body.item.item_id).execute();

    t.clock.set(new Date('2026-06-30T19:00:00Z')); // 00:30 IST on 1 July: the bill is dated in IST
    const res = await org.api.post(`/purchase_orders/${order.purchase_order_id}/convert`);
    t.clock.set(new Date('2026-06-15T06:00:00Z'));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The purchase order has been converted to a bill.');
    const { purchase_order: converted, bill } = res.body;
    expect(converted).toMatchObject({ status: 'BILLED', bill_id: bill.bill_id });
    expect(bill).toMatchObject({
      status: 'DRAFT', purchase_order_id: order.purchase_order_id, vendor_id: vendorId, branch_id: branchId, place_of_supply: 'IN-MH',
      date: '2026-07-01T00:00:00', due_date: '2026-07-31T00:00:00', reference_number: 'RFQ-88', notes: 'Net 30',
      sub_total: order.sub_total, tax_total: order.tax_total, cgst_total: order.cgst_total, sgst_total: order.sgst_total,
      igst_total: 0, round_off: 0, total: order.total, balance: order.total, payment_made: 0,
    });
    expect(bill.bill_number).toMatch(/^BILL-\d{6}$/);
    // A bill line is the order's line, and says whether its input credit is blocked (none is here).
    const asBillLines = strip(order.line_items).map((l) => ({ ...l, itc_blocked_reason: null }));
    expect(strip(bill.line_items)).toEqual(asBillLines);

    const fetched = await org.api.get(`/bills/${bill.bill_id}`);
    expect(fetched.body.bill).toMatchObject({ status: 'DRAFT', purchase_order_id: order.purchase_order_id, total: order.total, sub_total: order.sub_total });
    expect(strip(fetched.body.bill.line_items)).toEqual(asBillLines);
    expect((await org.api.get(`/purchase_orders/${order.purchase_order_id}`)).body.purchase_order).toEqual(converted);
    expect(await eventData(org.orgId, 'BILL_CREATED', bill.bill_id)).toEqual([
      { id: bill.bill_id, number: bill.bill_number, vendor_id: vendorId, total: order.total, status: 'DRAFT', document_type: 'INVOICE', original_bill_id: null },
    ]);
    expect(await actions(org, order.purchase_order_id)).toEqual(['PURCHASE_ORDER_CONVERTED', 'PURCHASE_ORDER_CREATED']);
    const log = await org.api.get(`/purchase_orders/${order.purchase_order_id}/activity?limit=1`);
    expect(log.body.activity[0]).toMatchObject({ changes: { status: { old: 'DRAFT', new: 'BILLED' } }, metadata: { bill_id: bill.bill_id } });
    const billLog = await org.api.get(`/bills/${bill.bill_id}/activity`);
    expect(billLog.body.activity).toEqual([expect.objectContaining({ action: 'BILL_CREATED', metadata: expect.objectContaining({ purchase_order_id: order.purchase_order_id }) })]);
    expect((await org.api.get(`/journals?source_id=${bill.bill_id}`)).body.journals).toHaveLength(0);

    const twice = await org.api.post(`/purchase_orders/${order.purchase_order_id}/convert`);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'conflict.invalid_state', details: { status: 'BILLED' } });
    expect((await org.api.get(`/bills?vendor_id=${vendorId}`)).body.bills).toHaveLength(1);

    // The bill lives on as any other: approving it posts the order's amounts to payables.
    const approved = await org.api.post(`/bills/${bill.bill_id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.bill.status).toBe('OPEN');
    const journals = await org.api.get(`/journals?source=BILL&source_id=${bill.bill_id}`);
    expect(journals.body.journals[0].lines).toEqual(expect.arrayContaining([expect.objectContaining({ debit: 0, credit: order.total })]));
    expect((await org.api.post(`/purchase_orders/${order.purchase_order_id}/convert`)).status).toBe(409);
    await expectBooksBalanced(org.api);
  });

  it('converts from DRAFT or OPEN and from nothing else', async () => {
    for (const status of ['DRAFT', 'OPEN']) {
      const id = await inStatus(status);
      const res = await org.api.post(`/purchase_orders/${id}/convert`);
      expect(res.status, status).toBe(200);
      // One line of 1,000.00 at 18% from a Karnataka vendor to a Karnataka buyer: CGST 90.00 + SGST 90.00.
      expect(res.body.bill).toMatchObject({ status: 'DRAFT', purchase_order_id: id, sub_total: 1000, cgst_total: 90, sgst_total: 90, total: 1180 });
      expect(res.body.purchase_order).toMatchObject({ status: 'BILLED', bill_id: res.body.bill.bill_id });
      expect((await org.api.get(`/purchase_orders/${id}`)).body.purchase_order).toMatchObject({ status: 'BILLED', bill_id: res.body.bill.bill_id });
    }
    for (const status of ['BILLED', 'CANCELLED']) {
      const res = await org.api.post(`/purchase_orders/${await inStatus(status)}/convert`);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'conflict.invalid_state', details: { status, allowed: ['DRAFT', 'OPEN'] } });
    }
    await expectBooksBalanced(org.api);
  });

  it('rolls the whole conversion back when the bill cannot be created', async () => {

    // The same delivery was already entered as a posted bill today: the bill's anti-duplicate guard refuses the twin.
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-KA' });
    const order = await open(org, { vendor_id: vendorId });
    const posted = await org.api.post('/bills', {
      vendor_id: vendorId, date: '2026-06-15', place_of_supply: 'IN-KA', line_items: [line(1000)], auto_approve: true,
    });
    expect(posted.body.bill).toMatchObject({ status: 'OPEN', total: order.total });
    const res = await org.api.post(`/purchase_orders/${order.purchase_order_id}/convert`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'reference_number', details: { existing_bill_id: posted.body.bill.bill_id } });
    expect((await org.api.get(`/purchase_orders/${order.purchase_order_id}`)).body.purchase_order).toMatchObject({ status: 'OPEN', bill_id: null });
    expect(await actions(org, order.purchase_order_id)).toEqual(['PURCHASE_ORDER_UPDATED', 'PURCHASE_ORDER_CREATED']);
    expect((await org.api.get(`/bills?vendor_id=${vendorId}`)).body.bills).toHaveLength(1);

    // A distinct reference tells the deliveries apart, and the conversion then goes through.
    await org.api.put(`/purchase_orders/${order.purchase_order_id}`, { reference_number: 'DELIVERY-2' });
    const retried = await org.api.post(`/purchase_orders/${order.purchase_order_id}/convert`);
    expect(retried.status).toBe(200);
    expect(retried.body.bill).toMatchObject({ status: 'DRAFT', reference_number: 'DELIVERY-2', purchase_order_id: order.purchase_order_id });
    await expectBooksBalanced(org.api);
  });
});

describe('deleting purchase orders', () => {
  it('deletes a DRAFT or CANCELLED order, logged, without reusing its number', async () => {
    for (const status of ['DRAFT', 'CANCELLED']) {
      const id = await inStatus(status);
      const number = (await org.api.get(`/purchase_orders/${id}`)).body.purchase_order.purchase_order_number;
      const res = await org.api.delete(`/purchase_orders/${id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: 'The purchase order has been deleted.', purchase_order_id: id });
      expect((await org.api.get(`/purchase_orders/${id}`)).status).toBe(404);
      expect((await org.api.delete(`/purchase_orders/${id}`)).status).toBe(404);
      const trail = await org.api.get(`/activity?entity_type=PURCHASE_ORDER&entity_id=${id}`);
      expect(trail.body.activity[0]).toMatchObject({ action: 'PURCHASE_ORDER_DELETED' });
      expect((await draft()).purchase_order_number).not.toBe(number);
    }
  });

  it('refuses to delete an OPEN order (cancel it first) or a BILLED one (its bill names it)', async () => {
    for (const status of ['OPEN', 'BILLED']) {
      const id = await inStatus(status);
      const res = await org.api.delete(`/purchase_orders/${id}`);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'conflict.invalid_state', details: { status, allowed: ['DRAFT', 'CANCELLED'] } });
      expect((await org.api.get(`/purchase_orders/${id}`)).body.purchase_order.status).toBe(status);
    }
    await expectBooksBalanced(org.api);
  });
});

describe('scopes', () => {
  it('needs Svc.purchaseorders.* scopes: a read-only token reads but cannot create, update, convert or delete', async () => {
    const id = await inStatus('DRAFT');
    const reader = t.api.withToken((await t.given.token([org.orgId], { scopes: ['Svc.purchaseorders.READ'] })).token);
    expect((await reader.get(`/purchase_orders/${id}`)).status).toBe(200);
    expect((await reader.get('/purchase_orders')).status).toBe(200);
    for (const res of [
      await reader.post('/purchase_orders', { vendor_id: 'con_x', date: '2026-06-15', line_items: [line(1)] }),
      await reader.put(`/purchase_orders/${id}`, { status: 'OPEN' }),
      await reader.post(`/purchase_orders/${id}/convert`),
      await reader.delete(`/purchase_orders/${id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('authz.scope_missing');
    }
    expect((await org.api.get(`/purchase_orders/${id}`)).body.purchase_order.status).toBe('DRAFT');
  });
});
