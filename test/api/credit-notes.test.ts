import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import type { HttpClient } from '../support/http-client';
import { createCreditNote, createInvoice, customer, postedBill, postedInvoice, taxId, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

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

const line = (rate: number, extra: Record<string, unknown> = {}) => ({ name: 'Returned goods', hsn_or_sac: '8471', rate, quantity: 1, ...extra });
const note = (customerId: string, extra: Record<string, unknown> = {}) => ({ customer_id: customerId, date: '2026-06-12', line_items: [line(100)], ...extra });
/** A line of a note bound to the first line of its invoice or bill, crediting `amount` of taxable value unless told otherwise. */
const onFirstLine = (parent: { invoice_id?: string; line_items: { line_item_id: string }[] }, extra: Record<string, unknown> = { amount: 100 }) =>
  ({ [parent.invoice_id ? 'invoice_line_item_id' : 'bill_line_item_id']: parent.line_items[0]!.line_item_id, ...extra });

async function issued(body: Record<string, unknown>) {
  const res = await createCreditNote(org.api, body);
  if (res.status !== 201) throw new Error(`credit note: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.credit_note;
}

const applyToInvoice = (id: string, invoiceId: string, amount: number, api: HttpClient = org.api, key = newKey()) =>
  api.post(`/credit_notes/${id}/apply-to-invoice`, { invoice_id: invoiceId, amount }, { idempotencyKey: key });
const applyToBill = (id: string, billId: string, amount: number, api: HttpClient = org.api) =>
  api.post(`/credit_notes/${id}/apply-to-bill`, { bill_id: billId, amount }, { idempotencyKey: newKey() });

/** A journal's lines as [account name, debit, credit]. */
async function journalOf(source: string, sourceId: string) {
  const names = new Map((await org.api.get('/accounts?per_page=200')).body.accounts.map((a: { account_id: string; account_name: string }) => [a.account_id, a.account_name]));
  const journals = (await org.api.get(`/journals?source=${source}&source_id=${sourceId}`)).body.journals;
  return journals.map((j: { kind: string; lines: { account_id: string; debit: number; credit: number }[] }) => ({
    kind: j.kind, lines: j.lines.map((l) => [names.get(l.account_id), l.debit, l.credit]),
  }));
}

async function eventsOf(type: string) {
  const rows = await t.app.database.db.selectFrom('outbox_events').select('payload').where('org_id', '=', org.orgId).where('event_type', '=', type).execute();
  return rows.map((r) => JSON.parse(r.payload).data);
}

describe('POST /credit_notes', () => {
  it("issues a customer's note against an invoice: ISSUED, place of supply inherited, Dr Sales and GST output, Cr Receivable; no balance moves", async () => {
    const customerId = await customer(org.api);
    const invoice = await postedInvoice(org.api, customerId, 1000, { place_of_supply: 'IN-MH', line_items: [{ name: 'Goods', hsn_or_sac: '8471', rate: 1000, tax_id: gst18 }] });
    const res = await createCreditNote(org.api, note(customerId, {
      invoice_id: invoice.invoice_id, notes: 'Damaged in transit',
      line_items: [onFirstLine(invoice, { amount: 200, restock: true }), onFirstLine(invoice, { amount: 100, tax_id: gst18 })],
    }));
    expect(res.status).toBe(201);
    const cn = res.body.credit_note;
    expect(cn).toMatchObject({
      credit_note_number: expect.stringMatching(/^CN-26-27-\d{5}$/), type: 'customer', customer_id: customerId, invoice_id: invoice.invoice_id, bill_id: null,
      status: 'ISSUED', place_of_supply: 'IN-MH', stock_direction: 'SALES_RETURN_IN', sub_total: 300, igst_total: 54, cgst_total: 0,
      total: 354, applied_amount: 0, balance_amount: 354, notes: 'Damaged in transit', date: '2026-06-12T00:00:00',
    });
    expect(cn.line_items.map((l: { restock: boolean }) => l.restock)).toEqual([true, false]);
    expect(await journalOf('CREDIT_NOTE', cn.credit_note_id)).toEqual([{
      kind: 'POSTING', lines: [['Sales', 200, 0], ['Sales', 100, 0], ['IGST Output', 54, 0], ['Accounts Receivable', 0, 354]],
    }]);
    // Creating a note reduces no document's balance by itself.
    expect((await org.api.get(`/invoices/${invoice.invoice_id}`)).body.invoice).toMatchObject({ balance: 1180, status: 'SENT', credits_applied: 0 });
    expect(await eventsOf('CREDIT_NOTE_CREATED')).toContainEqual({ id: cn.credit_note_id, number: cn.credit_note_number, customer_id: customerId, total: 354, status: 'ISSUED' });
    expect((await org.api.get(`/credit_notes/${cn.credit_note_id}`)).body.credit_note).toEqual(cn);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });

  it("issues a vendor's credit with bill_id: Dr Payable, Cr the lines' purchase account and GST input", async () => {
    const vendorId = await vendor(org.api);
    const bill = await postedBill(org.api, vendorId, 1000, { line_items: [{ name: 'Supplies', rate: 1000, tax_id: gst18 }] });
    const cn = await issued(note(vendorId, { bill_id: bill.bill_id, line_items: [onFirstLine(bill, { amount: 500, restock: true })] }));
    expect(cn).toMatchObject({
      type: 'vendor', customer_id: vendorId, bill_id: bill.bill_id, invoice_id: null, stock_direction: 'PURCHASE_RETURN_OUT',
      place_of_supply: 'IN-KA', cgst_total: 45, sgst_total: 45, total: 590, balance_amount: 590, status: 'ISSUED',
    });
    expect(await journalOf('CREDIT_NOTE', cn.credit_note_id)).toEqual([{
      kind: 'POSTING', lines: [['Purchases', 0, 500], ['CGST Input', 0, 45], ['SGST Input', 0, 45], ['Accounts Payable', 590, 0]],
    }]);
    expect((await org.api.get(`/bills/${bill.bill_id}`)).body.bill).toMatchObject({ balance: 1180, status: 'OPEN' });
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });

  it("without a parent the contact decides the side, and place_of_supply defaults from the contact", async () => {
    const customerId = await customer(org.api, { place_of_contact: 'IN-TN' });
    const vendorId = await vendor(org.api);
    const forCustomer = await issued(note(customerId, { line_items: [line(100, { tax_id: gst18 })] }));
    expect(forCustomer).toMatchObject({ type: 'customer', place_of_supply: 'IN-TN', igst_total: 18, stock_direction: 'SALES_RETURN_IN' });
    const forVendor = await issued(note(vendorId, { place_of_supply: 'IN-KA' }));
    expect(forVendor).toMatchObject({ type: 'vendor', stock_direction: 'PURCHASE_RETURN_OUT', total: 100 });
    await expectBooksBalanced(org.api);
  });

  it('refuses lines and totals above the money bound, for customers and vendors alike, posting nothing', async () => {
    const customerId = await customer(org.api);
    const vendorId = await vendor(org.api);
    const listed = await org.api.get('/credit_notes?per_page=200');
    expect(listed.status).toBe(200);
    const before = listed.body;
    const huge = await createCreditNote(org.api, note(customerId, { line_items: [line(99_999_999.99, { quantity: 123_456.789 })] }));
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[0].quantity' });
    const summed = await createCreditNote(org.api, note(vendorId, { place_of_supply: 'IN-KA', line_items: [line(600_000_000_000), line(600_000_000_000)] }));
    expect(summed.body).toMatchObject({ code: 'validation.invalid_value', field: 'total' });
    expect((await org.api.get('/credit_notes?per_page=200')).body).toEqual(before);
    await expectBooksBalanced(org.api);
  });

  it('refuses: no Idempotency-Key, both parents, a parent of another contact, an unposted parent, foreign ids', async () => {
    const customerId = await customer(org.api);
    const otherCustomer = await customer(org.api);
    const invoice = await postedInvoice(org.api, customerId, 500);
    const noKey = await org.api.post('/credit_notes', note(customerId));
    expect(noKey).toMatchObject({ status: 400, body: { code: 'idempotency.key_required' } });
    const both = await createCreditNote(org.api, note(customerId, { invoice_id: invoice.invoice_id, bill_id: 'bill_x' }));
    expect(both).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'bill_id' } });
    const wrongContact = await createCreditNote(org.api, note(otherCustomer, { invoice_id: invoice.invoice_id }));
    expect(wrongContact).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'invoice_id' } });
    const draft = await createInvoice(org.api, { customer_id: customerId, date: '2026-06-10', place_of_supply: 'IN-KA', line_items: [line(10)] });
    expect((await createCreditNote(org.api, note(customerId, { invoice_id: draft.body.invoice.invoice_id }))).body.code).toBe('conflict.invalid_state');
    expect((await createCreditNote(org.api, note(customerId, { line_items: [line(1, { tax_id: 'tax_nope' })] }))).body.field).toBe('line_items[0].tax_id');
    const other = await t.given.org();
    const foreignInvoice = await createCreditNote(other.api, note(await customer(other.api), { invoice_id: invoice.invoice_id }));
    expect(foreignInvoice).toMatchObject({ status: 404, body: { code: 'not_found.resource', field: 'invoice_id' } });
    expect((await createCreditNote(other.api, note(customerId))).body).toMatchObject({ code: 'not_found.resource', field: 'customer_id' });
    const numbers = (await org.api.get(`/credit_notes?customer_id=${customerId}`)).body.credit_notes;
    expect(numbers).toEqual([]);
  });
});

describe('apply-to-invoice and apply-to-bill', () => {
  it('applies partially (note stays ISSUED) and fully: the invoice becomes CREDIT_APPLIED with paid_amount, INVOICE_PAID fires, nothing is posted', async () => {
    const customerId = await customer(org.api);
    const invoice = await postedInvoice(org.api, customerId, 1000);
    const first = await issued(note(customerId, { invoice_id: invoice.invoice_id, line_items: [onFirstLine(invoice, { amount: 600 })] }));
    const partial = await applyToInvoice(first.credit_note_id, invoice.invoice_id, 400);
    expect(partial.status).toBe(200);
    expect(partial.body.credit_note).toEqual({ credit_note_id: first.credit_note_id, application_id: expect.stringMatching(/^cna_/), applied_amount: 400, balance_amount: 200, status: 'ISSUED' });
    expect(partial.body.invoice).toEqual({ invoice_id: invoice.invoice_id, balance: 600, status: 'PARTIALLY_PAID', paid_amount: 400 });

    const second = await issued(note(customerId, { line_items: [line(600)] }));
    const full = await applyToInvoice(second.credit_note_id, invoice.invoice_id, 600);
    expect(full.body.credit_note).toEqual({ credit_note_id: second.credit_note_id, application_id: expect.stringMatching(/^cna_/), applied_amount: 600, balance_amount: 0, status: 'APPLIED' });
    expect(full.body.invoice).toEqual({ invoice_id: invoice.invoice_id, balance: 0, status: 'CREDIT_APPLIED', paid_amount: 1000 });
    expect((await org.api.get(`/invoices/${invoice.invoice_id}`)).body.invoice).toMatchObject({ status: 'CREDIT_APPLIED', credits_applied: 1000, balance: 0 });
    expect((await eventsOf('INVOICE_PAID')).map((d) => d.id)).toContain(invoice.invoice_id);
    // Applying moves document balances only: each note keeps its one posting.
    expect(await journalOf('CREDIT_NOTE', second.credit_note_id)).toHaveLength(1);
    const applications = await t.app.database.db.selectFrom('credit_note_applications').select(['credit_note_id', 'invoice_id', 'amount'])
      .where('org_id', '=', org.orgId).where('invoice_id', '=', invoice.invoice_id).orderBy('application_id').execute();
    expect(applications.map((a) => [a.credit_note_id, Number(a.amount)])).toEqual([[first.credit_note_id, 40000], [second.credit_note_id, 60000]]);
    // A fully applied note has nothing left to apply; a settled invoice takes nothing more.
    expect((await applyToInvoice(second.credit_note_id, invoice.invoice_id, 1)).status).toBe(409);
    expect((await applyToInvoice(first.credit_note_id, invoice.invoice_id, 1)).status).toBe(409);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });

  it("applies a vendor's credit to a bill: PAID when cleared, BILL_PAID fires", async () => {
    const vendorId = await vendor(org.api);
    const bill = await postedBill(org.api, vendorId, 300);
    const cn = await issued(note(vendorId, { bill_id: bill.bill_id, line_items: [onFirstLine(bill, { amount: 300 })] }));
    const res = await applyToBill(cn.credit_note_id, bill.bill_id, 300);
    expect(res.status).toBe(200);
    expect(res.body.credit_note).toEqual({ credit_note_id: cn.credit_note_id, application_id: expect.stringMatching(/^cna_/), applied_amount: 300, balance_amount: 0, status: 'APPLIED' });
    expect(res.body.bill).toEqual({ bill_id: bill.bill_id, balance: 0, status: 'PAID', paid_amount: 300 });
    expect((await org.api.get(`/bills/${bill.bill_id}`)).body.bill).toMatchObject({ status: 'PAID', vendor_credits_applied: 300 });
    expect((await eventsOf('BILL_PAID')).map((d) => d.id)).toContain(bill.bill_id);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });

  it('refuses above the limit with the limit in details, across contacts, on the wrong side, and a missing key', async () => {
    const customerId = await customer(org.api);
    const invoice = await postedInvoice(org.api, customerId, 500);
    const small = await issued(note(customerId, { line_items: [line(200)] }));
    const big = await issued(note(customerId, { line_items: [line(1000)] }));
    const overNote = await applyToInvoice(small.credit_note_id, invoice.invoice_id, 300);
    expect(overNote).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'amount', details: { limit: 200, credit_note_balance: 200, invoice_balance: 500, requested: 300 } } });
    const overInvoice = await applyToInvoice(big.credit_note_id, invoice.invoice_id, 600);
    expect(overInvoice).toMatchObject({ status: 400, body: { details: { limit: 500, credit_note_balance: 1000, invoice_balance: 500, requested: 600 } } });

    const stranger = await customer(org.api);
    const strangersInvoice = await postedInvoice(org.api, stranger, 500);
    const across = await applyToInvoice(big.credit_note_id, strangersInvoice.invoice_id, 10);
    expect(across).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'invoice_id' } });

    const vendorId = await vendor(org.api);
    const bill = await postedBill(org.api, vendorId, 500);
    expect((await applyToBill(big.credit_note_id, bill.bill_id, 10)).body).toMatchObject({ code: 'validation.invalid_value', field: 'bill_id' });
    const vendorCredit = await issued(note(vendorId, { bill_id: bill.bill_id, line_items: [onFirstLine(bill)] }));
    expect((await applyToInvoice(vendorCredit.credit_note_id, invoice.invoice_id, 10)).body).toMatchObject({ code: 'validation.invalid_value', field: 'invoice_id' });

    const noKey = await org.api.post(`/credit_notes/${big.credit_note_id}/apply-to-invoice`, { invoice_id: invoice.invoice_id, amount: 10 });
    expect(noKey).toMatchObject({ status: 400, body: { code: 'idempotency.key_required' } });
    const noKeyBill = await org.api.post(`/credit_notes/${vendorCredit.credit_note_id}/apply-to-bill`, { bill_id: bill.bill_id, amount: 10 });
    expect(noKeyBill.body.code).toBe('idempotency.key_required');
    const extraField = await org.api.post(`/credit_notes/${big.credit_note_id}/apply-to-invoice`, { invoice_id: invoice.invoice_id, amount: 10, note: 'x' }, { idempotencyKey: newKey() });
    expect(extraField).toMatchObject({ status: 400, body: { code: 'validation.invalid_value' } });
    const zero = await applyToInvoice(big.credit_note_id, invoice.invoice_id, 0);
    expect(zero.status).toBe(400);

    // Nothing moved.
    expect((await org.api.get(`/invoices/${invoice.invoice_id}`)).body.invoice).toMatchObject({ balance: 500, credits_applied: 0 });
    expect((await org.api.get(`/credit_notes/${big.credit_note_id}`)).body.credit_note).toMatchObject({ applied_amount: 0, balance_amount: 1000 });
    await expectBooksBalanced(org.api);
  });

  it('parallel applies of one note to several invoices never apply more than the note holds', async () => {
    const customerId = await customer(org.api);
    const invoices = [];
    for (let i = 0; i < 8; i++) invoices.push(await postedInvoice(org.api, customerId, 100, { reference_number: `P-${i}` }));
    const cn = await issued(note(customerId, { line_items: [line(500)] }));
    const results = await Promise.all(invoices.map((inv) => applyToInvoice(cn.credit_note_id, inv.invoice_id, 100)));
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const after = (await org.api.get(`/credit_notes/${cn.credit_note_id}`)).body.credit_note;
    expect(after).toMatchObject({ applied_amount: 500, balance_amount: 0, status: 'APPLIED' });
    const credited = await Promise.all(invoices.map(async (inv) => (await org.api.get(`/invoices/${inv.invoice_id}`)).body.invoice.credits_applied));
    expect(credited.reduce((s, x) => s + x, 0)).toBe(500);
    await expectBooksBalanced(org.api);
  });

  it('a retry with the same key replays the answer and applies once', async () => {
    const customerId = await customer(org.api);
    const invoice = await postedInvoice(org.api, customerId, 500);
    const cn = await issued(note(customerId, { line_items: [line(300)] }));
    const key = newKey();
    const once = await applyToInvoice(cn.credit_note_id, invoice.invoice_id, 100, org.api, key);
    const again = await applyToInvoice(cn.credit_note_id, invoice.invoice_id, 100, org.api, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(once.body);
    expect((await org.api.get(`/credit_notes/${cn.credit_note_id}`)).body.credit_note.applied_amount).toBe(100);
  });
});

describe('void, update, list, activity', () => {
  it('voids an ISSUED note with nothing applied (CANCELLED, reversal, CREDIT_NOTE_VOIDED); refuses a second void, an applied note, and applying a CANCELLED one', async () => {
    const customerId = await customer(org.api);
    const invoice = await postedInvoice(org.api, customerId, 500);
    const cn = await issued(note(customerId, { line_items: [line(100, { tax_id: gst18 })] }));
    const voided = await org.api.post(`/credit_notes/${cn.credit_note_id}/void`);
    expect(voided.status).toBe(200);
    expect(voided.body.credit_note).toMatchObject({ status: 'CANCELLED', balance_amount: 0, applied_amount: 0 });
    const journals = await journalOf('CREDIT_NOTE', cn.credit_note_id);
    expect(journals.map((j: { kind: string }) => j.kind).sort()).toEqual(['POSTING', 'REVERSAL']);
    expect(await eventsOf('CREDIT_NOTE_VOIDED')).toContainEqual({ id: cn.credit_note_id, number: cn.credit_note_number, customer_id: customerId, total: 118, status: 'CANCELLED' });
    expect((await org.api.post(`/credit_notes/${cn.credit_note_id}/void`)).body.code).toBe('conflict.invalid_state');
    const cancelled = await applyToInvoice(cn.credit_note_id, invoice.invoice_id, 10);
    expect(cancelled).toMatchObject({ status: 409, body: { code: 'conflict.invalid_state' } });
    expect((await org.api.put(`/credit_notes/${cn.credit_note_id}`, { notes: 'x' })).status).toBe(409);

    const applied = await issued(note(customerId, { line_items: [line(100)] }));
    expect((await applyToInvoice(applied.credit_note_id, invoice.invoice_id, 50)).status).toBe(200);
    const refused = await org.api.post(`/credit_notes/${applied.credit_note_id}/void`);
    expect(refused).toMatchObject({ status: 409, body: { code: 'conflict.invalid_state', details: { applied_amount: 50 } } });
    // The invoice cannot be voided while a credit is applied to it.
    expect((await org.api.post(`/invoices/${invoice.invoice_id}/void`)).status).toBe(409);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });

  it('unapplies: the invoice owes it again (SENT), the note is ISSUED with its balance back and can go elsewhere; once nothing is applied both can be voided', async () => {
    const customerId = await customer(org.api);
    const invoice = await postedInvoice(org.api, customerId, 500);
    const other = await postedInvoice(org.api, customerId, 300);
    const cn = await issued(note(customerId, { line_items: [line(100, { tax_id: gst18 })] }));
    const first = (await applyToInvoice(cn.credit_note_id, invoice.invoice_id, 18)).body.credit_note.application_id;
    const second = (await applyToInvoice(cn.credit_note_id, invoice.invoice_id, 100)).body.credit_note.application_id;
    expect((await org.api.get(`/credit_notes/${cn.credit_note_id}`)).body.credit_note).toMatchObject({
      status: 'APPLIED', applied_amount: 118, balance_amount: 0,
      applications: [{ application_id: first, invoice_id: invoice.invoice_id, bill_id: null, amount: 18 }, { application_id: second, invoice_id: invoice.invoice_id, bill_id: null, amount: 100 }],
    });

    const undone = await org.api.delete(`/credit_notes/${cn.credit_note_id}/applications/${second}`);
    expect(undone.status).toBe(200);
    expect(undone.body.credit_note).toMatchObject({ status: 'ISSUED', applied_amount: 18, balance_amount: 100, applications: [{ application_id: first, amount: 18 }] });
    expect(undone.body.invoice).toEqual({ invoice_id: invoice.invoice_id, balance: 482, status: 'PARTIALLY_PAID', paid_amount: 18 });
    expect(undone.body.bill).toBeUndefined();
    expect((await org.api.delete(`/credit_notes/${cn.credit_note_id}/applications/${second}`)).body).toMatchObject({ code: 'not_found.resource', field: 'application_id' });
    // What came back can go to another invoice of the customer.
    expect((await applyToInvoice(cn.credit_note_id, other.invoice_id, 100)).body.invoice).toMatchObject({ balance: 200, status: 'PARTIALLY_PAID' });
    const moved = (await org.api.get(`/credit_notes/${cn.credit_note_id}`)).body.credit_note.applications[1].application_id;

    const last = await org.api.delete(`/credit_notes/${cn.credit_note_id}/applications/${first}`);
    expect(last.body.invoice).toEqual({ invoice_id: invoice.invoice_id, balance: 500, status: 'SENT', paid_amount: 0 });
    expect((await org.api.delete(`/credit_notes/${cn.credit_note_id}/applications/${moved}`)).body.credit_note).toMatchObject({ status: 'ISSUED', applied_amount: 0, balance_amount: 118, applications: [] });
    expect((await org.api.post(`/credit_notes/${cn.credit_note_id}/void`)).body.credit_note).toMatchObject({ status: 'CANCELLED' });
    expect((await org.api.post(`/invoices/${invoice.invoice_id}/void`)).status).toBe(200);
    const timeline = (await org.api.get(`/credit_notes/${cn.credit_note_id}/activity`)).body.activity.map((a: { action: string }) => a.action);
    expect(timeline).toEqual(['CREDIT_NOTE_VOIDED', 'CREDIT_NOTE_UNAPPLIED', 'CREDIT_NOTE_UNAPPLIED', 'CREDIT_NOTE_APPLIED', 'CREDIT_NOTE_UNAPPLIED', 'CREDIT_NOTE_APPLIED', 'CREDIT_NOTE_APPLIED', 'CREDIT_NOTE_CREATED']);
    expect((await org.api.get(`/invoices/${invoice.invoice_id}/activity`)).body.activity.some((a: { metadata: { application_id?: string } }) => a.metadata?.application_id === first)).toBe(true);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });

  it('PUT edits reference_number and notes until anything is applied; the timeline has every change', async () => {
    const customerId = await customer(org.api);
    const invoice = await postedInvoice(org.api, customerId, 500);
    const cn = await issued(note(customerId));
    const edited = await org.api.put(`/credit_notes/${cn.credit_note_id}`, { notes: 'Rate difference', reference_number: 'RD-1' });
    expect(edited.body.credit_note).toMatchObject({ notes: 'Rate difference', reference_number: 'RD-1', total: 100 });
    const same = await org.api.put(`/credit_notes/${cn.credit_note_id}`, { notes: 'Rate difference' });
    expect(same.status).toBe(200);
    expect((await org.api.put(`/credit_notes/${cn.credit_note_id}`, { total: 5 })).body.code).toBe('validation.invalid_value');
    await applyToInvoice(cn.credit_note_id, invoice.invoice_id, 30);
    const blocked = await org.api.put(`/credit_notes/${cn.credit_note_id}`, { notes: 'later' });
    expect(blocked).toMatchObject({ status: 409, body: { code: 'conflict.invalid_state' } });
    const timeline = await org.api.get(`/credit_notes/${cn.credit_note_id}/activity`);
    expect(timeline.status).toBe(200);
    expect(timeline.body.activity.map((a: { action: string }) => a.action)).toEqual(['CREDIT_NOTE_APPLIED', 'CREDIT_NOTE_UPDATED', 'CREDIT_NOTE_CREATED']);
    const invoiceTimeline = await org.api.get(`/invoices/${invoice.invoice_id}/activity`);
    expect(invoiceTimeline.body.activity[0].metadata).toMatchObject({ credit_note_id: cn.credit_note_id });
    await expectBooksBalanced(org.api);
  });

  it('lists newest first with filters status, customer_id, invoice_id, bill_id and type, by cursor', async () => {
    const customerId = await customer(org.api);
    const vendorId = await vendor(org.api);
    const invoice = await postedInvoice(org.api, customerId, 500);
    const bill = await postedBill(org.api, vendorId, 500);
    const a = await issued(note(customerId, { invoice_id: invoice.invoice_id, line_items: [onFirstLine(invoice)] }));
    const b = await issued(note(customerId));
    const c = await issued(note(vendorId, { bill_id: bill.bill_id, line_items: [onFirstLine(bill)] }));
    await org.api.post(`/credit_notes/${b.credit_note_id}/void`);
    const ids = async (query: string) => (await org.api.get(`/credit_notes?${query}`)).body.credit_notes.map((n: { credit_note_id: string }) => n.credit_note_id);
    expect(await ids(`customer_id=${customerId}`)).toEqual([b.credit_note_id, a.credit_note_id]);
    expect(await ids(`customer_id=${customerId}&status=CANCELLED`)).toEqual([b.credit_note_id]);
    expect(await ids(`invoice_id=${invoice.invoice_id}`)).toEqual([a.credit_note_id]);
    expect(await ids(`bill_id=${bill.bill_id}`)).toEqual([c.credit_note_id]);
    expect(await ids(`customer_id=${vendorId}&type=vendor`)).toEqual([c.credit_note_id]);
    expect(await ids(`customer_id=${vendorId}&type=customer`)).toEqual([]);
    const page1 = await org.api.get(`/credit_notes?customer_id=${customerId}&per_page=1`);
    expect(page1.body.page_context).toMatchObject({ per_page: 1, has_more_page: true });
    const page2 = await org.api.get(`/credit_notes?customer_id=${customerId}&per_page=1&cursor=${encodeURIComponent(page1.body.page_context.next_cursor)}`);
    expect(page2.body.credit_notes.map((n: { credit_note_id: string }) => n.credit_note_id)).toEqual([a.credit_note_id]);
    expect((await org.api.get('/credit_notes?type=other')).body.code).toBe('validation.invalid_value');
    // A contact named by a credit note cannot be deleted.
    expect((await org.api.delete(`/contacts/${vendorId}`)).status).toBe(409);
    await expectBooksBalanced(org.api);
  });

  it("another organisation's ids are 404 everywhere", async () => {
    const customerId = await customer(org.api);
    const invoice = await postedInvoice(org.api, customerId, 500);
    const cn = await issued(note(customerId));
    const other = await t.given.org();
    expect((await other.api.get(`/credit_notes/${cn.credit_note_id}`)).status).toBe(404);
    expect((await other.api.put(`/credit_notes/${cn.credit_note_id}`, { notes: 'x' })).status).toBe(404);
    expect((await other.api.post(`/credit_notes/${cn.credit_note_id}/void`)).status).toBe(404);
    expect((await applyToInvoice(cn.credit_note_id, invoice.invoice_id, 10, other.api)).body).toMatchObject({ code: 'not_found.resource', field: 'credit_note_id' });
    expect((await other.api.get(`/credit_notes/${cn.credit_note_id}/activity`)).status).toBe(404);
    expect((await other.api.get(`/credit_notes?customer_id=${customerId}`)).body.credit_notes).toEqual([]);
    // And this organisation's note against another's invoice.
    const theirCustomer = await customer(other.api);
    const theirInvoice = await postedInvoice(other.api, theirCustomer, 500);
    expect((await applyToInvoice(cn.credit_note_id, theirInvoice.invoice_id, 10)).body).toMatchObject({ code: 'not_found.resource', field: 'invoice_id' });
    expect((await org.api.get(`/credit_notes/${cn.credit_note_id}`)).body.credit_note).toMatchObject({ status: 'ISSUED', applied_amount: 0 });
  });
});
