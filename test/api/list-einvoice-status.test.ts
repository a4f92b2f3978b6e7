import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstVendor } from '../support/gst-documents';
import { createCreditNote, createDebitNote, createInvoice, customer, taxId } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * `einvoice_status` on the invoice, credit note and debit note lists (docs/rules/einvoice-ewaybill.md,
 * "E-invoice status in lists"), for a Karnataka organisation that e-invoices, on 15 June 2026.
 * Raman Traders is registered (B2B); Walk-in Buyer is not (B2C); Udyog Supplies is a registered vendor. Each list holds a document
 * with an active IRN, one whose IRN was cancelled with its void, one still to report, and
 * documents that need no e-invoice: a B2C supply, a draft, a void without an IRN, a vendor's note.
 */

let t: TestApp;
let org: OrgFixture;
let gst18: string;
let raman: string;
let walkIn: string;
let supplier: string;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely

const HEAD_OFFICE = { address: '42, 1st Main Road\nKoramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' };
const SIGNED_QR = 'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJkYXRhIjoiSVJOIn0.c2lnbmF0dXJlLW9mLXRoZS1pcnA';
const mice = (quantity: number) => [{ name: 'Wireless mouse', hsn_or_sac: '8471', quantity, unit: 'NOS', rate: 1000, tax_id: gst18 }];
const CANCEL = { cancel_reason: 2, cancel_remarks: 'Wrong quantity' };

let irns = 0;
/** Records an IRN (a new one each time: the IRP issues one per document). */
async function recordIrn(collection: string, id: string) {
  irns += 1;
  const res = await org.api.put(`/${collection}/${id}/einvoice`, {
    irn: irns.toString(16).padStart(64, 'a'), ack_no: `11201003656${irns}`, ack_date: '2026-06-15T11:30:00', signed_qr_code: SIGNED_QR,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function invoice(customerId: string, approve = true, quantity = 2): Promise<Json> {
  const res = await createInvoice(org.api, { customer_id: customerId, date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: approve, line_items: mice(quantity) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.invoice;
}

async function voided(collection: string, id: string, body: Json = CANCEL) {
  const res = await org.api.post(`/${collection}/${id}/void`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

type Made<K extends string> = Record<K, string>;
const inv = {} as Made<'active' | 'cancelled' | 'pending' | 'b2c' | 'draft' | 'voidWithoutIrn'>;
const cn = {} as Made<'active' | 'cancelled' | 'pending' | 'b2c' | 'vendor'>;
const dn = {} as Made<'active' | 'cancelled' | 'pending' | 'vendor'>;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  const created = await t.admin.post('/orgs', { name: 'Karnataka Traders Pvt. Ltd.', state_code: 'IN-KA', gstin: '29AABCB1234F1Z4', address: HEAD_OFFICE });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const orgId: string = created.body.org.org_id;
  expect((await t.admin.put(`/orgs/${orgId}/preferences`, { einvoicing: true })).status).toBe(200);
  const { token, tokenId } = await t.given.token([orgId]);
  org = { orgId, userId: '', token, tokenId, defaultBranchId: created.body.org.default_branch_id, api: t.api.withToken(token) };
  gst18 = await taxId(org.api, 18);
  raman = await customer(org.api, {
    contact_name: 'Raman Traders', legal_name: 'Raman Traders LLP', gst_no: '29AAACR5055K1Z3',
    billing_address: { address: '14, 2nd Cross, Indiranagar', city: 'Bengaluru', state_code: 'IN-KA', zip: '560038', country: 'India' },
  });
  walkIn = await customer(org.api, { contact_name: 'Walk-in Buyer', place_of_contact: 'IN-KA' });
  supplier = await gstVendor(org.api);

  inv.active = (await invoice(raman)).invoice_id;
  await recordIrn('invoices', inv.active);
  inv.cancelled = (await invoice(raman)).invoice_id;
  await recordIrn('invoices', inv.cancelled);
  await voided('invoices', inv.cancelled);
  const base = await invoice(raman, true, 10);
  inv.pending = base.invoice_id;
  inv.b2c = (await invoice(walkIn)).invoice_id;
  inv.draft = (await invoice(raman, false)).invoice_id;
  inv.voidWithoutIrn = (await invoice(raman)).invoice_id;
  await voided('invoices', inv.voidWithoutIrn, {});

  const baseLine = base.line_items[0].line_item_id;
  const customerNote = async () => {
    const res = await createCreditNote(org.api, { customer_id: raman, invoice_id: inv.pending, date: '2026-06-12', line_items: [{ invoice_line_item_id: baseLine, quantity: 1 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.credit_note.credit_note_id as string;
  };
  cn.active = await customerNote();
  await recordIrn('credit_notes', cn.active);
  cn.cancelled = await customerNote();
  await recordIrn('credit_notes', cn.cancelled);
  await voided('credit_notes', cn.cancelled);
  cn.pending = await customerNote();
  const b2cNote = await createCreditNote(org.api, { customer_id: walkIn, date: '2026-06-12', line_items: mice(1) });
  expect(b2cNote.status, JSON.stringify(b2cNote.body)).toBe(201);
  cn.b2c = b2cNote.body.credit_note.credit_note_id;
  const vendorCredit = await createCreditNote(org.api, { customer_id: supplier, date: '2026-06-12', line_items: mice(1) });
  expect(vendorCredit.status, JSON.stringify(vendorCredit.body)).toBe(201);
  cn.vendor = vendorCredit.body.credit_note.credit_note_id;

  const raise = async () => {
    const res = await createDebitNote(org.api, { vendor_id: raman, invoice_id: inv.pending, date: '2026-06-12', line_items: [{ invoice_line_item_id: baseLine, amount: 100 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.debit_note.debit_note_id as string;
  };
  dn.active = await raise();
  await recordIrn('debit_notes', dn.active);
  dn.cancelled = await raise();
  await recordIrn('debit_notes', dn.cancelled);
  await voided('debit_notes', dn.cancelled);
  dn.pending = await raise();
  const toVendor = await createDebitNote(org.api, { vendor_id: supplier, date: '2026-06-12', line_items: mice(1) });
  expect(toVendor.status, JSON.stringify(toVendor.body)).toBe(201);
  dn.vendor = toVendor.body.debit_note.debit_note_id;
});
afterAll(async () => { await t.close(); });

async function ids(path: string, query: string): Promise<string[]> {
  const res = await org.api.get(`${path}?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[path.slice(1)].map((d: Json) => d[`${path.slice(1, -1)}_id`]);
}

describe('GET /invoices, /credit_notes and /debit_notes?einvoice_status=', () => {
  it('ACTIVE: an active IRN; CANCELLED: its IRN cancelled with the void', async () => {
    expect(await ids('/invoices', 'einvoice_status=ACTIVE')).toEqual([inv.active]);
    expect(await ids('/invoices', 'einvoice_status=CANCELLED')).toEqual([inv.cancelled]);
    expect(await ids('/credit_notes', 'einvoice_status=ACTIVE')).toEqual([cn.active]);
    expect(await ids('/credit_notes', 'einvoice_status=CANCELLED')).toEqual([cn.cancelled]);
    expect(await ids('/debit_notes', 'einvoice_status=ACTIVE')).toEqual([dn.active]);
    expect(await ids('/debit_notes', 'einvoice_status=CANCELLED')).toEqual([dn.cancelled]);
  });

  it('PENDING: issued B2B documents without an IRN; not a B2C supply, a draft, a void or a vendor note', async () => {
    expect(await ids('/invoices', 'einvoice_status=PENDING')).toEqual([inv.pending]);
    expect(await ids('/credit_notes', 'einvoice_status=PENDING')).toEqual([cn.pending]);
    expect(await ids('/debit_notes', 'einvoice_status=PENDING')).toEqual([dn.pending]);
  });

  it("combines with the list's other filters and with search", async () => {
    expect(await ids('/invoices', `einvoice_status=ACTIVE&customer_id=${walkIn}`)).toEqual([]);
    expect(await ids('/invoices', 'einvoice_status=PENDING&search=raman')).toEqual([inv.pending]);
    expect(await ids('/credit_notes', 'einvoice_status=PENDING&status=CANCELLED')).toEqual([]);
    expect(await ids('/debit_notes', `einvoice_status=CANCELLED&vendor_id=${raman}`)).toEqual([dn.cancelled]);
  });

  it('refuses a status it does not know: 400 on einvoice_status', async () => {
    const res = await org.api.get('/invoices?einvoice_status=GENERATED');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('einvoice_status');
  });

  it('an organisation that does not e-invoice has nothing PENDING; its IRNs still show', async () => {
    expect((await t.admin.put(`/orgs/${org.orgId}/preferences`, { einvoicing: false })).status).toBe(200);
    try {
      for (const path of ['/invoices', '/credit_notes', '/debit_notes']) expect(await ids(path, 'einvoice_status=PENDING')).toEqual([]);
      expect(await ids('/invoices', 'einvoice_status=ACTIVE')).toEqual([inv.active]);
    } finally {
      await t.admin.put(`/orgs/${org.orgId}/preferences`, { einvoicing: true });
    }
  });
});
