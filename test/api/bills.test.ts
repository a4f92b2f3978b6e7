import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, expectBooksBalanced } from '../support/books';
import { taxId, vendor } from '../support/sales';
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

const line = (rate: number, extra: Record<string, unknown> = {}) => ({ name: 'Paper', rate, quantity: 1, tax_id: gst18, ...extra });
const bill = (vendorId: string, extra: Record<string, unknown> = {}) => ({ vendor_id: vendorId, date: '2026-06-10', place_of_supply: 'IN-KA', line_items: [line(1000)], ...extra });

describe('bills', () => {
  it('creates a DRAFT, approves it to OPEN posting Dr Purchases and input GST, Cr Accounts Payable', async () => {
    const vendorId = await vendor(org.api, { payment_terms: 15 });
    const created = await org.api.post('/bills', bill(vendorId, { bill_number: 'V-778' }));
    expect(created.status).toBe(201);
    expect(created.body.bill).toMatchObject({
      status: 'DRAFT', bill_number: 'V-778', sub_total: 1000, cgst_total: 90, sgst_total: 90, total: 1180, balance: 1180,
      vendor_credits_applied: 0, due_date: '2026-06-25T00:00:00',
    });
    const payableBefore = await accountBalance(org.api, 'Accounts Payable');
    const approved = await org.api.post(`/bills/${created.body.bill.bill_id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.bill.status).toBe('OPEN');
    expect(await accountBalance(org.api, 'Accounts Payable')).toBeCloseTo(payableBefore - 1180, 2);
    const journal = (await org.api.get(`/journals?source=BILL&source_id=${created.body.bill.bill_id}`)).body.journals[0];
    const names = new Map((await org.api.get('/accounts?per_page=200')).body.accounts.map((a: { account_id: string; account_name: string }) => [a.account_id, a.account_name]));
    expect(journal.lines.map((l: { account_id: string; debit: number; credit: number }) => [names.get(l.account_id), l.debit, l.credit])).toEqual([
      ['Purchases', 1000, 0], ['CGST Input', 90, 0], ['SGST Input', 90, 0], ['Accounts Payable', 0, 1180],
    ]);
    await expectBooksBalanced(org.api);
  });

  it('fills lines from the item master at its purchase price and account; IGST when the supplier is in another state', async () => {
    const expenseAccount = (await org.api.get('/accounts?account_type=EXPENSE')).body.accounts[0].account_id;
    const item = await org.api.post('/items', { name: 'Toner', rate: 900, purchase_rate: 600, tax_id: gst18, purchase_account_id: expenseAccount });
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-MH', payment_terms: 30 });
    // A Maharashtra vendor supplying to the Karnataka branch: IGST.
    const res = await org.api.post('/bills', { vendor_id: vendorId, date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ item_id: item.body.item.item_id, quantity: 2 }] });
    expect(res.body.bill).toMatchObject({ status: 'OPEN', sub_total: 1200, igst_total: 216, cgst_total: 0, total: 1416 });
    expect(res.body.bill.line_items[0]).toMatchObject({ rate: 600, account_id: expenseAccount, name: 'Toner' });
    await expectBooksBalanced(org.api);
  });

  it('takes a manual round_off and never auto-rounds', async () => {
    await t.admin.put(`/orgs/${org.orgId}/preferences`, { roundInvoiceTotals: true });
    const vendorId = await vendor(org.api);
    const plain = await org.api.post('/bills', bill(vendorId, { line_items: [line(100.4, { tax_id: null })], auto_approve: true }));
    expect(plain.body.bill).toMatchObject({ round_off: 0, total: 100.4 });
    const manual = await org.api.post('/bills', bill(vendorId, { date: '2026-06-11', round_off: -0.4, line_items: [line(100.4, { tax_id: null })], auto_approve: true }));
    expect(manual.body.bill).toMatchObject({ round_off: -0.4, total: 100 });
    await t.admin.put(`/orgs/${org.orgId}/preferences`, { roundInvoiceTotals: false });
    await expectBooksBalanced(org.api);
  });

  it('refuses the same vendor, date and total as a posted bill, unless the reference number differs', async () => {
    const vendorId = await vendor(org.api);
    const first = await org.api.post('/bills', bill(vendorId, { auto_approve: true }));
    expect(first.status).toBe(201);
    const twin = await org.api.post('/bills', bill(vendorId));
    expect(twin.status).toBe(400);
    expect(twin.body).toMatchObject({ code: 'validation.invalid_value', details: { existing_bill_id: first.body.bill.bill_id } });
    const distinct = await org.api.post('/bills', bill(vendorId, { reference_number: 'DELIVERY-2', auto_approve: true }));
    expect(distinct.status).toBe(201);
    const otherDay = await org.api.post('/bills', bill(vendorId, { date: '2026-06-12' }));
    expect(otherDay.status).toBe(201);
    // An empty reference number is none: still the first bill's twin.
    const emptyReference = await org.api.post('/bills', bill(vendorId, { reference_number: '' }));
    expect(emptyReference.body).toMatchObject({ code: 'validation.invalid_value', details: { existing_bill_id: first.body.bill.bill_id } });
    await expectBooksBalanced(org.api);
  });

  it('finds the twin among a day of legitimate repeats by its reference number', async () => {
    const vendorId = await vendor(org.api);
    const delivered: string[] = [];
    for (const reference of ['MILK-1', 'MILK-2', 'MILK-3', 'MILK-4']) {
      const repeat = await org.api.post('/bills', bill(vendorId, { date: '2026-06-09', reference_number: reference, auto_approve: true }));
      expect(repeat.status).toBe(201);
      delivered.push(repeat.body.bill.bill_id);
    }
    const twin = await org.api.post('/bills', bill(vendorId, { date: '2026-06-09', reference_number: 'MILK-3', auto_approve: true }));
    expect(twin.body).toMatchObject({ code: 'validation.invalid_value', field: 'reference_number', details: { existing_bill_id: delivered[2], existing_reference: 'MILK-3' } });
    // A bill without a reference has no twin among the referenced repeats.
    const unreferenced = await org.api.post('/bills', bill(vendorId, { date: '2026-06-09', auto_approve: true }));
    expect(unreferenced.status).toBe(201);
    await expectBooksBalanced(org.api);
  });

  it('edits and deletes only a DRAFT; voids a posted bill by reversal; OVERDUE is derived', async () => {
    const vendorId = await vendor(org.api);
    const draft = await org.api.post('/bills', bill(vendorId, { date: '2026-06-01' }));
    const id = draft.body.bill.bill_id;
    const edited = await org.api.put(`/bills/${id}`, { notes: 'Checked', due_date: '2026-06-05' });
    expect(edited.body.bill).toMatchObject({ notes: 'Checked', due_date: '2026-06-05T00:00:00' });
    await org.api.post(`/bills/${id}/approve`);
    expect((await org.api.get(`/bills/${id}`)).body.bill.status).toBe('OVERDUE');
    expect((await org.api.get(`/bills?status=OVERDUE&vendor_id=${vendorId}`)).body.bills.map((b: { bill_id: string }) => b.bill_id)).toEqual([id]);
    for (const res of [await org.api.put(`/bills/${id}`, { notes: 'x' }), await org.api.delete(`/bills/${id}`), await org.api.post(`/bills/${id}/approve`)]) {
      expect(res.status).toBe(409);
    }
    const voided = await org.api.post(`/bills/${id}/void`);
    expect(voided.body.bill).toMatchObject({ status: 'CANCELLED', balance: 0 });
    const kinds = (await org.api.get(`/journals?source_id=${id}`)).body.journals.map((j: { kind: string }) => j.kind).sort();
    expect(kinds).toEqual(['POSTING', 'REVERSAL']);
    const another = await org.api.post('/bills', bill(vendorId, { date: '2026-06-02' }));
    expect((await org.api.delete(`/bills/${another.body.bill.bill_id}`)).status).toBe(200);
    const timeline = await org.api.get(`/bills/${id}/activity`);
    expect(timeline.body.activity.map((a: { action: string }) => a.action)).toEqual(['BILL_VOIDED', 'BILL_APPROVED', 'BILL_UPDATED', 'BILL_CREATED']);
    const events = (await t.app.database.db.selectFrom('outbox_events').select('event_type').where('org_id', '=', org.orgId).execute()).map((e) => e.event_type);
    expect(events).toEqual(expect.arrayContaining(['BILL_CREATED', 'BILL_UPDATED', 'BILL_VOIDED']));
    await expectBooksBalanced(org.api);
  });

  it('validates: place_of_supply required and resolvable, a customer is not a vendor, foreign ids are 404', async () => {
    const vendorId = await vendor(org.api);
    const missing = await org.api.post('/bills', { vendor_id: vendorId, date: '2026-06-10', line_items: [line(1)] });
    expect(missing.body).toMatchObject({ code: 'validation.required_field', field: 'place_of_supply' });
    const bad = await org.api.post('/bills', bill(vendorId, { place_of_supply: 'IN-IN' }));
    expect(bad.status).toBe(422);
    const customerOnly = await org.api.post('/contacts', { contact_name: 'Only a customer', contact_type: 'CUSTOMER' });
    expect((await org.api.post('/bills', bill(customerOnly.body.contact.contact_id))).status).toBe(400);
    const other = await t.given.org();
    expect((await other.api.post('/bills', bill(vendorId))).status).toBe(404);
    expect((await other.api.get(`/bills?vendor_id=${vendorId}`)).body.bills).toEqual([]);
  });

  it('refuses computed amounts above the money bound with 400 on the line or total, writing nothing', async () => {
    const vendorId = await vendor(org.api);
    const before = (await org.api.get('/bills?per_page=200')).body.bills.length;
    const huge = await org.api.post('/bills', bill(vendorId, { line_items: [line(99_999_999.99, { quantity: 123_456.789 })] }));
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[0].quantity' });
    const taxed = await org.api.post('/bills', bill(vendorId, { line_items: [line(1000), line(1_000_000_000_000)] }));
    expect(taxed.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[1].rate' });
    const summed = await org.api.post('/bills', bill(vendorId, { line_items: [line(700_000_000_000), line(700_000_000_000)] }));
    expect(summed.body).toMatchObject({ code: 'validation.invalid_value', field: 'total' });
    expect((await org.api.get('/bills?per_page=200')).body.bills.length).toBe(before);
    await expectBooksBalanced(org.api);
  });
});

describe('POST /bulk/bills', () => {
  it('has the bulk contract: 200, per-row results in order, per-row events and BILL_BULK_CREATED', async () => {
    const vendorId = await vendor(org.api);
    const res = await org.api.post('/bulk/bills', { bills: [bill(vendorId, { date: '2026-06-03', auto_approve: true }), bill(vendorId, { line_items: [{ item_id: 'itm_nope' }] })] });
    expect(res.status).toBe(200);
    expect(res.body.summary).toEqual({ total: 2, succeeded: 1, failed: 1 });
    expect(res.body.results[1].error).toMatchObject({ code: 'not_found.resource', field: 'line_items[0].item_id' });
    const bulk = await t.app.database.db.selectFrom('outbox_events').select('payload').where('org_id', '=', org.orgId).where('event_type', '=', 'BILL_BULK_CREATED').execute();
    expect(bulk.map((e) => JSON.parse(e.payload).data)).toContainEqual({ count: 1, failed: 1, batch_size: 2 });
    expect((await org.api.post('/bulk/bills', { bills: [] })).status).toBe(422);
    await expectBooksBalanced(org.api);
  });
});
