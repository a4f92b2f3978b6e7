import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { readPdf } from '../support/pdf-reader';
import { createInvoice, customer, taxId } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Recording the IRP's answer to an invoice's e-invoice (PUT /invoices/{id}/einvoice), what it
 * changes (the invoice shows it, cannot be edited, its PDF prints the IRN and QR code), and
 * voiding it: within 24 hours of the acknowledgement with the IRP's reason, after that 409.
 */

let t: TestApp;
let org: OrgFixture;
let gst18: string;
let raman: string;

const HEAD_OFFICE = { address: '42, 1st Main Road\nKoramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' };
// A JWT's shape: header.payload.signature, base64url.
const SIGNED_QR = 'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJkYXRhIjoiSVJOIn0.c2lnbmF0dXJlLW9mLXRoZS1pcnA';
const irnOf = (digit: string) => digit.repeat(64);

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

async function approvedInvoice(customerId = raman) {
  const res = await createInvoice(org.api, {
    customer_id: customerId, date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true,
    line_items: [{ name: 'Wireless mouse', hsn_or_sac: '8471', quantity: 2, unit: 'NOS', rate: 1000, tax_id: gst18 }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.invoice as { invoice_id: string; invoice_number: string };
}

// The IRP acknowledged at 11:30 India time on 15 June 2026, which is 06:00 UTC.
const record = (invoiceId: string, body: Record<string, unknown> = {}) => org.api.put(`/invoices/${invoiceId}/einvoice`, {
  irn: irnOf('a'), ack_no: '112010036563310', ack_date: '2026-06-15T11:30:00', signed_qr_code: SIGNED_QR, ...body,
});

async function pdfOf(invoiceId: string) {
  const res = await fetch(`${t.baseUrl}/api/public/v1/invoices/${invoiceId}/pdf`, { headers: { authorization: `Bearer ${org.token}`, accept: 'application/pdf' } });
  expect(res.status).toBe(200);
  return Object.assign(Buffer.from(await res.arrayBuffer()), { version: res.headers.get('x-svc-version') });
}

describe('PUT /invoices/{id}/einvoice', () => {
  it('records the IRN: the invoice shows it, signed QR code included, in a new version, cannot be edited, and its PDF prints the IRN and a QR code', async () => {
    const invoice = await approvedInvoice();
    const before = await pdfOf(invoice.invoice_id);
    expect(before.includes('/Subtype /Image')).toBe(false);

    const res = await record(invoice.invoice_id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const shown = {
      irn: irnOf('a'), ack_no: '112010036563310', ack_date: '2026-06-15T06:00:00Z', signed_qr_code: SIGNED_QR, status: 'ACTIVE',
      cancel_reason: null, cancel_remarks: null, cancelled_time: null,
    };
    expect(res.body.einvoice_irn).toEqual(shown);

    const got = await org.api.get(`/invoices/${invoice.invoice_id}`);
    expect(got.body.invoice.einvoice).toEqual(shown);
    const listed = await org.api.get('/invoices?per_page=200');
    expect(listed.body.invoices.find((i: { invoice_id: string }) => i.invoice_id === invoice.invoice_id).einvoice).toEqual(shown);

    const edit = await org.api.put(`/invoices/${invoice.invoice_id}`, { notes: 'changed' });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('conflict.invalid_state');

    const after = await pdfOf(invoice.invoice_id);
    expect(Number(after.version)).toBe(Number(before.version) + 1);
    const text = (await readPdf(after)).text.replace(/\s+/g, ' ');
    expect(text).toContain(`IRN: ${irnOf('a')}`);
    expect(text).toContain('Ack No.: 112010036563310');
    expect(text).toContain('Ack Date: 15 Jun 2026');
    expect(after.includes('/Subtype /Image')).toBe(true);
  });

  it('replays a retry with the same Idempotency-Key, and refuses a second IRN for the same invoice (409)', async () => {
    const invoice = await approvedInvoice();
    const body = { irn: irnOf('a'), ack_no: '1', ack_date: '2026-06-15T11:30:00', signed_qr_code: SIGNED_QR };
    const first = await org.api.put(`/invoices/${invoice.invoice_id}/einvoice`, body, { idempotencyKey: `irn-${invoice.invoice_id}` });
    expect(first.status).toBe(200);
    const retry = await org.api.put(`/invoices/${invoice.invoice_id}/einvoice`, body, { idempotencyKey: `irn-${invoice.invoice_id}` });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const again = await record(invoice.invoice_id, { irn: irnOf('b') });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict.invalid_state');
  });

  it('refuses a B2C invoice, which has no e-invoice (409), and writes nothing', async () => {
    const walkIn = await customer(org.api, { contact_name: 'Walk-in Buyer' });
    const invoice = await approvedInvoice(walkIn);
    const res = await record(invoice.invoice_id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict.invalid_state');
    expect((await org.api.get(`/invoices/${invoice.invoice_id}`)).body.invoice.einvoice).toBeNull();
  });

  it('refuses an IRN that is not 64 hex characters (400 on irn), and a QR text that is not a JWT', async () => {
    const invoice = await approvedInvoice();
    const bad = await record(invoice.invoice_id, { irn: 'z'.repeat(64) });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('irn');
    const badQr = await record(invoice.invoice_id, { signed_qr_code: 'not-a-jwt' });
    expect(badQr.status).toBe(400);
    expect(badQr.body.field).toBe('signed_qr_code');
  });

  it('answers 404 for an invoice of another organisation', async () => {
    const other = await t.given.org();
    const invoice = await approvedInvoice();
    const res = await other.api.put(`/invoices/${invoice.invoice_id}/einvoice`, { irn: irnOf('c'), ack_no: '1', ack_date: '2026-06-15T11:30:00', signed_qr_code: SIGNED_QR });
    expect(res.status).toBe(404);
  });
});

describe('POST /invoices/{id}/void with an IRN', () => {
  it('within 24 hours needs the reason (400), then cancels the IRN and answers the IRP cancellation payload', async () => {
    const invoice = await approvedInvoice();
    expect((await record(invoice.invoice_id, { irn: irnOf('d') })).status).toBe(200);
    // 23 hours after the acknowledgement.
    t.clock.set(new Date('2026-06-16T05:00:00Z'));

    const bare = await org.api.post(`/invoices/${invoice.invoice_id}/void`, {});
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ code: 'validation.required_field', field: 'cancel_reason' });
    expect((await org.api.get(`/invoices/${invoice.invoice_id}`)).body.invoice.einvoice.status).toBe('ACTIVE');

    const voided = await org.api.post(`/invoices/${invoice.invoice_id}/void`, { cancel_reason: 2, cancel_remarks: 'Wrong quantity' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.einvoice_cancellation).toEqual({ Irn: irnOf('d'), CnlRsn: '2', CnlRem: 'Wrong quantity' });
    expect(voided.body.invoice.status).toBe('CANCELLED');
    expect(voided.body.invoice.einvoice).toMatchObject({ status: 'CANCELLED', cancel_reason: 2, cancel_remarks: 'Wrong quantity', cancelled_time: '2026-06-16T05:00:00Z' });

    const pdf = (await readPdf(await pdfOf(invoice.invoice_id))).text;
    expect(pdf).toContain('IRN cancelled');

    const activity = await org.api.get(`/activity?entity_id=${invoice.invoice_id}`);
    expect(activity.status).toBe(200);
    const actions = (activity.body.activity as { action: string }[]).map((e) => e.action).sort();
    expect(actions).toEqual(['INVOICE_APPROVED', 'INVOICE_CREATED', 'INVOICE_IRN_CANCELLED', 'INVOICE_IRN_RECORDED', 'INVOICE_VOIDED']);
    t.clock.set(new Date('2026-06-15T06:00:00Z'));
  });

  it('after 24 hours is 409: a credit note undoes the supply', async () => {
    const invoice = await approvedInvoice();
    expect((await record(invoice.invoice_id, { irn: irnOf('e') })).status).toBe(200);
    t.clock.set(new Date('2026-06-16T06:00:01Z'));
    const res = await org.api.post(`/invoices/${invoice.invoice_id}/void`, { cancel_reason: 1, cancel_remarks: 'Duplicate' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict.invalid_state');
    expect(res.body.message).toContain('credit note');
    t.clock.set(new Date('2026-06-15T06:00:00Z'));
  });

  it('still voids an invoice without an IRN with no body, and refuses a cancel_reason it has no use for', async () => {
    const invoice = await approvedInvoice();
    const stray = await org.api.post(`/invoices/${invoice.invoice_id}/void`, { cancel_reason: 1, cancel_remarks: 'x' });
    expect(stray.status).toBe(400);
    expect(stray.body.field).toBe('cancel_reason');
    const voided = await org.api.post(`/invoices/${invoice.invoice_id}/void`);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.einvoice_cancellation).toBeUndefined();
  });

  it('leaves the books balanced', async () => {
    await expectBooksBalanced(org.api);
  });
});
