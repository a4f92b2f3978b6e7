import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
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

const line = (rate: number, extra: Record<string, unknown> = {}) => ({ name: 'Steel rods', rate, quantity: 1, tax_id: gst18, ...extra });

/** A DRAFT sales order for a new customer; the body's fields override the defaults. */
async function draft(o: OrgFixture = org, body: Record<string, unknown> = {}) {
  const customerId = (body.customer_id as string | undefined) ?? await customer(o.api);
  const gst = o === org ? gst18 : await taxId(o.api, 18);
  const res = await o.api.post('/sales_orders', { customer_id: customerId, date: '2026-06-15', line_items: [line(1000, { tax_id: gst })], ...body });
  if (res.status !== 201) throw new Error(`sales order: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.sales_order;
}

/** A sales order confirmed with PUT status OPEN. */
async function open(o: OrgFixture = org, body: Record<string, unknown> = {}) {
  const order = await draft(o, body);
  const res = await o.api.put(`/sales_orders/${order.sales_order_id}`, { status: 'OPEN' });
  expect(res.status).toBe(200);
  return res.body.sales_order;
}

/** A sales order brought to `status` through the API. */
async function inStatus(status: string) {
  const order = status === 'DRAFT' ? await draft() : await open();
  const id = order.sales_order_id as string;
  if (status === 'CANCELLED') expect((await org.api.put(`/sales_orders/${id}`, { status: 'CANCELLED' })).status).toBe(200);
  if (status === 'INVOICED' || status === 'CLOSED') expect((await org.api.post(`/sales_orders/${id}/convert`)).status).toBe(200);
  if (status === 'CLOSED') expect((await org.api.put(`/sales_orders/${id}`, { status: 'CLOSED' })).status).toBe(200);
  return id;
}

/** The `data` of the outbox events of one type about one resource. */
async function eventData(orgId: string, type: string, id: string) {
  const rows = await t.app.database.db.selectFrom('outbox_events').select('payload')
    .where('org_id', '=', orgId).where('event_type', '=', type).execute();
  return rows.map((r) => JSON.parse(r.payload).data).filter((d) => d.id === id);
}

const actions = async (o: OrgFixture, salesOrderId: string) => {
  const res = await o.api.get(`/sales_orders/${salesOrderId}/activity`);
  expect(res.status).toBe(200);
  return res.body.activity.map((a: { action: string }) => a.action);
};

describe('creating sales orders', () => {
  it('creates a DRAFT numbered SO-26-27-00001 per registration, GST split, posting nothing, announced and logged', async () => {
    const o = await t.given.org({ state_code: 'IN-KA' });
    const customerId = await customer(o.api, { place_of_contact: 'IN-GJ' });
    const res = await o.api.post('/sales_orders', {
      customer_id: customerId, date: '2026-06-15', shipment_date: '2026-06-25', reference_number: 'PO-4410', notes: 'Deliver to gate 2',
      line_items: [line(1000, { quantity: 3, tax_id: await taxId(o.api, 18) })],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('The sales order has been created.');
    const order = res.body.sales_order;
    expect(order).toMatchObject({
      sales_order_number: 'SO-26-27-00001', status: 'DRAFT', customer_id: customerId, branch_id: o.defaultBranchId,
      place_of_supply: 'IN-GJ', date: '2026-06-15T00:00:00', shipment_date: '2026-06-25T00:00:00',
      reference_number: 'PO-4410', notes: 'Deliver to gate 2',
      sub_total: 3000, tax_total: 540, igst_total: 540, cgst_total: 0, sgst_total: 0, total: 3540, estimate_id: null, invoice_id: null,
    });
    expect(order.sales_order_id).toMatch(/^so_/);
    expect(order.line_items).toEqual([expect.objectContaining({ quantity: 3, rate: 1000, item_total: 3000, igst_amount: 540 })]);
    expect((await draft(o)).sales_order_number).toBe('SO-26-27-00002');

    expect((await o.api.get(`/journals?source_id=${order.sales_order_id}`)).body.journals).toHaveLength(0);
    expect(await eventData(o.orgId, 'SALES_ORDER_CREATED', order.sales_order_id)).toEqual([
      { id: order.sales_order_id, number: 'SO-26-27-00001', customer_id: customerId, total: 3540, status: 'DRAFT' },
    ]);
    expect(await actions(o, order.sales_order_id)).toEqual(['SALES_ORDER_CREATED']);
    expect((await o.api.get(`/sales_orders/${order.sales_order_id}`)).body.sales_order).toEqual(order);
  });

  it("defaults place_of_supply to the customer's place_of_contact; an explicit one wins and is normalised", async () => {
    const customerId = await customer(org.api, { place_of_contact: 'IN-MH' });
    expect(await draft(org, { customer_id: customerId })).toMatchObject({ place_of_supply: 'IN-MH', igst_total: 180 });
    expect(await draft(org, { customer_id: customerId, place_of_supply: 'Karnataka' })).toMatchObject({ place_of_supply: 'IN-KA', cgst_total: 90, sgst_total: 90 });
  });

  it('refuses: unresolvable place_of_supply 422, nothing to default from 400, bad dates and lines 400, foreign ids 404', async () => {
    const customerId = await customer(org.api);
    const base = { customer_id: customerId, date: '2026-06-15', line_items: [line(10)] };
    const post = (body: Record<string, unknown>, o: OrgFixture = org) => o.api.post('/sales_orders', { ...base, ...body });

    const pos = await post({ place_of_supply: '98' });
    expect(pos.status).toBe(422);
    expect(pos.body).toMatchObject({ code: 'validation.invalid_value', field: 'place_of_supply' });
    const bare = await customer(org.api);
    await t.app.database.db.updateTable('contacts').set({ place_of_contact: null }).where('contact_id', '=', bare).execute();
    const missing = await post({ customer_id: bare });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'validation.required_field', field: 'place_of_supply' });

    const shipment = await post({ shipment_date: '2026-06-14' });
    expect(shipment.body).toMatchObject({ code: 'validation.invalid_value', field: 'shipment_date' });
    expect((await post({ date: '2026-02-30' })).body).toMatchObject({ code: 'validation.invalid_value', field: 'date' });
    expect((await post({ line_items: undefined })).body).toMatchObject({ code: 'validation.required_field', field: 'line_items' });
    expect((await post({ status: 'OPEN' })).body).toMatchObject({ code: 'validation.invalid_value', field: 'status' });
    expect((await post({ line_items: [line(10, { tax_id: 'tax_nope' })] })).body)
      .toMatchObject({ code: 'not_found.resource', field: 'line_items[0].tax_id' });

    const other = await t.given.org();
    expect((await post({}, other)).body).toMatchObject({ code: 'not_found.resource', field: 'customer_id' });
    expect((await post({ branch_id: other.defaultBranchId })).body).toMatchObject({ code: 'not_found.resource', field: 'branch_id' });
    expect((await org.api.get(`/sales_orders?customer_id=${customerId}`)).body.sales_orders).toHaveLength(0);
  });

  it("answers another organisation's sales order with 404 on every operation", async () => {
    const order = await draft();
    const other = await t.given.org();
    for (const res of await Promise.all([
      other.api.get(`/sales_orders/${order.sales_order_id}`),
      other.api.put(`/sales_orders/${order.sales_order_id}`, { status: 'OPEN' }),
      other.api.post(`/sales_orders/${order.sales_order_id}/convert`),
      other.api.get(`/sales_orders/${order.sales_order_id}/activity`),
    ])) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found.resource');
    }
    expect((await org.api.get(`/sales_orders/${order.sales_order_id}`)).body.sales_order.status).toBe('DRAFT');
  });

  it('keeps a customer with sales orders from being deleted', async () => {
    const customerId = await customer(org.api);
    await draft(org, { customer_id: customerId });
    const res = await org.api.delete(`/contacts/${customerId}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict.invalid_state', details: { posted_documents: 1 } });
  });
});

describe('listing sales orders', () => {
  it('walks the cursor newest first and filters by status and customer', async () => {
    const o = await t.given.org();
    const a = await customer(o.api);
    const b = await customer(o.api);
    const made = [await draft(o, { customer_id: a }), await open(o, { customer_id: b }), await draft(o, { customer_id: a })];
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: ApiResponse = await o.api.get(`/sales_orders?per_page=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.sales_orders.map((s: { sales_order_id: string }) => s.sales_order_id));
      cursor = res.body.page_context.has_more_page ? res.body.page_context.next_cursor : null;
    } while (cursor);
    expect(seen).toEqual(made.map((s) => s.sales_order_id).reverse());
    const ids = (res: { body: { sales_orders: { sales_order_id: string }[] } }) => res.body.sales_orders.map((s) => s.sales_order_id);
    expect(ids(await o.api.get(`/sales_orders?customer_id=${a}`))).toEqual([made[2].sales_order_id, made[0].sales_order_id]);
    expect(ids(await o.api.get('/sales_orders?status=OPEN'))).toEqual([made[1].sales_order_id]);
    expect((await o.api.get('/sales_orders?status=SHIPPED')).body).toMatchObject({ code: 'validation.invalid_value', field: 'status' });
    expect((await o.api.get('/sales_orders?cursor=bogus')).body).toMatchObject({ code: 'validation.invalid_value', field: 'cursor' });
  });
});

describe('updating sales orders: header and status', () => {
  it('edits the header and logs the changes; a PUT that changes nothing writes nothing', async () => {
    const order = await draft();
    const res = await org.api.put(`/sales_orders/${order.sales_order_id}`, { reference_number: 'PO-1', shipment_date: '2026-07-01', notes: 'Fragile' });
    expect(res.status).toBe(200);
    expect(res.body.sales_order).toMatchObject({ reference_number: 'PO-1', shipment_date: '2026-07-01T00:00:00', notes: 'Fragile', status: 'DRAFT' });
    expect((await org.api.put(`/sales_orders/${order.sales_order_id}`, { notes: 'Fragile' })).status).toBe(200);
    const log = await org.api.get(`/sales_orders/${order.sales_order_id}/activity`);
    expect(log.body.activity.map((a: { action: string }) => a.action)).toEqual(['SALES_ORDER_UPDATED', 'SALES_ORDER_CREATED']);
    expect(log.body.activity[0].changes).toEqual({
      reference_number: { old: null, new: 'PO-1' }, shipment_date: { old: null, new: '2026-07-01' }, notes: { old: null, new: 'Fragile' },
    });
    const cleared = await org.api.put(`/sales_orders/${order.sales_order_id}`, { shipment_date: null });
    expect(cleared.body.sales_order.shipment_date).toBeNull();
    expect((await org.api.put(`/sales_orders/${order.sales_order_id}`, { shipment_date: '2026-06-01' })).body)
      .toMatchObject({ code: 'validation.invalid_value', field: 'shipment_date' });
    expect((await org.api.put(`/sales_orders/${order.sales_order_id}`, { customer_id: 'con_x' })).status).toBe(400);
  });

  const MOVES: [from: string, to: string, allowed: boolean][] = [
    ['DRAFT', 'OPEN', true], ['DRAFT', 'CANCELLED', false], ['DRAFT', 'INVOICED', false], ['DRAFT', 'CLOSED', false],
    ['OPEN', 'CANCELLED', true], ['OPEN', 'DRAFT', false], ['OPEN', 'INVOICED', false], ['OPEN', 'PARTIALLY_INVOICED', false], ['OPEN', 'CLOSED', false],
    ['INVOICED', 'CLOSED', true], ['INVOICED', 'CANCELLED', false], ['INVOICED', 'OPEN', false],
    ['CLOSED', 'OPEN', false], ['CLOSED', 'CANCELLED', false], ['CANCELLED', 'OPEN', false], ['CANCELLED', 'DRAFT', false],
  ];

  it.each(MOVES)('PUT status %s → %s: allowed %s', async (from, to, allowed) => {
    const id = await inStatus(from);
    const res = await org.api.put(`/sales_orders/${id}`, { status: to });
    if (allowed) {
      expect(res.status).toBe(200);
      expect(res.body.sales_order.status).toBe(to);
      const log = await org.api.get(`/sales_orders/${id}/activity?limit=1`);
      expect(log.body.activity[0]).toMatchObject({ action: 'SALES_ORDER_UPDATED', changes: { status: { old: from, new: to } } });
    } else {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'conflict.invalid_state', details: { status: from, requested: to } });
      expect((await org.api.get(`/sales_orders/${id}`)).body.sales_order.status).toBe(from);
    }
    await expectBooksBalanced(org.api);
  });

  it('edits the header only while the order is still to be invoiced', async () => {
    for (const status of ['INVOICED', 'CLOSED', 'CANCELLED']) {
      const res = await org.api.put(`/sales_orders/${await inStatus(status)}`, { notes: 'Too late' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'conflict.invalid_state', details: { status } });
    }
    const opened = await org.api.put(`/sales_orders/${await inStatus('OPEN')}`, { notes: 'Still fine' });
    expect(opened.body.sales_order).toMatchObject({ notes: 'Still fine', status: 'OPEN' });
    await expectBooksBalanced(org.api);
  });
});

describe('converting a sales order to an invoice', () => {
  it('invoices a DRAFT order once: a DRAFT invoice with its customer, branch, place of supply, lines and totals', async () => {
    const branch = await t.admin.post(`/orgs/${org.orgId}/branches`, { name: 'Pune', state_code: 'IN-MH' });
    const branchId = branch.body.branch.branch_id;
    const customerId = await customer(org.api, { place_of_contact: 'IN-MH', payment_terms: 15 });
    const item = await org.api.post('/items', { name: 'Rebar 12mm', rate: 62.5, tax_id: await taxId(org.api, 12), hsn_sac: '7214' });
    const order = await draft(org, {
      customer_id: customerId, branch_id: branchId, reference_number: 'PO-88', notes: 'Net 15',
      line_items: [{ item_id: item.body.item.item_id, quantity: 40.5, discount: 12.25 }, line(1999.99, { tax_id: null, unit: 'BDL', hsn_or_sac: '7214' })],
    });
    expect(order).toMatchObject({ place_of_supply: 'IN-MH', branch_id: branchId, igst_total: 0 });

    t.clock.set(new Date('2026-06-30T19:00:00Z')); // 00:30 IST on 1 July: the invoice is dated in IST
    const res = await org.api.post(`/sales_orders/${order.sales_order_id}/convert`);
    t.clock.set(new Date('2026-06-15T06:00:00Z'));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The sales order has been converted to an invoice.');
    const { sales_order: converted, invoice } = res.body;
    expect(converted).toMatchObject({ status: 'INVOICED', invoice_id: invoice.invoice_id });
    expect(invoice).toMatchObject({
      status: 'DRAFT', sales_order_id: order.sales_order_id, customer_id: customerId, branch_id: branchId, place_of_supply: 'IN-MH',
      date: '2026-07-01T00:00:00', due_date: '2026-07-16T00:00:00', reference_number: 'PO-88', notes: 'Net 15',
      sub_total: order.sub_total, tax_total: order.tax_total, cgst_total: order.cgst_total, sgst_total: order.sgst_total,
      igst_total: 0, round_off: 0, total: order.total, balance: order.total,
    });
    expect(invoice.invoice_number).toMatch(/^INV-26-27-\d{5}$/);
    const strip = (lines: Record<string, unknown>[]) => lines.map(({ line_item_id: _id, ...rest }) => rest);
    expect(strip(invoice.line_items)).toEqual(strip(order.line_items));

    const fetched = await org.api.get(`/invoices/${invoice.invoice_id}`);
    expect(fetched.body.invoice).toMatchObject({ sales_order_id: order.sales_order_id, total: order.total });
    expect(strip(fetched.body.invoice.line_items)).toEqual(strip(order.line_items));
    expect((await org.api.get(`/sales_orders/${order.sales_order_id}`)).body.sales_order).toEqual(converted);
    expect(await eventData(org.orgId, 'INVOICE_CREATED', invoice.invoice_id)).toEqual([
      { id: invoice.invoice_id, number: invoice.invoice_number, customer_id: customerId, total: order.total, status: 'DRAFT' },
    ]);
    expect(await actions(org, order.sales_order_id)).toEqual(['SALES_ORDER_CONVERTED', 'SALES_ORDER_CREATED']);
    const log = await org.api.get(`/sales_orders/${order.sales_order_id}/activity?limit=1`);
    expect(log.body.activity[0]).toMatchObject({ changes: { status: { old: 'DRAFT', new: 'INVOICED' } }, metadata: { invoice_id: invoice.invoice_id } });
    expect((await org.api.get(`/invoices/${invoice.invoice_id}/activity`)).body.activity.map((a: { action: string }) => a.action)).toEqual(['INVOICE_CREATED']);

    const twice = await org.api.post(`/sales_orders/${order.sales_order_id}/convert`);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'conflict.invalid_state', details: { status: 'INVOICED' } });
    expect((await org.api.get(`/invoices?customer_id=${customerId}`)).body.invoices).toHaveLength(1);

    // The invoice lives on as any other: approving it posts the order's amounts.
    const approved = await org.api.post(`/invoices/${invoice.invoice_id}/approve`);
    expect(approved.status).toBe(200);
    const journals = await org.api.get(`/journals?source=INVOICE&source_id=${invoice.invoice_id}`);
    expect(journals.body.journals[0].lines).toEqual(expect.arrayContaining([expect.objectContaining({ debit: order.total, credit: 0 })]));
    const closed = await org.api.put(`/sales_orders/${order.sales_order_id}`, { status: 'CLOSED' });
    expect(closed.body.sales_order.status).toBe('CLOSED');
    expect((await org.api.post(`/sales_orders/${order.sales_order_id}/convert`)).status).toBe(409);
    await expectBooksBalanced(org.api);
  });

  it('converts from DRAFT, OPEN or PARTIALLY_INVOICED and from nothing else', async () => {
    const convert = (id: string) => org.api.post(`/sales_orders/${id}/convert`);
    // No endpoint invoices part of an order yet, so the test puts an OPEN order in that state directly.
    const partly = await inStatus('OPEN');
    await t.app.database.db.updateTable('sales_orders').set({ status: 'PARTIALLY_INVOICED' }).where('sales_order_id', '=', partly).execute();
    for (const [status, id] of [['DRAFT', await inStatus('DRAFT')], ['OPEN', await inStatus('OPEN')], ['PARTIALLY_INVOICED', partly]] as const) {
      const res = await convert(id);
      expect(res.status, status).toBe(200);
      // One line of 1,000.00 at 18% within Karnataka: CGST 90.00 + SGST 90.00.
      expect(res.body.invoice).toMatchObject({ status: 'DRAFT', sales_order_id: id, sub_total: 1000, cgst_total: 90, sgst_total: 90, total: 1180 });
      expect(res.body.sales_order).toMatchObject({ status: 'INVOICED', invoice_id: res.body.invoice.invoice_id });
      expect((await org.api.get(`/sales_orders/${id}`)).body.sales_order).toMatchObject({ status: 'INVOICED', invoice_id: res.body.invoice.invoice_id });
    }
    for (const status of ['INVOICED', 'CLOSED', 'CANCELLED']) {
      const id = await inStatus(status);
      const res = await convert(id);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'conflict.invalid_state', details: { status, allowed: ['DRAFT', 'OPEN', 'PARTIALLY_INVOICED'] } });
    }
    await expectBooksBalanced(org.api);
  });

  it('lets the invoice round its total by the organisation preference; the order keeps its exact total', async () => {
    await t.admin.put(`/orgs/${org.orgId}/preferences`, { roundInvoiceTotals: true, roundingMethod: 'nearest' });
    try {
      const order = await open(org, { line_items: [line(100.4, { tax_id: null })] });
      expect(order.total).toBe(100.4);
      const res = await org.api.post(`/sales_orders/${order.sales_order_id}/convert`);
      expect(res.body.invoice).toMatchObject({ sub_total: 100.4, round_off: -0.4, total: 100 });
      expect(res.body.sales_order.total).toBe(100.4);
    } finally {
      await t.admin.put(`/orgs/${org.orgId}/preferences`, { roundInvoiceTotals: false });
    }
    await expectBooksBalanced(org.api);
  });

  it('rolls the whole conversion back when the invoice cannot be created', async () => {
    const customerId = await customer(org.api);
    const order = await open(org, { customer_id: customerId });
    await t.app.database.db.updateTable('contacts').set({ contact_type: 'VENDOR' }).where('contact_id', '=', customerId).execute();
    const res = await org.api.post(`/sales_orders/${order.sales_order_id}/convert`);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('customer_id');
    expect((await org.api.get(`/sales_orders/${order.sales_order_id}`)).body.sales_order).toMatchObject({ status: 'OPEN', invoice_id: null });
    expect(await actions(org, order.sales_order_id)).toEqual(['SALES_ORDER_UPDATED', 'SALES_ORDER_CREATED']);
    await expectBooksBalanced(org.api);
  });

  it('carries an estimate all the way: accepted, converted to an order, confirmed, invoiced', async () => {
    const customerId = await customer(org.api);
    const est = await org.api.post('/estimates', { customer_id: customerId, date: '2026-06-15', line_items: [line(500, { quantity: 2 })] });
    await org.api.post(`/estimates/${est.body.estimate.estimate_id}/accept`);
    const { sales_order: order } = (await org.api.post(`/estimates/${est.body.estimate.estimate_id}/convert`)).body;
    await org.api.put(`/sales_orders/${order.sales_order_id}`, { status: 'OPEN' });
    const { invoice } = (await org.api.post(`/sales_orders/${order.sales_order_id}/convert`)).body;
    expect(invoice).toMatchObject({ sales_order_id: order.sales_order_id, total: est.body.estimate.total, sub_total: 1000, tax_total: 180 });
    expect((await org.api.get(`/sales_orders/${order.sales_order_id}`)).body.sales_order).toMatchObject({
      estimate_id: est.body.estimate.estimate_id, invoice_id: invoice.invoice_id, status: 'INVOICED',
    });
    await expectBooksBalanced(org.api);
  });
});
