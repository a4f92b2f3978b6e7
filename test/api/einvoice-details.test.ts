import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { readPdf } from '../support/pdf-reader';
import { createDebitNote, createInvoice, customer, postedBill, taxId, vendor } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * The details a business sends with its e-invoice (docs/rules/einvoice-ewaybill.md, "Details the
 * e-invoice carries"): PayDtls from the payee's account, ShipDtls from the shipping address the
 * document keeps, CntCode from a country's name, and customer debit notes (Typ DBN) with their IRN.
 */

let t: TestApp;
let org: OrgFixture;
let gst18: string;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely

const HEAD_OFFICE = { address: '42, 1st Main Road\nKoramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' };
const INDIRANAGAR = { address: '14, 2nd Cross, Indiranagar', city: 'Bengaluru', state_code: 'IN-KA', zip: '560038', country: 'India' };
const PAYEE = { payeeName: 'Karnataka Traders Pvt. Ltd.', payeeAccount: '50200012345678', payeeIfsc: 'HDFC0000123' };
const SIGNED_QR = 'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJkYXRhIjoiREJOIn0.c2lnbmF0dXJlLW9mLXRoZS1pcnA';

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  const created = await t.admin.post('/orgs', { name: 'Karnataka Traders Pvt. Ltd.', state_code: 'IN-KA', gstin: '29AABCB1234F1Z4', address: HEAD_OFFICE });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const orgId: string = created.body.org.org_id;
  const { token, tokenId } = await t.given.token([orgId]);
  org = { orgId, userId: '', token, tokenId, defaultBranchId: created.body.org.default_branch_id, api: t.api.withToken(token) };
  gst18 = await taxId(org.api, 18);
});
afterAll(async () => { await t.close(); });

const raman = (extra: Record<string, unknown> = {}) => customer(org.api, {
  contact_name: 'Raman Traders', legal_name: 'Raman Traders LLP', gst_no: '29AAACR5055K1Z3', billing_address: INDIRANAGAR, ...extra,
});
const mouse = (quantity: number) => ({ name: 'Wireless mouse', hsn_or_sac: '8471', quantity, unit: 'NOS', rate: 1000, tax_id: gst18 });

async function approved(body: Record<string, unknown>) {
  const res = await createInvoice(org.api, { date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true, line_items: [mouse(2)], ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.invoice as Json;
}
async function einvoiceOf(path: string) {
  const res = await org.api.get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.einvoice as Json;
}

describe('PayDtls', () => {
  it('is left out until the payee is configured; an IFSC is checked; then it carries the account, the days of credit and what is paid and due', async () => {
    const customerId = await raman();
    const before = await approved({ customer_id: customerId, due_date: '2026-06-25' });
    expect((await einvoiceOf(`/invoices/${before.invoice_id}/einvoice`)).PayDtls).toBeUndefined();

    const bad = await t.admin.put(`/orgs/${org.orgId}/preferences`, { ...PAYEE, payeeIfsc: 'HDFC123' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('payeeIfsc');
    expect((await t.admin.put(`/orgs/${org.orgId}/preferences`, PAYEE)).body.preferences).toMatchObject(PAYEE);

    const invoice = await approved({ customer_id: customerId, due_date: '2026-06-25' });
    // 2 × 1,000 = 2,000 + 9% CGST and SGST (180 each) = 2,360 due; 10 to 25 June is 15 days of credit.
    expect((await einvoiceOf(`/invoices/${invoice.invoice_id}/einvoice`)).PayDtls).toEqual({
      Nm: 'Karnataka Traders Pvt. Ltd.', AccDet: '50200012345678', FinInsBr: 'HDFC0000123', CrDay: 15, PaidAmt: 0, PaymtDue: 2360,
    });
    const paid = await org.api.post('/payments', {
      flow: 'INCOMING', contact_id: customerId, date: '2026-06-12', amount: 1000, allocations: [{ invoice_id: invoice.invoice_id, amount: 1000 }],
    }, { idempotencyKey: `pay-${invoice.invoice_id}` });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    // 1,000 paid of 2,360: 1,360 due.
    expect((await einvoiceOf(`/invoices/${invoice.invoice_id}/einvoice`)).PayDtls).toMatchObject({ CrDay: 15, PaidAmt: 1000, PaymtDue: 1360 });
    await expectBooksBalanced(org.api);
  });
});

describe('ShipDtls', () => {
  it("is where the goods go when the customer's shipping address is not its billing address: its GSTIN in its state, none in another", async () => {
    const mysuru = { address: 'Godown 3, Hebbal Industrial Area', city: 'Mysuru', state_code: 'IN-KA', zip: '570016', country: 'India' };
    const invoice = await approved({ customer_id: await raman({ shipping_address: mysuru }) });
    const einvoice = await einvoiceOf(`/invoices/${invoice.invoice_id}/einvoice`);
    expect(einvoice.ShipDtls).toEqual({
      Gstin: '29AAACR5055K1Z3', LglNm: 'Raman Traders LLP', TrdNm: 'Raman Traders', Addr1: 'Godown 3, Hebbal Industrial Area', Addr2: null, Loc: 'Mysuru', Pin: 570016, Stcd: '29',
    });

    const pune = { address: 'Plot 7, MIDC Bhosari', city: 'Pune', state_code: 'IN-MH', zip: '411026', country: 'India' };
    const elsewhere = await einvoiceOf(`/invoices/${(await approved({ customer_id: await raman({ shipping_address: pune }) })).invoice_id}/einvoice`);
    expect(elsewhere.ShipDtls).toEqual({ LglNm: 'Raman Traders LLP', TrdNm: 'Raman Traders', Addr1: 'Plot 7, MIDC Bhosari', Addr2: null, Loc: 'Pune', Pin: 411026, Stcd: '27' });

    const same = await einvoiceOf(`/invoices/${(await approved({ customer_id: await raman({ shipping_address: INDIRANAGAR }) })).invoice_id}/einvoice`);
    expect(same.ShipDtls).toBeUndefined();
  });
});

describe('DispDtls', () => {
  it("is where an invoice's goods leave from when it names a dispatch place: in the seller's name, and the e-way bill moves them from there", async () => {
    const hoskote = { address: 'Warehouse 9, KIADB Industrial Area', city: 'Hoskote', state_code: 'IN-KA', zip: '562114', country: 'India' };
    const mysuru = { address: 'Godown 3, Hebbal Industrial Area', city: 'Mysuru', state_code: 'IN-KA', zip: '570016', country: 'India' };
    const invoice = await approved({ customer_id: await raman({ shipping_address: mysuru }), dispatch_from: hoskote });
    expect(invoice.dispatch_from).toEqual(hoskote);
    expect((await einvoiceOf(`/invoices/${invoice.invoice_id}/einvoice`)).DispDtls).toEqual({
      Nm: 'Karnataka Traders Pvt. Ltd.', Addr1: 'Warehouse 9, KIADB Industrial Area', Addr2: null, Loc: 'Hoskote', Pin: 562114, Stcd: '29',
    });
    // Billed from the head office to Raman's Indiranagar address; moved from Hoskote to Mysuru: bill to – ship to and bill from – dispatch from, type 4.
    const moved = await org.api.get(`/invoices/${invoice.invoice_id}/ewaybill?transport_mode=road&distance_km=160&vehicle_no=KA01AB1234`);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.ewaybill).toMatchObject({
      transactionType: 4, fromAddr1: 'Warehouse 9, KIADB Industrial Area', fromPlace: 'Hoskote', fromPincode: 562114, actFromStateCode: 29,
      toAddr1: 'Godown 3, Hebbal Industrial Area', toPlace: 'Mysuru', toPincode: 570016, actToStateCode: 29,
    });

    // A draft's dispatch place is changed or cleared like its transport; without one the goods leave from the branch.
    const draft = await createInvoice(org.api, { customer_id: await raman(), date: '2026-06-10', place_of_supply: 'IN-KA', line_items: [mouse(1)], dispatch_from: hoskote });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const bad = await org.api.put(`/invoices/${draft.body.invoice.invoice_id}`, { dispatch_from: { state_code: 'IN-XX' } });
    expect([bad.status, bad.body.field]).toEqual([422, 'dispatch_from.state_code']);
    const cleared = await org.api.put(`/invoices/${draft.body.invoice.invoice_id}`, { dispatch_from: null });
    expect(cleared.body.invoice.dispatch_from).toBeNull();
    expect((await org.api.post(`/invoices/${draft.body.invoice.invoice_id}/approve`, {})).status).toBe(200);
    expect((await einvoiceOf(`/invoices/${draft.body.invoice.invoice_id}/einvoice`)).DispDtls).toBeUndefined();
  });
});

describe('ExpDtls.CntCode', () => {
  it("comes from the buyer's country given by name", async () => {
    const acme = await customer(org.api, {
      contact_name: 'Acme Inc.', gst_treatment: 'OVERSEAS', billing_address: { address: '500 Market Street', city: 'San Francisco', zip: '94105', country: 'United States of America' },
    });
    const invoice = await approved({ customer_id: acme, place_of_supply: 'IN-96', export_type: 'WOPAY' });
    expect((await einvoiceOf(`/invoices/${invoice.invoice_id}/einvoice`)).ExpDtls).toEqual({ ForCur: 'INR', CntCode: 'US', RefClm: 'N' });
  });
});

describe('customer debit notes', () => {
  it('have an e-invoice of Typ DBN naming their invoice, and record an IRN that their PDF prints; a vendor debit note has none', async () => {
    const customerId = await raman();
    const invoice = await approved({ customer_id: customerId });
    const raised = await createDebitNote(org.api, {
      vendor_id: customerId, invoice_id: invoice.invoice_id, date: '2026-06-12', line_items: [{ invoice_line_item_id: invoice.line_items[0].line_item_id, amount: 500 }],
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    const note = raised.body.debit_note as Json;
    expect(note.einvoice).toBeNull();

    const einvoice = await einvoiceOf(`/debit_notes/${note.debit_note_id}/einvoice`);
    expect(einvoice.DocDtls).toEqual({ Typ: 'DBN', No: note.debit_note_number, Dt: '12/06/2026' });
    expect(einvoice.RefDtls).toEqual({ PrecDocDtls: [{ InvNo: invoice.invoice_number, InvDt: '10/06/2026' }] });
    // 500 more on the mouse line, 9% CGST and SGST: 45 each; 590, all of it due.
    expect(einvoice.ValDtls).toMatchObject({ AssVal: 500, CgstVal: 45, SgstVal: 45, IgstVal: 0, TotInvVal: 590 });
    expect(einvoice.PayDtls).toEqual({ Nm: PAYEE.payeeName, AccDet: PAYEE.payeeAccount, FinInsBr: PAYEE.payeeIfsc, PaidAmt: 0, PaymtDue: 590 });

    const recorded = await org.api.put(`/debit_notes/${note.debit_note_id}/einvoice`, { irn: 'd'.repeat(64), ack_no: '112010036563377', ack_date: '2026-06-15T11:30:00', signed_qr_code: SIGNED_QR });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const shown = (await org.api.get(`/debit_notes/${note.debit_note_id}`)).body.debit_note;
    expect(shown.einvoice).toMatchObject({ irn: 'd'.repeat(64), ack_no: '112010036563377', ack_date: '2026-06-15T06:00:00Z', status: 'ACTIVE' });
    expect((await org.api.put(`/debit_notes/${note.debit_note_id}`, { notes: 'changed' })).status).toBe(409);
    const pdf = await fetch(`${t.baseUrl}/api/public/v1/debit_notes/${note.debit_note_id}/pdf`, { headers: { authorization: `Bearer ${org.token}`, accept: 'application/pdf' } });
    expect(pdf.status).toBe(200);
    expect((await readPdf(Buffer.from(await pdf.arrayBuffer()))).text.replace(/\s+/g, ' ')).toContain(`IRN: ${'d'.repeat(64)}`);

    // Voided within 24 hours of the acknowledgement, the IRN is cancelled with the IRP's reason.
    const bare = await org.api.post(`/debit_notes/${note.debit_note_id}/void`, {});
    expect(bare.body).toMatchObject({ code: 'validation.required_field', field: 'cancel_reason' });
    const voided = await org.api.post(`/debit_notes/${note.debit_note_id}/void`, { cancel_reason: 2, cancel_remarks: 'Wrong amount' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.einvoice_cancellation).toEqual({ Irn: 'd'.repeat(64), CnlRsn: '2', CnlRem: 'Wrong amount' });
    const activity = (await org.api.get(`/activity?entity_id=${note.debit_note_id}`)).body.activity as Json[];
    expect(activity.map((e) => e.action).sort()).toEqual(['DEBIT_NOTE_CREATED', 'DEBIT_NOTE_IRN_CANCELLED', 'DEBIT_NOTE_IRN_RECORDED', 'DEBIT_NOTE_VOIDED']);

    const supplier = await vendor(org.api, { contact_name: 'Steel Co', gst_no: '29AAACR5055K1Z3' });
    const bill = await postedBill(org.api, supplier, 1000);
    const vendorNote = await createDebitNote(org.api, { vendor_id: supplier, bill_id: bill.bill_id, date: '2026-06-12', line_items: [{ bill_line_item_id: bill.line_items[0].line_item_id, amount: 100 }] });
    expect(vendorNote.status, JSON.stringify(vendorNote.body)).toBe(201);
    const none = await org.api.get(`/debit_notes/${vendorNote.body.debit_note.debit_note_id}/einvoice`);
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('conflict.invalid_state');
    await expectBooksBalanced(org.api);
  });

  it("answers 404 for another organisation's debit note", async () => {
    const stranger = await t.given.org();
    const customerId = await raman();
    const invoice = await approved({ customer_id: customerId });
    const note = (await createDebitNote(org.api, { vendor_id: customerId, invoice_id: invoice.invoice_id, date: '2026-06-12', line_items: [{ invoice_line_item_id: invoice.line_items[0].line_item_id, amount: 100 }] })).body.debit_note;
    expect((await stranger.api.get(`/debit_notes/${note.debit_note_id}/einvoice`)).status).toBe(404);
  });
});
