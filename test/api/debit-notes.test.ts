import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { createDebitNote, customer, postedBill, taxId, vendor } from '../support/sales';
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

const line = (rate: number, extra: Record<string, unknown> = {}) => ({ name: 'Returned stock', rate, quantity: 1, ...extra });
const note = (vendorId: string, extra: Record<string, unknown> = {}) => ({ vendor_id: vendorId, date: '2026-06-12', line_items: [line(100)], ...extra });
/** A line bound to the bill's first line, crediting `amount` of taxable value unless told otherwise. */
const onFirstLine = (bill: { line_items: { line_item_id: string }[] }, extra: Record<string, unknown> = { amount: 100 }) =>
  ({ bill_line_item_id: bill.line_items[0]!.line_item_id, ...extra });

async function issued(body: Record<string, unknown>) {
  const res = await createDebitNote(org.api, body);
  if (res.status !== 201) throw new Error(`debit note: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.debit_note;
}

async function journalOf(sourceId: string) {
  const names = new Map((await org.api.get('/accounts?per_page=200')).body.accounts.map((a: { account_id: string; account_name: string }) => [a.account_id, a.account_name]));
  const journals = (await org.api.get(`/journals?source=DEBIT_NOTE&source_id=${sourceId}`)).body.journals;
  return journals.map((j: { kind: string; lines: { account_id: string; debit: number; credit: number }[] }) => ({
    kind: j.kind, lines: j.lines.map((l) => [names.get(l.account_id), l.debit, l.credit]),
  }));
}

describe('debit notes', () => {
  it("issues against a bill with its place of supply: Dr Payable, Cr the lines' account and GST input; DEBIT_NOTE_CREATED; applied to the bill at once", async () => {
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-MH' });
    // A Maharashtra vendor supplying to the Karnataka branch: IGST.
    const bill = await postedBill(org.api, vendorId, 1000, { place_of_supply: 'IN-KA', line_items: [{ name: 'Steel', rate: 1000, tax_id: gst18 }] });
    const res = await createDebitNote(org.api, note(vendorId, { bill_id: bill.bill_id, notes: 'Short supply', line_items: [onFirstLine(bill, { amount: 250, restock: true })] }));
    expect(res.status).toBe(201);
    const dn = res.body.debit_note;
    expect(dn).toMatchObject({
      debit_note_number: expect.stringMatching(/^DN-\d{6}$/), vendor_id: vendorId, bill_id: bill.bill_id, status: 'APPLIED',
      place_of_supply: 'IN-KA', stock_direction: 'PURCHASE_RETURN_OUT', sub_total: 250, igst_total: 45, total: 295,
      applied_amount: 295, balance_amount: 0, notes: 'Short supply',
      applications: [{ application_id: expect.stringMatching(/^dna_/), invoice_id: null, bill_id: bill.bill_id, amount: 295 }],
    });
    expect(dn.line_items[0]).toMatchObject({ restock: true, igst_amount: 45 });
    expect(await journalOf(dn.debit_note_id)).toEqual([{
      kind: 'POSTING', lines: [['Purchases', 0, 250], ['IGST Input', 0, 45], ['Accounts Payable', 295, 0]],
    }]);
    // 1,180.00 − 295.00: the bill owes what the payable says.
    expect((await org.api.get(`/bills/${bill.bill_id}`)).body.bill).toMatchObject({ balance: 885, status: 'PARTIALLY_PAID', vendor_credits_applied: 295 });
    const events = await t.app.database.db.selectFrom('outbox_events').select('payload').where('org_id', '=', org.orgId).where('event_type', '=', 'DEBIT_NOTE_CREATED').execute();
    expect(events.map((e) => JSON.parse(e.payload).data)).toContainEqual({ id: dn.debit_note_id, number: dn.debit_note_number, vendor_id: vendorId, total: 295, status: 'APPLIED' });
    expect((await org.api.get(`/debit_notes/${dn.debit_note_id}`)).body.debit_note).toEqual(dn);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });

  it("without a bill the supply is received in the branch's state and the vendor's state decides the tax; an explicit place_of_supply wins", async () => {
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-TN' });
    // A Tamil Nadu vendor, received in Karnataka: 18% IGST on 100.
    expect(await issued(note(vendorId, { line_items: [line(100, { tax_id: gst18 })] }))).toMatchObject({ place_of_supply: 'IN-KA', igst_total: 18, bill_id: null });
    expect(await issued(note(vendorId, { place_of_supply: 'IN-TN', line_items: [line(100, { tax_id: gst18 })] }))).toMatchObject({ place_of_supply: 'IN-TN', cgst_total: 9, sgst_total: 9 });
    await expectBooksBalanced(org.api);
  });

  it('refuses: no Idempotency-Key, a bill of another vendor, a DRAFT bill, a customer as vendor, foreign ids', async () => {
    const vendorId = await vendor(org.api);
    const otherVendor = await vendor(org.api);
    const bill = await postedBill(org.api, vendorId, 500);
    expect(await org.api.post('/debit_notes', note(vendorId))).toMatchObject({ status: 400, body: { code: 'idempotency.key_required' } });
    expect((await createDebitNote(org.api, note(otherVendor, { bill_id: bill.bill_id }))).body).toMatchObject({ code: 'validation.invalid_value', field: 'bill_id' });
    const draft = await org.api.post('/bills', { vendor_id: vendorId, date: '2026-06-11', place_of_supply: 'IN-KA', line_items: [line(7)] });
    expect((await createDebitNote(org.api, note(vendorId, { bill_id: draft.body.bill.bill_id }))).body.code).toBe('conflict.invalid_state');
    const customerId = await customer(org.api);
    expect((await createDebitNote(org.api, note(customerId))).body).toMatchObject({ code: 'validation.invalid_value', field: 'vendor_id' });
    expect((await createDebitNote(org.api, note(vendorId, { place_of_supply: 'IN-IN' }))).status).toBe(422);
    const other = await t.given.org();
    expect((await createDebitNote(other.api, note(await vendor(other.api), { bill_id: bill.bill_id }))).body).toMatchObject({ code: 'not_found.resource', field: 'bill_id' });
    expect((await createDebitNote(other.api, note(vendorId))).body).toMatchObject({ code: 'not_found.resource', field: 'vendor_id' });
    expect((await org.api.get(`/debit_notes?vendor_id=${vendorId}`)).body.debit_notes).toEqual([]);
  });

  it('PUT edits the header while ISSUED; void → CANCELLED with a reversal; then PUT and void are 409; the timeline has it all', async () => {
    const vendorId = await vendor(org.api);
    const dn = await issued(note(vendorId));
    const edited = await org.api.put(`/debit_notes/${dn.debit_note_id}`, { reference_number: 'PR-7', notes: 'Return' });
    expect(edited.body.debit_note).toMatchObject({ reference_number: 'PR-7', notes: 'Return', status: 'ISSUED' });
    const voided = await org.api.post(`/debit_notes/${dn.debit_note_id}/void`);
    expect(voided.body.debit_note).toMatchObject({ status: 'CANCELLED', balance_amount: 0 });
    expect((await journalOf(dn.debit_note_id)).map((j: { kind: string }) => j.kind).sort()).toEqual(['POSTING', 'REVERSAL']);
    expect(await org.api.post(`/debit_notes/${dn.debit_note_id}/void`)).toMatchObject({ status: 409, body: { code: 'conflict.invalid_state' } });
    expect((await org.api.put(`/debit_notes/${dn.debit_note_id}`, { notes: 'x' })).status).toBe(409);
    const timeline = await org.api.get(`/debit_notes/${dn.debit_note_id}/activity`);
    expect(timeline.body.activity.map((a: { action: string }) => a.action)).toEqual(['DEBIT_NOTE_VOIDED', 'DEBIT_NOTE_UPDATED', 'DEBIT_NOTE_CREATED']);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });

  it('lists newest first with filters status, vendor_id and bill_id, by cursor; the vendor cannot be deleted', async () => {
    const vendorId = await vendor(org.api);
    const bill = await postedBill(org.api, vendorId, 500);
    const a = await issued(note(vendorId, { bill_id: bill.bill_id, line_items: [onFirstLine(bill)] }));
    const b = await issued(note(vendorId));
    await org.api.post(`/debit_notes/${b.debit_note_id}/void`);
    const ids = async (query: string) => (await org.api.get(`/debit_notes?${query}`)).body.debit_notes.map((n: { debit_note_id: string }) => n.debit_note_id);
    expect(await ids(`vendor_id=${vendorId}`)).toEqual([b.debit_note_id, a.debit_note_id]);
    expect(await ids(`vendor_id=${vendorId}&status=APPLIED`)).toEqual([a.debit_note_id]);
    expect(await ids(`bill_id=${bill.bill_id}`)).toEqual([a.debit_note_id]);
    const page1 = await org.api.get(`/debit_notes?vendor_id=${vendorId}&per_page=1`);
    const page2 = await org.api.get(`/debit_notes?vendor_id=${vendorId}&per_page=1&cursor=${encodeURIComponent(page1.body.page_context.next_cursor)}`);
    expect(page2.body.debit_notes.map((n: { debit_note_id: string }) => n.debit_note_id)).toEqual([a.debit_note_id]);
    expect((await org.api.delete(`/contacts/${vendorId}`)).status).toBe(409);
    await expectBooksBalanced(org.api);
  });

  it("another organisation's ids are 404 everywhere", async () => {
    const vendorId = await vendor(org.api);
    const dn = await issued(note(vendorId));
    const other = await t.given.org();
    expect((await other.api.get(`/debit_notes/${dn.debit_note_id}`)).status).toBe(404);
    expect((await other.api.put(`/debit_notes/${dn.debit_note_id}`, { notes: 'x' })).status).toBe(404);
    expect((await other.api.post(`/debit_notes/${dn.debit_note_id}/void`)).body).toMatchObject({ code: 'not_found.resource', field: 'debit_note_id' });
    expect((await other.api.get(`/debit_notes/${dn.debit_note_id}/activity`)).status).toBe(404);
    expect((await other.api.get(`/debit_notes?vendor_id=${vendorId}`)).body.debit_notes).toEqual([]);
    expect((await org.api.get(`/debit_notes/${dn.debit_note_id}`)).body.debit_note.status).toBe('ISSUED');
  });
});
