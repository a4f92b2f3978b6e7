import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { readPdf } from '../support/pdf-reader';
import { createCreditNote, createInvoice, customer, taxId } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Recording the IRP's answer to a credit note's e-invoice (PUT /credit_notes/{id}/einvoice), as
 * for invoices: the note shows it, cannot be edited, its PDF prints the IRN and QR code in a new
 * version, and voiding it within 24 hours of the acknowledgement cancels the IRN; after that 409.
 */

let t: TestApp;
let org: OrgFixture;
let gst18: string;
let raman: string;

const HEAD_OFFICE = { address: '42, 1st Main Road\nKoramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' };
const SIGNED_QR = 'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJkYXRhIjoiQ1JOIn0.c2lnbmF0dXJlLW9mLXRoZS1pcnA';
const irnOf = (digit: string) => digit.repeat(64);
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  const created = await t.admin.post('/orgs', { name: 'Karnataka Traders Pvt. Ltd.', state_code: 'IN-KA', gstin: '29AABCB1234F1Z4', address: HEAD_OFFICE });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const orgId: string = created.body.org.org_id;
  const { token, tokenId } = await t.given.token([orgId]);
  org = { orgId, userId: '', token, tokenId, defaultBranchId: created.body.org.default_branch_id, api: t.api.withToken(token) };
  gst18 = await taxId(org.api, 18);
  raman = await customer(org.api, {
    contact_name: 'Raman Traders', legal_name: 'Raman Traders LLP', gst_no: '29AAACR5055K1Z3',
    billing_address: { address: '14, 2nd Cross, Indiranagar', city: 'Bengaluru', state_code: 'IN-KA', zip: '560038', country: 'India' },
  });
});
afterAll(async () => { await t.close(); });

/** A credit note for one of two mice on an approved B2B invoice: 1,000 + 9% CGST and SGST. */
async function issuedNote(customerId = raman) {
  const invoice = await createInvoice(org.api, {
    customer_id: customerId, date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true,
    line_items: [{ name: 'Wireless mouse', hsn_or_sac: '8471', quantity: 2, unit: 'NOS', rate: 1000, tax_id: gst18 }],
  });
  expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
  const note = await createCreditNote(org.api, {
    customer_id: customerId, invoice_id: invoice.body.invoice.invoice_id, date: '2026-06-12',
    line_items: [{ invoice_line_item_id: invoice.body.invoice.line_items[0].line_item_id, quantity: 1 }],
  });
  expect(note.status, JSON.stringify(note.body)).toBe(201);
  expect(note.body.credit_note.total).toBe(1180);
  return note.body.credit_note as { credit_note_id: string; credit_note_number: string };
}

// The IRP acknowledged at 11:30 India time on 15 June 2026, which is 06:00 UTC.
const record = (noteId: string, body: Record<string, unknown> = {}) => org.api.put(`/credit_notes/${noteId}/einvoice`, {
  irn: irnOf('a'), ack_no: '112010036563311', ack_date: '2026-06-15T11:30:00', signed_qr_code: SIGNED_QR, ...body,
});

async function pdfOf(noteId: string) {
  const res = await fetch(`${t.baseUrl}/api/public/v1/credit_notes/${noteId}/pdf`, { headers: { authorization: `Bearer ${org.token}`, accept: 'application/pdf' } });
  expect(res.status).toBe(200);
  return Object.assign(Buffer.from(await res.arrayBuffer()), { version: res.headers.get('x-svc-version') });
}

describe('PUT /credit_notes/{id}/einvoice', () => {
  it('records the IRN: the note shows it, signed QR code included, in a new version, cannot be edited, and its PDF prints the IRN and a QR code', async () => {
    const note = await issuedNote();
    const before = await pdfOf(note.credit_note_id);
    expect(before.includes('/Subtype /Image')).toBe(false);
    expect((await org.api.get(`/credit_notes/${note.credit_note_id}`)).body.credit_note.einvoice).toBeNull();

    const res = await record(note.credit_note_id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const shown = {
      irn: irnOf('a'), ack_no: '112010036563311', ack_date: '2026-06-15T06:00:00Z', signed_qr_code: SIGNED_QR, status: 'ACTIVE',
      cancel_reason: null, cancel_remarks: null, cancelled_time: null,
    };
    expect(res.body.einvoice_irn).toEqual(shown);
    expect((await org.api.get(`/credit_notes/${note.credit_note_id}`)).body.credit_note.einvoice).toEqual(shown);
    const listed = await org.api.get('/credit_notes?per_page=200');
    expect((listed.body.credit_notes as Json[]).find((n) => n.credit_note_id === note.credit_note_id)!.einvoice).toEqual(shown);

    const edit = await org.api.put(`/credit_notes/${note.credit_note_id}`, { notes: 'changed' });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('conflict.invalid_state');
    expect((await org.api.get(`/credit_notes/${note.credit_note_id}`)).body.credit_note.notes).toBeNull();

    const after = await pdfOf(note.credit_note_id);
    expect(Number(after.version)).toBe(Number(before.version) + 1);
    const text = (await readPdf(after)).text.replace(/\s+/g, ' ');
    expect(text).toContain(`IRN: ${irnOf('a')}`);
    expect(text).toContain('Ack No.: 112010036563311');
    expect(after.includes('/Subtype /Image')).toBe(true);
  });

  it('refuses a second IRN for the same note (409), a B2C note (409), a vendor credit (409) and a bad IRN (400), writing nothing', async () => {
    const note = await issuedNote();
    expect((await record(note.credit_note_id, { irn: irnOf('b') })).status).toBe(200);
    const again = await record(note.credit_note_id, { irn: irnOf('c') });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict.invalid_state');

    const b2c = await issuedNote(await customer(org.api, { contact_name: 'Walk-in Buyer' }));
    const refused = await record(b2c.credit_note_id);
    expect(refused.status).toBe(409);
    expect((await org.api.get(`/credit_notes/${b2c.credit_note_id}`)).body.credit_note.einvoice).toBeNull();

    const bad = await record(b2c.credit_note_id, { irn: 'z'.repeat(64) });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('irn');
  });

  it('answers 404 for a credit note of another organisation', async () => {
    const other = await t.given.org();
    const note = await issuedNote();
    const res = await other.api.put(`/credit_notes/${note.credit_note_id}/einvoice`, { irn: irnOf('d'), ack_no: '1', ack_date: '2026-06-15T11:30:00', signed_qr_code: SIGNED_QR });
    expect(res.status).toBe(404);
    expect((await org.api.get(`/credit_notes/${note.credit_note_id}`)).body.credit_note.einvoice).toBeNull();
  });
});

describe('POST /credit_notes/{id}/void with an IRN', () => {
  it('within 24 hours needs the reason (400), then cancels the IRN and answers the IRP cancellation payload', async () => {
    const note = await issuedNote();
    expect((await record(note.credit_note_id, { irn: irnOf('e') })).status).toBe(200);
    // 23 hours after the acknowledgement.
    t.clock.set(new Date('2026-06-16T05:00:00Z'));

    const bare = await org.api.post(`/credit_notes/${note.credit_note_id}/void`, {});
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ code: 'validation.required_field', field: 'cancel_reason' });
    expect((await org.api.get(`/credit_notes/${note.credit_note_id}`)).body.credit_note.status).toBe('ISSUED');

    const voided = await org.api.post(`/credit_notes/${note.credit_note_id}/void`, { cancel_reason: 3, cancel_remarks: 'Return refused' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.einvoice_cancellation).toEqual({ Irn: irnOf('e'), CnlRsn: '3', CnlRem: 'Return refused' });
    expect(voided.body.credit_note.status).toBe('CANCELLED');
    expect(voided.body.credit_note.einvoice).toMatchObject({ status: 'CANCELLED', cancel_reason: 3, cancel_remarks: 'Return refused', cancelled_time: '2026-06-16T05:00:00Z' });
    expect((await readPdf(await pdfOf(note.credit_note_id))).text).toContain('IRN cancelled');

    const activity = await org.api.get(`/activity?entity_id=${note.credit_note_id}`);
    const actions = (activity.body.activity as Json[]).map((e) => e.action).sort();
    expect(actions).toEqual(['CREDIT_NOTE_CREATED', 'CREDIT_NOTE_IRN_CANCELLED', 'CREDIT_NOTE_IRN_RECORDED', 'CREDIT_NOTE_VOIDED']);
    t.clock.set(new Date('2026-06-15T06:00:00Z'));
  });

  it('after 24 hours is 409 and the note stands', async () => {
    const note = await issuedNote();
    expect((await record(note.credit_note_id, { irn: irnOf('f') })).status).toBe(200);
    t.clock.set(new Date('2026-06-16T06:00:01Z'));
    const res = await org.api.post(`/credit_notes/${note.credit_note_id}/void`, { cancel_reason: 1, cancel_remarks: 'Duplicate' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict.invalid_state');
    expect((await org.api.get(`/credit_notes/${note.credit_note_id}`)).body.credit_note).toMatchObject({ status: 'ISSUED', einvoice: { status: 'ACTIVE' } });
    t.clock.set(new Date('2026-06-15T06:00:00Z'));
  });

  it('still voids a note without an IRN with no body, and refuses a cancel_reason it has no use for', async () => {
    const note = await issuedNote();
    const stray = await org.api.post(`/credit_notes/${note.credit_note_id}/void`, { cancel_reason: 1, cancel_remarks: 'x' });
    expect(stray.status).toBe(400);
    expect(stray.body.field).toBe('cancel_reason');
    const voided = await org.api.post(`/credit_notes/${note.credit_note_id}/void`);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.einvoice_cancellation).toBeUndefined();
  });

  it('leaves the books balanced and the ledger verified', async () => {
    await expectBooksBalanced(org.api);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });
});
