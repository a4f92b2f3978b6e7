import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, expectBooksBalanced } from '../support/books';
import { createInvoice, customer, taxId } from '../support/sales';
import { HttpClient } from '../support/http-client';
import { newKey, startSecondApp, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

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

const line = (rate: number, extra: Record<string, unknown> = {}) => ({ name: 'Consulting', hsn_or_sac: '998311', rate, quantity: 1, tax_id: gst18, ...extra });

describe('invoices', () => {
  it('creates a DRAFT with GST split intra-state, numbered from the default series, posting nothing', async () => {
    const customerId = await customer(org.api, { payment_terms: 30 });
    const res = await createInvoice(org.api, { customer_id: customerId, date: '2026-06-15', place_of_supply: 'IN-KA', line_items: [line(1000)] });
    expect(res.status).toBe(201);
    expect(res.body.invoice).toMatchObject({
      status: 'DRAFT', invoice_number: 'INV-26-27-00001', sub_total: 1000, tax_total: 180, cgst_total: 90, sgst_total: 90,
      igst_total: 0, total: 1180, balance: 1180, payment_made: 0, place_of_supply: 'IN-KA',
      date: '2026-06-15T00:00:00', due_date: '2026-07-15T00:00:00',
    });
    expect(res.body.invoice.line_items[0]).toMatchObject({ item_total: 1000, tax_percentage: 18 });
    const journals = await org.api.get(`/journals?source_id=${res.body.invoice.invoice_id}`);
    expect(journals.body.journals).toHaveLength(0);
  });

  it('auto_approve posts Dr Receivable, Cr Sales and IGST output inter-state, and emits INVOICE_CREATED', async () => {
    const customerId = await customer(org.api);
    const res = await createInvoice(org.api, {
      customer_id: customerId, date: '2026-06-15', place_of_supply: '27', auto_approve: true,
      line_items: [line(500, { quantity: 2.5, discount: 50 })],
    });
    expect(res.status).toBe(201);
    const inv = res.body.invoice;
    expect(inv).toMatchObject({ status: 'SENT', place_of_supply: 'IN-MH', sub_total: 1200, igst_total: 216, cgst_total: 0, total: 1416 });
    const journals = await org.api.get(`/journals?source=INVOICE&source_id=${inv.invoice_id}`);
    expect(journals.body.journals).toHaveLength(1);
    const lines = journals.body.journals[0].lines;
    expect(lines).toEqual(expect.arrayContaining([
      expect.objectContaining({ debit: 1416, credit: 0 }),
      expect.objectContaining({ debit: 0, credit: 1200 }),
      expect.objectContaining({ debit: 0, credit: 216 }),
    ]));
    const events = await t.app.database.db.selectFrom('outbox_events').select(['event_type', 'payload'])
      .where('org_id', '=', org.orgId).where('event_type', '=', 'INVOICE_CREATED').execute();
    const data = events.map((e) => JSON.parse(e.payload).data).find((d) => d.id === inv.invoice_id);
    expect(data).toEqual({ id: inv.invoice_id, number: inv.invoice_number, customer_id: customerId, total: 1416, status: 'SENT' });
    await expectBooksBalanced(org.api);
  });

  it('approves a DRAFT once, then refuses PUT, DELETE and a second approve with 409', async () => {
    const customerId = await customer(org.api);
    const created = await createInvoice(org.api, { customer_id: customerId, date: '2026-06-15', place_of_supply: 'IN-KA', line_items: [line(100)] });
    const id = created.body.invoice.invoice_id;
    const put = await org.api.put(`/invoices/${id}`, { notes: 'Thanks', reference_number: 'PO-7', due_date: '2026-08-01' });
    expect(put.status).toBe(200);
    expect(put.body.invoice).toMatchObject({ notes: 'Thanks', reference_number: 'PO-7', due_date: '2026-08-01T00:00:00' });
    const approved = await org.api.post(`/invoices/${id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.invoice.status).toBe('SENT');
    for (const res of [await org.api.post(`/invoices/${id}/approve`), await org.api.put(`/invoices/${id}`, { notes: 'x' }), await org.api.delete(`/invoices/${id}`)]) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('conflict.invalid_state');
    }
    const bad = await org.api.put(`/invoices/${id}`, { line_items: [] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items' });
    await expectBooksBalanced(org.api);
  });

  it('deletes a DRAFT, and voids a SENT invoice by reversing its journal', async () => {
    const customerId = await customer(org.api);
    const draft = await createInvoice(org.api, { customer_id: customerId, date: '2026-06-15', place_of_supply: 'IN-KA', line_items: [line(10)] });
    expect((await org.api.delete(`/invoices/${draft.body.invoice.invoice_id}`)).status).toBe(200);
    expect((await org.api.get(`/invoices/${draft.body.invoice.invoice_id}`)).status).toBe(404);

    const receivableBefore = await accountBalance(org.api, 'Accounts Receivable');
    const sent = await createInvoice(org.api, { customer_id: customerId, date: '2026-06-15', place_of_supply: 'IN-KA', line_items: [line(200)], auto_approve: true });
    expect(await accountBalance(org.api, 'Accounts Receivable')).toBeCloseTo(receivableBefore + 236, 2);
    const voided = await org.api.post(`/invoices/${sent.body.invoice.invoice_id}/void`);
    expect(voided.status).toBe(200);
    expect(voided.body.invoice).toMatchObject({ status: 'CANCELLED', balance: 0 });
    expect(await accountBalance(org.api, 'Accounts Receivable')).toBeCloseTo(receivableBefore, 2);
    const journals = await org.api.get(`/journals?source_id=${sent.body.invoice.invoice_id}`);
    expect(journals.body.journals.map((j: { kind: string }) => j.kind).sort()).toEqual(['POSTING', 'REVERSAL']);
    expect((await org.api.post(`/invoices/${sent.body.invoice.invoice_id}/void`)).status).toBe(409);
    const activity = await org.api.get(`/invoices/${sent.body.invoice.invoice_id}/activity`);
    expect(activity.body.activity.map((a: { action: string }) => a.action)).toEqual(['INVOICE_VOIDED', 'INVOICE_APPROVED', 'INVOICE_CREATED']);
    await expectBooksBalanced(org.api);
  });

  it('refuses to void an invoice with money applied', async () => {
    const customerId = await customer(org.api);
    const sent = await createInvoice(org.api, { customer_id: customerId, date: '2026-06-15', place_of_supply: 'IN-KA', line_items: [line(50)], auto_approve: true });
    // Payments arrive with their own issue; here the applied amount is set as a payment would leave it.
    await t.app.database.db.updateTable('invoices').set({ payment_made: 1000, balance: 4900, status: 'PARTIALLY_PAID' })
      .where('invoice_id', '=', sent.body.invoice.invoice_id).execute();
    const res = await org.api.post(`/invoices/${sent.body.invoice.invoice_id}/void`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict.invalid_state', details: { payment_made: 10 } });
  });

  it('shows OVERDUE once the due date passes in IST, also in the status filter', async () => {
    const customerId = await customer(org.api);
    const sent = await createInvoice(org.api, { customer_id: customerId, date: '2026-06-15', due_date: '2026-06-20', place_of_supply: 'IN-KA', line_items: [line(10)], auto_approve: true });
    const id = sent.body.invoice.invoice_id;
    t.clock.set(new Date('2026-06-20T18:00:00Z')); // 23:30 IST on the due date: not yet overdue
    expect((await org.api.get(`/invoices/${id}`)).body.invoice.status).toBe('SENT');
    t.clock.set(new Date('2026-06-20T18:31:00Z')); // 00:01 IST the next day
    expect((await org.api.get(`/invoices/${id}`)).body.invoice.status).toBe('OVERDUE');
    const overdue = await org.api.get(`/invoices?status=OVERDUE&customer_id=${customerId}`);
    expect(overdue.body.invoices.map((i: { invoice_id: string }) => i.invoice_id)).toEqual([id]);
    const sentList = await org.api.get(`/invoices?status=SENT&customer_id=${customerId}`);
    expect(sentList.body.invoices).toHaveLength(0);
    t.clock.set(new Date('2026-06-15T06:00:00Z'));
  });

  it('a list page already served shows a payment, a void and a new day at once (list views are cached)', async () => {
    const customerId = await customer(org.api);
    const create = (due: string) => createInvoice(org.api, { customer_id: customerId, date: '2026-06-15', due_date: due, place_of_supply: 'IN-KA', line_items: [line(100)], auto_approve: true });
    const paid = (await create('2026-07-15')).body.invoice;
    const voided = (await create('2026-07-15')).body.invoice;
    const late = (await create('2026-06-16')).body.invoice;
    const page = async () => Object.fromEntries(((await org.api.get(`/invoices?customer_id=${customerId}`)).body.invoices as { invoice_id: string; status: string; balance: number }[])
      .map((i) => [i.invoice_id, { status: i.status, balance: i.balance }]));
    expect(await page()).toEqual({
      [paid.invoice_id]: { status: 'SENT', balance: 118 }, [voided.invoice_id]: { status: 'SENT', balance: 118 }, [late.invoice_id]: { status: 'SENT', balance: 118 },
    });
    const payment = await org.api.post('/payments', {
      flow: 'INCOMING', contact_id: customerId, date: '2026-06-15', amount: 18, allocations: [{ invoice_id: paid.invoice_id, amount: 18 }],
    }, { idempotencyKey: newKey() });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    expect((await org.api.post(`/invoices/${voided.invoice_id}/void`)).status).toBe(200);
    expect(await page()).toMatchObject({ [paid.invoice_id]: { status: 'PARTIALLY_PAID', balance: 100 }, [voided.invoice_id]: { status: 'CANCELLED' }, [late.invoice_id]: { status: 'SENT' } });
    const partly = (await org.api.get(`/invoices?status=PARTIALLY_PAID&customer_id=${customerId}`)).body.invoices;
    expect(partly).toMatchObject([{ invoice_id: paid.invoice_id, balance: 100, payment_made: 18 }]);
    t.clock.set(new Date('2026-06-16T18:31:00Z')); // 00:01 IST on 17 June: the third is past due
    expect((await page())[late.invoice_id]).toEqual({ status: 'OVERDUE', balance: 118 });
    t.clock.set(new Date('2026-06-15T06:00:00Z'));
    await expectBooksBalanced(org.api);
  });

  it('lists by customer and date range, newest first, and pages through a filter with cursors', async () => {
    const customerId = await customer(org.api);
    const ids: string[] = [];
    for (const date of ['2026-06-01', '2026-06-10', '2026-06-15']) {
      ids.push((await createInvoice(org.api, { customer_id: customerId, date, due_date: '2026-07-31', place_of_supply: 'IN-KA', line_items: [line(10)], auto_approve: true })).body.invoice.invoice_id);
    }
    const idsOf = (res: { body: { invoices: { invoice_id: string }[] } }) => res.body.invoices.map((i) => i.invoice_id);
    expect(idsOf(await org.api.get(`/invoices?customer_id=${customerId}&date_from=2026-06-05&date_to=2026-06-12`))).toEqual([ids[1]]);
    expect(idsOf(await org.api.get(`/invoices?customer_id=${customerId}&date_from=2026-06-10`))).toEqual([ids[2], ids[1]]);
    expect(idsOf(await org.api.get(`/invoices?customer_id=${customerId}&date_to=2026-06-10`))).toEqual([ids[1], ids[0]]);

    const first = await org.api.get(`/invoices?status=SENT&customer_id=${customerId}&per_page=2`);
    expect(idsOf(first)).toEqual([ids[2], ids[1]]);
    expect(first.body.page_context).toMatchObject({ per_page: 2, has_more_page: true, next_cursor: expect.any(String) });
    const second = await org.api.get(`/invoices?status=SENT&customer_id=${customerId}&per_page=2&cursor=${encodeURIComponent(first.body.page_context.next_cursor)}`);
    expect(idsOf(second)).toEqual([ids[0]]);
    expect(second.body.page_context).toMatchObject({ has_more_page: false, next_cursor: null });
  });

  it('a page asked for again is the same, and shows at once that the invoice below it left the filter (has_more_page)', async () => {
    const customerId = await customer(org.api);
    const create = async () => (await createInvoice(org.api, { customer_id: customerId, date: '2026-06-15', due_date: '2026-07-31', place_of_supply: 'IN-KA', line_items: [line(10)], auto_approve: true })).body.invoice;
    const below = await create();
    await create();
    await create();
    const firstPage = async () => (await org.api.get(`/invoices?status=SENT&customer_id=${customerId}&per_page=2`)).body;
    const before = await firstPage();
    expect(before.page_context).toMatchObject({ has_more_page: true, next_cursor: expect.any(String) });
    expect(await firstPage()).toEqual(before); // served again, from the same bytes

    expect((await org.api.post(`/invoices/${below.invoice_id}/void`)).status).toBe(200); // the same two on top; none below them now
    const after = await firstPage();
    expect(after.invoices).toEqual(before.invoices);
    expect(after.page_context).toMatchObject({ has_more_page: false, next_cursor: null });
    await expectBooksBalanced(org.api);
  });

  it('a page by status, read from its index, shows a DRAFT edit at once', async () => {
    const customerId = await customer(org.api);
    const draft = (await createInvoice(org.api, { customer_id: customerId, date: '2026-06-15', place_of_supply: 'IN-KA', line_items: [line(10)] })).body.invoice;
    const drafts = async () => (await org.api.get('/invoices?status=DRAFT&per_page=200')).body.invoices.find((i: { invoice_id: string }) => i.invoice_id === draft.invoice_id);
    expect(await drafts()).toMatchObject({ notes: null, line_items: [{ rate: 10 }] });
    expect((await org.api.put(`/invoices/${draft.invoice_id}`, { notes: 'Deliver by Friday' })).status).toBe(200);
    expect(await drafts()).toMatchObject({ notes: 'Deliver by Friday', line_items: [{ rate: 10 }] });
  });

  it('validates: place_of_supply 422, unknown item and tax 404 with line paths, vendor as customer 400, missing key 400', async () => {
    const customerId = await customer(org.api);
    const base = { customer_id: customerId, date: '2026-06-15', place_of_supply: 'IN-KA', line_items: [line(10)] };
    const pos = await createInvoice(org.api, { ...base, place_of_supply: 'IN-IN' });
    expect(pos.status).toBe(422);
    expect(pos.body).toMatchObject({ code: 'validation.invalid_value', field: 'place_of_supply' });
    const item = await createInvoice(org.api, { ...base, line_items: [line(10), { item_id: 'itm_nope' }] });
    expect(item.status).toBe(404);
    expect(item.body).toMatchObject({ code: 'not_found.resource', field: 'line_items[1].item_id' });
    const adhoc = await createInvoice(org.api, { ...base, line_items: [{ name: 'No rate' }] });
    expect(adhoc.status).toBe(400);
    expect(adhoc.body).toMatchObject({ code: 'validation.required_field', field: 'line_items[0].rate' });
    const discount = await createInvoice(org.api, { ...base, line_items: [line(10, { discount: 11 })] });
    expect(discount.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[0].discount' });
    const vendor = await customer(org.api, { contact_type: 'VENDOR' });
    expect((await createInvoice(org.api, { ...base, customer_id: vendor })).status).toBe(400);
    const noKey = await org.api.post('/invoices', base);
    expect(noKey.status).toBe(400);
    expect(noKey.body.code).toBe('idempotency.key_required');
    const other = await t.given.org();
    const foreign = await createInvoice(other.api, base);
    expect(foreign.status).toBe(404);
    expect(foreign.body.field).toBe('customer_id');
  });

  it('refuses computed amounts above the money bound (₹1 lakh crore) with 400 on the field, writing nothing', async () => {
    const customerId = await customer(org.api);
    const base = { customer_id: customerId, date: '2026-06-15', place_of_supply: 'IN-KA', auto_approve: true };
    const before = (await org.api.get('/invoices?per_page=200')).body.invoices.length;
    const refused = async (body: Record<string, unknown>, field: string) => {
      const res = await createInvoice(org.api, { ...base, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation.invalid_value', field });
      expect(res.body.message).toMatch(/exceeds the largest amount, 1000000000000/);
    };
    // The reported case: 99,999,999.99 × 123,456.789 stored a total of about ₹1.2 × 10^13.
    await refused({ line_items: [line(10), line(99_999_999.99, { quantity: 123_456.789 })] }, 'line_items[1].quantity');
    // One unit at the largest rate is within the bound; its 18% GST is not.
    await refused({ line_items: [line(1_000_000_000_000)] }, 'line_items[0].rate');
    // Every line within the bound, their sum not.
    await refused({ line_items: [line(600_000_000_000, { tax_id: null }), line(600_000_000_000, { tax_id: null })] }, 'total');
    // An explicit round_off that takes the total past it.
    await refused({ round_off: 1, line_items: [line(1_000_000_000_000, { tax_id: null })] }, 'round_off');
    expect((await org.api.get('/invoices?per_page=200')).body.invoices.length).toBe(before);
    // At the bound exactly, it is accepted and posts.
    const atBound = await createInvoice(org.api, { ...base, line_items: [line(500_000_000_000, { tax_id: null, quantity: 2 })] });
    expect(atBound.status, JSON.stringify(atBound.body)).toBe(201);
    expect(atBound.body.invoice).toMatchObject({ sub_total: 1_000_000_000_000, total: 1_000_000_000_000 });
    await expectBooksBalanced(org.api);
  });

  it('fills lines from the item master at its selling price, with overrides', async () => {
    const item = await org.api.post('/items', { name: 'Widget', rate: 250, purchase_rate: 150, tax_id: gst18, hsn_sac: '8471' });
    const customerId = await customer(org.api);
    const res = await createInvoice(org.api, {
      customer_id: customerId, date: '2026-06-15', place_of_supply: 'IN-KA',
      line_items: [{ item_id: item.body.item.item_id, quantity: 2 }, { item_id: item.body.item.item_id, rate: 200, tax_id: await taxId(org.api, 5) }],
    });
    expect(res.body.invoice.line_items).toEqual([
      expect.objectContaining({ name: 'Widget', rate: 250, item_total: 500, tax_percentage: 18, hsn_or_sac: '8471' }),
      expect.objectContaining({ name: 'Widget', rate: 200, item_total: 200, tax_percentage: 5 }),
    ]);
    expect(res.body.invoice.tax_total).toBe(100);
  });

  it('rounds totals per the preference, or takes an explicit round_off verbatim', async () => {
    await t.admin.put(`/orgs/${org.orgId}/preferences`, { roundInvoiceTotals: true, roundingMethod: 'nearest' });
    const customerId = await customer(org.api);
    const base = { customer_id: customerId, date: '2026-06-15', place_of_supply: 'IN-KA', auto_approve: true };
    const auto = await createInvoice(org.api, { ...base, line_items: [line(100.4, { tax_id: null })] });
    expect(auto.body.invoice).toMatchObject({ sub_total: 100.4, round_off: -0.4, total: 100 });
    const explicit = await createInvoice(org.api, { ...base, round_off: 0, line_items: [line(100.4, { tax_id: null })] });
    expect(explicit.body.invoice).toMatchObject({ round_off: 0, total: 100.4 });
    await t.admin.put(`/orgs/${org.orgId}/preferences`, { roundingMethod: 'up' });
    const up = await createInvoice(org.api, { ...base, line_items: [line(100.01, { tax_id: null })] });
    expect(up.body.invoice).toMatchObject({ round_off: 0.99, total: 101 });
    await t.admin.put(`/orgs/${org.orgId}/preferences`, { roundInvoiceTotals: false, roundingMethod: 'nearest' });
    expect(await accountBalance(org.api, 'Round Off')).toBeCloseTo(-0.59, 2);
    await expectBooksBalanced(org.api);
  });
});

describe('invoice numbering', () => {
  it('uses an explicit invoice_number verbatim, unique within the branch; unknown series fall back to legacy numbers', async () => {
    const o = await t.given.org();
    const customerId = await customer(o.api);
    const base = { customer_id: customerId, date: '2026-06-15', place_of_supply: 'IN-KA', line_items: [line(10, { tax_id: null })] };
    const explicit = await createInvoice(o.api, { ...base, invoice_number: 'INV-26-27-00002', series_name: 'default' });
    expect(explicit.body.invoice.invoice_number).toBe('INV-26-27-00002');
    const dup = await createInvoice(o.api, { ...base, invoice_number: 'INV-26-27-00002' });
    expect(dup.status).toBe(400);
    expect(dup.body).toMatchObject({ code: 'validation.invalid_value', field: 'invoice_number' });
    const next = await o.api.get('/invoices/series/next-number');
    expect(next.body).toMatchObject({ code: 0, next_number: 'INV-26-27-00001', series: 'default' });
    expect((await createInvoice(o.api, base)).body.invoice.invoice_number).toBe('INV-26-27-00001');
    // 00002 was taken explicitly, so the series skips it.
    expect((await createInvoice(o.api, base)).body.invoice.invoice_number).toBe('INV-26-27-00003');
    expect((await o.api.get('/invoices/series/next-number')).body.next_number).toBe('INV-26-27-00004');
    const legacy = await createInvoice(o.api, { ...base, series_name: 'nope' });
    expect(legacy.body.invoice.invoice_number).toBe('INV-260615-0001');
  });

  it('lists a virtual default for a new branch, creates period-bound series, and refuses a date without a period', async () => {
    const o = await t.given.org();
    const branch = await t.admin.post(`/orgs/${o.orgId}/branches`, { name: 'Mumbai', state_code: 'IN-MH' });
    const branchId = branch.body.branch.branch_id;
    const list = await o.api.get(`/invoices/series?branchId=${branchId}&transactionDate=2026-06-15`);
    expect(list.body).toMatchObject({ branchId, series: [{ seriesName: 'default', isDefault: true, prefix: 'INV-' }] });
    expect(list.body.series[0].periodId).toEqual(expect.any(String));
    const created = await o.api.post('/invoices/series', { series_name: 'export', prefix: 'EXP-', padding: 4, transaction_date: '2026-06-15', branch_id: branchId, format_template: '{prefix}{num}/{fy}' });
    expect(created.status).toBe(201);
    expect(created.body.series).toMatchObject({ series_name: 'export', prefix: 'EXP-', is_default: false, branch_id: branchId });
    const customerId = await customer(o.api);
    const inv = await createInvoice(o.api, { customer_id: customerId, branch_id: branchId, series_name: 'export', date: '2026-06-15', place_of_supply: 'IN-MH', line_items: [line(10, { tax_id: await taxId(o.api, 18) })] });
    expect(inv.body.invoice).toMatchObject({ invoice_number: 'EXP-0001/2026-27', branch_id: branchId, cgst_total: 0.9 });
    const noPeriod = await o.api.post('/invoices/series', { series_name: 'old', prefix: 'O-', transaction_date: '1999-01-01' });
    expect(noPeriod.status).toBe(400);
    expect(noPeriod.body).toMatchObject({ code: 'validation.invalid_value', field: 'transaction_date' });
  });

  it('gives concurrent creates on one series distinct, consecutive numbers', async () => {
    const o = await t.given.org();
    const customerId = await customer(o.api);
    const body = { customer_id: customerId, date: '2026-06-15', place_of_supply: 'IN-KA', line_items: [line(1, { tax_id: null })] };
    const results = await Promise.all(Array.from({ length: 50 }, () => createInvoice(o.api, body, newKey())));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const numbers = results.map((r) => r.body.invoice.invoice_number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `INV-26-27-${String(i + 1).padStart(5, '0')}`));
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('invoice list pages on PostgreSQL', () => {
  it('a page one process has served shows a payment made through another process at once', async () => {
    const second = await startSecondApp(t);
    try {
      const throughSecond = new HttpClient(second.api.baseUrl, org.token);
      const customerId = await customer(org.api);
      const sent = (await createInvoice(org.api, { customer_id: customerId, date: '2026-06-15', due_date: '2026-07-15', place_of_supply: 'IN-KA', line_items: [line(100)], auto_approve: true })).body.invoice;
      const listed = async (status: string) => (await org.api.get(`/invoices?status=${status}&customer_id=${customerId}`)).body.invoices as { invoice_id: string; balance: number }[];
      expect(await listed('SENT')).toMatchObject([{ invoice_id: sent.invoice_id, balance: 118 }]);
      const payment = await throughSecond.post('/payments', {
        flow: 'INCOMING', contact_id: customerId, date: '2026-06-15', amount: 18, allocations: [{ invoice_id: sent.invoice_id, amount: 18 }],
      }, { idempotencyKey: newKey() });
      expect(payment.status, JSON.stringify(payment.body)).toBe(201);
      expect(await listed('SENT')).toEqual([]);
      expect(await listed('PARTIALLY_PAID')).toMatchObject([{ invoice_id: sent.invoice_id, balance: 100, payment_made: 18 }]);
      await expectBooksBalanced(org.api);
    } finally {
      await second.close();
    }
  });
});
