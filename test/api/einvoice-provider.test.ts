import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { irpSandboxDouble } from '../../src/modules/gsp';
import { expectBooksBalanced } from '../support/books';
import { gstSchemaProblem } from '../support/gst-schema-check';
import { createCreditNote, createInvoice, customer, taxId } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * E-invoices and e-way bills through a provider (POST …/einvoice/generate, …/cancel,
 * …/ewaybill/generate, …/cancel): the default outbox writes the portal's files and answers 202;
 * the IRP sandbox double answers as the sandbox does, and its answers are recorded.
 */

const GSTIN = '29AABCB1234F1Z4';
const HEAD_OFFICE = { address: '42, 1st Main Road\nKoramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Books { t: TestApp; org: OrgFixture; gst18: string; raman: string }
let outbox: Books;
let sandbox: Books;
// The double lives as long as its server, on that server's clock.
const double = irpSandboxDouble({ now: () => sandbox.t.clock.now() });

async function books(t: TestApp): Promise<Books> {
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  const created = await t.admin.post('/orgs', { name: 'Karnataka Traders Pvt. Ltd.', state_code: 'IN-KA', gstin: GSTIN, address: HEAD_OFFICE });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const orgId: string = created.body.org.org_id;
  const { token, tokenId } = await t.given.token([orgId]);
  const org = { orgId, userId: '', token, tokenId, defaultBranchId: created.body.org.default_branch_id, api: t.api.withToken(token) };
  const raman = await customer(org.api, {
    contact_name: 'Raman Traders', legal_name: 'Raman Traders LLP', gst_no: '29AAACR5055K1Z3',
    billing_address: { address: '14, 2nd Cross, Indiranagar', city: 'Bengaluru', state_code: 'IN-KA', zip: '560038', country: 'India' },
  });
  return { t, org, gst18: await taxId(org.api, 18), raman };
}

beforeAll(async () => {
  outbox = await books(await startTestApp());
  sandbox = await books(await startTestApp({}, { gspProvider: double }));
});
afterAll(async () => {
  await outbox.t.close();
  await sandbox.t.close();
});

async function invoiceIn(b: Books, extra: Record<string, unknown> = {}) {
  const res = await createInvoice(b.org.api, {
    customer_id: b.raman, date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true, transport_mode: 'road', distance_km: 250, vehicle_no: 'KA01AB1234',
    line_items: [{ name: 'Wireless mouse', hsn_or_sac: '8471', quantity: 2, unit: 'NOS', rate: 1000, tax_id: b.gst18 }], ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.invoice as { invoice_id: string; invoice_number: string; line_items: { line_item_id: string }[] };
}
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;

describe('the outbox (the default provider)', () => {
  it('writes the IRP bulk-upload file (an array of the payload GET …/einvoice gives) and answers 202 with its name; the invoice\'s activity says so', async () => {
    const { t, org } = outbox;
    const invoice = await invoiceIn(outbox);
    const res = await org.api.post(`/invoices/${invoice.invoice_id}/einvoice/generate`, undefined);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    // The file is named by the document's number (its "/" and other marks as "_") and the time it was queued, UTC.
    expect(res.body.einvoice_submission).toMatchObject({ status: 'QUEUED', provider: 'outbox', einvoice_irn: null });
    expect(res.body.einvoice_submission.file_name).toMatch(new RegExp(`^irn-${invoice.invoice_number.replace(/[^A-Za-z0-9-]/g, '_')}-20260615T0600[0-9]{5}Z\\.json$`));
    const file = path.join(t.db.dataDir, 'einvoice', 'outbox', org.orgId, res.body.einvoice_submission.file_name);
    const payload = (await org.api.get(`/invoices/${invoice.invoice_id}/einvoice`)).body.einvoice;
    expect(readJson(file)).toEqual([payload]);
    expect(gstSchemaProblem('GET', `/invoices/${invoice.invoice_id}/einvoice`, 200, { einvoice: (readJson(file) as unknown[])[0] })).toBeNull();
    // Nothing but the file: no temporary name left behind, no IRN recorded.
    expect(fs.readdirSync(path.dirname(file))).toEqual([res.body.einvoice_submission.file_name]);
    expect((await org.api.get(`/invoices/${invoice.invoice_id}`)).body.invoice.einvoice).toBeNull();
    const activity = await org.api.get(`/activity?entity_id=${invoice.invoice_id}`);
    expect(activity.body.activity.find((e: { action: string }) => e.action === 'INVOICE_EINVOICE_QUEUED')).toMatchObject({ metadata: { provider: 'outbox', file_name: res.body.einvoice_submission.file_name } });
  });

  it('writes the e-way bill portal\'s bulk-upload file of one beside it, and a cancellation request', async () => {
    const { t, org } = outbox;
    const invoice = await invoiceIn(outbox);
    const res = await org.api.post(`/invoices/${invoice.invoice_id}/ewaybill/generate`, undefined);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.ewaybill_submission).toMatchObject({ status: 'QUEUED', provider: 'outbox', ewaybill_no: null });
    const file = readJson(path.join(t.db.dataDir, 'ewaybill', 'outbox', org.orgId, res.body.ewaybill_submission.file_name)) as { version: string; billLists: { docNo: string; transType: number }[] };
    expect(file.version).toBe('1.0.0621');
    expect(file.billLists.map((b) => [b.docNo, b.transType])).toEqual([[invoice.invoice_number, 1]]);
    const cancel = await org.api.post(`/invoices/${invoice.invoice_id}/ewaybill/cancel`, { ewaybill_no: '391000000001', cancel_reason: 2, cancel_remarks: 'Order cancelled' });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(202);
    expect(readJson(path.join(t.db.dataDir, 'ewaybill', 'outbox', org.orgId, cancel.body.ewaybill_submission.file_name)))
      .toEqual({ ewbNo: '391000000001', cancelRsnCode: 2, cancelRmrk: 'Order cancelled' });
  });

  it('answers a retry with the same Idempotency-Key from the first answer, writing no second file', async () => {
    const { t, org } = outbox;
    const invoice = await invoiceIn(outbox);
    const first = await org.api.post(`/invoices/${invoice.invoice_id}/einvoice/generate`, undefined, { idempotencyKey: `gen-${invoice.invoice_id}` });
    const retry = await org.api.post(`/invoices/${invoice.invoice_id}/einvoice/generate`, undefined, { idempotencyKey: `gen-${invoice.invoice_id}` });
    expect([first.status, retry.status], JSON.stringify(first.body)).toEqual([202, 202]);
    expect(retry.body).toEqual(first.body);
    const queued = fs.readdirSync(path.join(t.db.dataDir, 'einvoice', 'outbox', org.orgId)).filter((f) => f.startsWith(`irn-${invoice.invoice_number.replace(/[^A-Za-z0-9-]/g, '_')}-`));
    expect(queued).toEqual([first.body.einvoice_submission.file_name]);
  });

  it('answers 409 for a cancellation of an invoice without an IRN, 404 for another organisation\'s, 409 for a draft, 400 for a reason the IRP has not', async () => {
    const { org } = outbox;
    const invoice = await invoiceIn(outbox);
    expect((await org.api.post(`/invoices/${invoice.invoice_id}/einvoice/cancel`, { cancel_reason: 2, cancel_remarks: 'Wrong rate' })).status).toBe(409);
    const stranger = await books(sandbox.t);
    expect((await stranger.org.api.post(`/invoices/${invoice.invoice_id}/einvoice/generate`, undefined)).status).toBe(404);
    const draft = await createInvoice(org.api, { customer_id: outbox.raman, date: '2026-06-10', place_of_supply: 'IN-KA', line_items: [{ name: 'Mouse', hsn_or_sac: '8471', quantity: 1, rate: 100, tax_id: outbox.gst18 }] });
    expect((await org.api.post(`/invoices/${draft.body.invoice.invoice_id}/einvoice/generate`, undefined)).status).toBe(409);
    const bad = await org.api.post(`/invoices/${invoice.invoice_id}/einvoice/cancel`, { cancel_reason: 5, cancel_remarks: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation.invalid_value', field: 'cancel_reason' });
  });
});

describe('the IRP sandbox double', () => {
  it('issues the IRN of GSTIN, financial year, type and number: recorded as PUT …/einvoice records it and shown on the invoice; a second generate is 409', async () => {
    const { org } = sandbox;
    const invoice = await invoiceIn(sandbox);
    const res = await org.api.post(`/invoices/${invoice.invoice_id}/einvoice/generate`, undefined);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 10 June 2026 is in the financial year 2026-27.
    const irn = sha256(`${GSTIN}2026-27INV${invoice.invoice_number}`);
    // AckDt 11:30 India time is 06:00 UTC.
    expect(res.body.einvoice_submission).toMatchObject({
      status: 'GENERATED', provider: 'irp-sandbox-double', file_name: null,
      einvoice_irn: { irn, ack_date: '2026-06-15T06:00:00Z', status: 'ACTIVE', cancel_reason: null },
    });
    expect(res.body.einvoice_submission.einvoice_irn.ack_no).toMatch(/^[0-9]{15}$/);
    expect(res.body.einvoice_submission.einvoice_irn.signed_qr_code.split('.')).toHaveLength(3);
    expect((await org.api.get(`/invoices/${invoice.invoice_id}`)).body.invoice.einvoice).toEqual(res.body.einvoice_submission.einvoice_irn);
    const again = await org.api.post(`/invoices/${invoice.invoice_id}/einvoice/generate`, undefined);
    expect(again.status).toBe(409);
    expect(again.body.details).toMatchObject({ irn, irn_status: 'ACTIVE' });
  });

  it('recovers an IRN the IRP issued whose answer was lost: 2150 Duplicate IRN, its InfoDtls, then its details, recorded', async () => {
    const { org } = sandbox;
    const invoice = await invoiceIn(sandbox);
    const payload = (await org.api.get(`/invoices/${invoice.invoice_id}/einvoice`)).body.einvoice;
    // The first call reached the IRP, but its answer never came back.
    const lost = await double.generateIrn(payload);
    expect(lost.kind).toBe('issued');
    expect(await double.generateIrn(payload)).toMatchObject({ kind: 'refused', errorCode: '2150', message: 'Duplicate IRN', infoDtls: [{ InfCd: 'DUPIRN', Desc: { Irn: sha256(`${GSTIN}2026-27INV${invoice.invoice_number}`) } }] });
    const res = await org.api.post(`/invoices/${invoice.invoice_id}/einvoice/generate`, undefined);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.einvoice_submission).toMatchObject({
      status: 'RECOVERED', einvoice_irn: { irn: sha256(`${GSTIN}2026-27INV${invoice.invoice_number}`), ack_no: (lost as { AckNo: string }).AckNo, status: 'ACTIVE' },
    });
  });

  it('cancels an IRN within 24 hours of its acknowledgement: CANCELLED on the invoice, which is then voided without a reason; after 24 hours 409', async () => {
    const { t, org } = sandbox;
    const invoice = await invoiceIn(sandbox);
    expect((await org.api.post(`/invoices/${invoice.invoice_id}/einvoice/generate`, undefined)).status).toBe(200);
    t.clock.set(new Date('2026-06-16T05:59:00Z'));
    const res = await org.api.post(`/invoices/${invoice.invoice_id}/einvoice/cancel`, { cancel_reason: 2, cancel_remarks: 'Wrong rate' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.einvoice_submission).toMatchObject({ status: 'CANCELLED', einvoice_irn: { status: 'CANCELLED', cancel_reason: 2, cancel_remarks: 'Wrong rate', cancelled_time: '2026-06-16T05:59:00Z' } });
    expect((await org.api.get(`/invoices/${invoice.invoice_id}`)).body.invoice.einvoice.status).toBe('CANCELLED');
    // The IRP takes the number no more.
    expect((await org.api.post(`/invoices/${invoice.invoice_id}/einvoice/generate`, undefined)).body.details).toMatchObject({ irn_status: 'CANCELLED' });
    expect((await org.api.post(`/invoices/${invoice.invoice_id}/void`, undefined)).status).toBe(200);

    t.clock.set(new Date('2026-06-15T06:00:00Z'));
    const late = await invoiceIn(sandbox);
    expect((await org.api.post(`/invoices/${late.invoice_id}/einvoice/generate`, undefined)).status).toBe(200);
    t.clock.set(new Date('2026-06-16T06:00:01Z'));
    const refused = await org.api.post(`/invoices/${late.invoice_id}/einvoice/cancel`, { cancel_reason: 2, cancel_remarks: 'Wrong rate' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('24 hours');
    t.clock.set(new Date('2026-06-15T06:00:00Z'));
    await expectBooksBalanced(org.api);
  });

  it('issues a credit note\'s IRN as CRN', async () => {
    const { org } = sandbox;
    const invoice = await invoiceIn(sandbox);
    const note = await createCreditNote(org.api, {
      customer_id: sandbox.raman, invoice_id: invoice.invoice_id, date: '2026-06-12', line_items: [{ invoice_line_item_id: invoice.line_items[0]!.line_item_id, quantity: 1 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const res = await org.api.post(`/credit_notes/${note.body.credit_note.credit_note_id}/einvoice/generate`, undefined);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.einvoice_submission.einvoice_irn.irn).toBe(sha256(`${GSTIN}2026-27CRN${note.body.credit_note.credit_note_number}`));
  });

  it('generates an e-way bill valid for a day per 200 km, refuses a second (604) and cancels it', async () => {
    const { org } = sandbox;
    const invoice = await invoiceIn(sandbox);
    const res = await org.api.post(`/invoices/${invoice.invoice_id}/ewaybill/generate`, undefined);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 250 km is two days of 200 km: generated 15 June 11:30 India time, valid to midnight of 17 June.
    expect(res.body.ewaybill_submission).toMatchObject({ status: 'GENERATED', ewaybill_date: '15/06/2026 11:30:00 AM', valid_upto: '17/06/2026 11:59:00 PM' });
    const ewbNo: string = res.body.ewaybill_submission.ewaybill_no;
    expect(ewbNo).toMatch(/^[0-9]{12}$/);
    const again = await org.api.post(`/invoices/${invoice.invoice_id}/ewaybill/generate`, undefined);
    expect(again.status).toBe(409);
    expect(again.body.details).toMatchObject({ error_code: '604' });
    const cancel = await org.api.post(`/invoices/${invoice.invoice_id}/ewaybill/cancel`, { ewaybill_no: ewbNo, cancel_reason: 2, cancel_remarks: 'Order cancelled' });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.ewaybill_submission).toMatchObject({ status: 'CANCELLED', ewaybill_no: ewbNo, cancel_date: '15/06/2026 11:30:00 AM' });
    const activity = await org.api.get(`/activity?entity_id=${invoice.invoice_id}`);
    expect((activity.body.activity as { action: string }[]).map((e) => e.action)).toEqual(expect.arrayContaining(['INVOICE_EWAY_BILL_GENERATED', 'INVOICE_EWAY_BILL_CANCELLED']));
    // Generated again after the cancellation, with the transport the query names: 450 km is three days of 200 km.
    const rerouted = await org.api.post(`/invoices/${invoice.invoice_id}/ewaybill/generate?distance_km=450&vehicle_no=KA05MN4321`, undefined);
    expect(rerouted.status, JSON.stringify(rerouted.body)).toBe(200);
    expect(rerouted.body.ewaybill_submission).toMatchObject({ status: 'GENERATED', valid_upto: '18/06/2026 11:59:00 PM' });
  });
});

describe('a 2150 for another document', () => {
  it('is refused (409 with the IRP\'s code and InfoDtls), nothing recorded', async () => {
    const other = { DocDtls: { Typ: 'INV', No: 'SOMEONE-ELSES-1', Dt: '10/06/2026' }, SellerDtls: { Gstin: GSTIN } };
    const jwt = (data: unknown) => ['e30', Buffer.from(JSON.stringify({ data: JSON.stringify(data) })).toString('base64url'), 'c2ln'].join('.');
    const infoDtls = [{ InfCd: 'DUPIRN', Desc: { AckNo: 112610000000009, AckDt: '2026-06-15 11:00:00', Irn: 'b'.repeat(64) } }];
    const never = async () => { throw new Error('not called'); };
    const t = await startTestApp({}, {
      gspProvider: {
        name: 'confused', cancelIrn: never, generateEWayBill: never, cancelEWayBill: never,
        generateIrn: async () => ({ kind: 'refused', errorCode: '2150', message: 'Duplicate IRN', infoDtls }),
        irnDetails: async () => ({ kind: 'issued', Irn: 'b'.repeat(64), AckNo: '112610000000009', AckDt: '2026-06-15 11:00:00', SignedInvoice: jwt(other), SignedQRCode: jwt({}) }),
      },
    });
    try {
      const confused = await books(t);
      const invoice = await invoiceIn(confused);
      const res = await confused.org.api.post(`/invoices/${invoice.invoice_id}/einvoice/generate`, undefined);
      expect(res.status).toBe(409);
      expect(res.body.details).toEqual({ error_code: '2150', error_message: 'Duplicate IRN', info_dtls: infoDtls });
      expect((await confused.org.api.get(`/invoices/${invoice.invoice_id}`)).body.invoice.einvoice).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe('a provider that cannot be reached', () => {
  it('answers 503 service.unavailable and records nothing', async () => {
    const unreachable = async () => { throw new Error('connect ECONNREFUSED'); };
    const t = await startTestApp({}, {
      gspProvider: { name: 'down', generateIrn: unreachable, irnDetails: unreachable, cancelIrn: unreachable, generateEWayBill: unreachable, cancelEWayBill: unreachable },
    });
    try {
      const down = await books(t);
      const invoice = await invoiceIn(down);
      const res = await down.org.api.post(`/invoices/${invoice.invoice_id}/einvoice/generate`, undefined);
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('service.unavailable');
      expect((await down.org.api.get(`/invoices/${invoice.invoice_id}`)).body.invoice.einvoice).toBeNull();
      expect((await down.org.api.post(`/invoices/${invoice.invoice_id}/ewaybill/generate`, undefined)).status).toBe(503);
    } finally {
      await t.close();
    }
  });
});

