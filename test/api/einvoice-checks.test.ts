import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { createCreditNote, createInvoice, customer, taxId } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * The IRP's checks Bahi applies before the IRP does (docs/rules/einvoice-ewaybill.md, "What the
 * IRP checks"): an SEZ in the seller's own state, state codes against GSTINs, the lengths of
 * names, cities and addresses, the 30-day reporting window, the round-off's bound, PINs outside
 * their state (a warning), and an organisation that e-invoices having its parties checked when a
 * document is issued.
 */

let t: TestApp;
let org: OrgFixture;
let gst18: string;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely

const HEAD_OFFICE = { address: '42, 1st Main Road\nKoramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' };
const INDIRANAGAR = { address: '14, 2nd Cross, Indiranagar', city: 'Bengaluru', state_code: 'IN-KA', zip: '560038', country: 'India' };

async function gstOrg(name: string): Promise<OrgFixture> {
  const created = await t.admin.post('/orgs', { name, state_code: 'IN-KA', gstin: '29AABCB1234F1Z4', address: HEAD_OFFICE });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const orgId: string = created.body.org.org_id;
  const { token, tokenId } = await t.given.token([orgId]);
  return { orgId, userId: '', token, tokenId, defaultBranchId: created.body.org.default_branch_id, api: t.api.withToken(token) };
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await gstOrg('Karnataka Traders Pvt. Ltd.');
  gst18 = await taxId(org.api, 18);
});
afterAll(async () => { await t.close(); });

const buyer = (extra: Record<string, unknown> = {}, api = org.api) => customer(api, {
  contact_name: 'Raman Traders', legal_name: 'Raman Traders LLP', gst_no: '29AAACR5055K1Z3', billing_address: INDIRANAGAR, ...extra,
});
const mouse = (extra: Record<string, unknown> = {}) => ({ name: 'Wireless mouse', hsn_or_sac: '8471', quantity: 1, unit: 'NOS', rate: 799, tax_id: gst18, ...extra });

async function approved(body: Record<string, unknown>, api = org.api) {
  const res = await createInvoice(api, { date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true, line_items: [mouse()], ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.invoice as Json;
}
const einvoiceOf = (invoiceId: string, api = org.api) => api.get(`/invoices/${invoiceId}/einvoice`);
const fieldsOf = (res: { body: Json }) => (res.body.errors as Json[]).map((e) => e.field);

describe('an SEZ in the seller\'s own state', () => {
  it('is taxed IGST and its e-invoice says IgstOnIntra Y, which the IRP takes (SEZWP)', async () => {
    const invoice = await approved({ customer_id: await buyer({ gst_treatment: 'SEZ' }), export_type: 'WPAY' });
    // 799 at 18% IGST (IGST Act s.7(5)(b)): 143.82; 942.82. No CGST or SGST although seller and place of supply are both 29.
    expect(invoice).toMatchObject({ igst_total: 143.82, cgst_total: 0, sgst_total: 0, total: 942.82 });
    const res = await einvoiceOf(invoice.invoice_id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.einvoice.TranDtls).toEqual({ TaxSch: 'GST', SupTyp: 'SEZWP', RegRev: 'N', EcmGstin: null, IgstOnIntra: 'Y' });
    expect(res.body.einvoice.BuyerDtls.Pos).toBe('29');
    expect(res.body.einvoice.ItemList[0]).toMatchObject({ IgstAmt: 143.82, CgstAmt: 0, SgstAmt: 0, TotItemVal: 942.82 });
    expect(res.body.warnings).toEqual([]);
  });

  it('keeps IgstOnIntra N on an SEZ supply to another state', async () => {
    const pune = await customer(org.api, {
      contact_name: 'Udyog SEZ Unit', gst_no: '27AAPFU0939F1ZV', gst_treatment: 'SEZ',
      billing_address: { address: 'Plot 7, MIDC Bhosari', city: 'Pune', state_code: 'IN-MH', zip: '411026', country: 'India' },
    });
    const invoice = await approved({ customer_id: pune, place_of_supply: 'IN-MH', export_type: 'WPAY' });
    expect((await einvoiceOf(invoice.invoice_id)).body.einvoice.TranDtls.IgstOnIntra).toBe('N');
  });
});

describe('parties', () => {
  it("refuses a buyer whose state is not its GSTIN's, and a name or city too short, each at its path", async () => {
    // A GSTIN of Maharashtra (27) with a billing address in Karnataka (29).
    const mismatched = await customer(org.api, { contact_name: 'AB', legal_name: 'AB', gst_no: '27AAPFU0939F1ZV', billing_address: { ...INDIRANAGAR, city: 'Ba' } });
    const invoice = await approved({ customer_id: mismatched, place_of_supply: 'IN-MH' });
    const res = await einvoiceOf(invoice.invoice_id);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation.invalid_value');
    expect(fieldsOf(res)).toEqual(['BuyerDtls.LglNm', 'BuyerDtls.TrdNm', 'BuyerDtls.Loc', 'BuyerDtls.Stcd']);
  });

  it('splits an address line over 100 characters at a word into Addr1 and Addr2, and refuses only what 200 cannot hold', async () => {
    const long = 'Unit 1204, Tower B, Prestige Tech Park, Outer Ring Road, Marathahalli Sarjapur Road, Kadubeesanahalli, Bellandur Post';
    const invoice = await approved({ customer_id: await buyer({ billing_address: { ...INDIRANAGAR, address: long } }) });
    const res = await einvoiceOf(invoice.invoice_id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 117 characters: the last space within the first 100 is after "Road," (84 characters); the rest is Addr2.
    expect(res.body.einvoice.BuyerDtls).toMatchObject({
      Addr1: 'Unit 1204, Tower B, Prestige Tech Park, Outer Ring Road, Marathahalli Sarjapur Road,', Addr2: 'Kadubeesanahalli, Bellandur Post',
    });

    const tooLong = `${long}, ${long}`; // 117 + 2 + 117 = 236 characters: more than two lines of 100 hold.
    const refused = await einvoiceOf((await approved({ customer_id: await buyer({ billing_address: { ...INDIRANAGAR, address: tooLong } }) })).invoice_id);
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)).toEqual(['BuyerDtls.Addr2']);
  });

  it('warns of a PIN outside its state, and still answers the e-invoice', async () => {
    // 400001 is a Mumbai PIN (prefix 40: Maharashtra, Goa) on an address in Karnataka.
    const invoice = await approved({ customer_id: await buyer({ billing_address: { ...INDIRANAGAR, zip: '400001' } }) });
    const res = await einvoiceOf(invoice.invoice_id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.einvoice.BuyerDtls.Pin).toBe(400001);
    expect(res.body.warnings).toEqual([{ field: 'BuyerDtls.Pin', message: expect.stringContaining('400001') }]);
  });
});

describe('RndOffAmt', () => {
  it("refuses a round-off outside the IRP's ±99.99", async () => {
    // 799 + 143.82 (9% CGST and SGST, 71.91 each) = 942.82, rounded by hand with 150.00: 1,092.82.
    const invoice = await approved({ customer_id: await buyer(), round_off: 150 });
    expect(invoice).toMatchObject({ round_off: 150, total: 1092.82 });
    const res = await einvoiceOf(invoice.invoice_id);
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(['ValDtls.RndOffAmt']);
  });
});

describe('the reporting window', () => {
  it('takes a document of 1 April up to 30 April (India time), then refuses it; null is no limit; an IRN is still recorded', async () => {
    t.clock.set(new Date('2026-04-30T06:00:00Z'));
    const invoice = await approved({ customer_id: await buyer(), date: '2026-04-01' });
    expect((await einvoiceOf(invoice.invoice_id)).status).toBe(200);
    // 30 April 18:29:59 UTC is 23:59:59 in India: still 30 April.
    t.clock.set(new Date('2026-04-30T18:29:59Z'));
    expect((await einvoiceOf(invoice.invoice_id)).status).toBe(200);
    // 18:30 UTC is midnight in India: 1 May, 30 days after 1 April.
    t.clock.set(new Date('2026-04-30T18:30:00Z'));
    const late = await einvoiceOf(invoice.invoice_id);
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual([{ field: 'DocDtls.Dt', code: 'validation.invalid_value', message: expect.stringContaining('einvoiceReportingWindowDays 30') }]);

    // The IRP judged the window when the document was sent: its answer is recorded later too.
    const recorded = await org.api.put(`/invoices/${invoice.invoice_id}/einvoice`, {
      irn: '7'.repeat(64), ack_no: '112010036563399', ack_date: '2026-04-30T11:30:00', signed_qr_code: 'eyJhbGciOiJSUzI1NiJ9.eyJkYXRhIjoiSU5WIn0.c2ln',
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);

    const other = await approved({ customer_id: await buyer(), date: '2026-04-01' });
    expect((await einvoiceOf(other.invoice_id)).status).toBe(400);
    expect((await t.admin.put(`/orgs/${org.orgId}/preferences`, { einvoiceReportingWindowDays: null })).body.preferences.einvoiceReportingWindowDays).toBeNull();
    expect((await einvoiceOf(other.invoice_id)).status).toBe(200);
    expect((await t.admin.put(`/orgs/${org.orgId}/preferences`, { einvoiceReportingWindowDays: 30 })).status).toBe(200);
    t.clock.set(new Date('2026-06-15T06:00:00Z'));
  });
});

describe('an organisation that e-invoices', () => {
  it("refuses to issue an invoice or a credit note whose parties the IRP would reject, with every problem, writing nothing; B2C and other organisations are not held", async () => {
    const strict = await gstOrg('Strict Traders Pvt. Ltd.');
    const tax = await taxId(strict.api, 18);
    const line = mouse({ tax_id: tax });
    expect((await t.admin.put(`/orgs/${strict.orgId}/preferences`, { einvoicing: true })).body.preferences).toMatchObject({ einvoicing: true, einvoiceReportingWindowDays: 30 });
    const bad = await customer(strict.api, { contact_name: 'Udyog Supplies', legal_name: 'AB', gst_no: '27AAPFU0939F1ZV', billing_address: { ...INDIRANAGAR, zip: null } });

    const refused = await createInvoice(strict.api, { customer_id: bad, date: '2026-06-10', place_of_supply: 'IN-MH', auto_approve: true, line_items: [line] });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation.invalid_value');
    expect(fieldsOf(refused)).toEqual(['BuyerDtls.LglNm', 'BuyerDtls.Pin', 'BuyerDtls.Stcd']);
    expect((await strict.api.get('/invoices')).body.invoices).toEqual([]);

    // A draft is not issued: it is kept, and refused at approval until the contact is corrected.
    const draft = await createInvoice(strict.api, { customer_id: bad, date: '2026-06-10', place_of_supply: 'IN-MH', line_items: [line] });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const approval = await strict.api.post(`/invoices/${draft.body.invoice.invoice_id}/approve`);
    expect(approval.status).toBe(400);
    expect(fieldsOf(approval)).toEqual(['BuyerDtls.LglNm', 'BuyerDtls.Pin', 'BuyerDtls.Stcd']);
    expect((await strict.api.get(`/invoices/${draft.body.invoice.invoice_id}`)).body.invoice.status).toBe('DRAFT');
    const fixed = await strict.api.put(`/contacts/${bad}`, {
      legal_name: 'Udyog Supplies LLP',
      billing_address: { address: 'Plot 7, MIDC Bhosari', city: 'Pune', state_code: 'IN-MH', zip: '411026', country: 'India' },
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    const issued = await strict.api.post(`/invoices/${draft.body.invoice.invoice_id}/approve`);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);

    // The contact loses its PIN: a credit note on the invoice is refused too.
    expect((await strict.api.put(`/contacts/${bad}`, { billing_address: { address: 'Plot 7, MIDC Bhosari', city: 'Pune', state_code: 'IN-MH', zip: null, country: 'India' } })).status).toBe(200);
    const invoice = issued.body.invoice as Json;
    const note = await createCreditNote(strict.api, { customer_id: bad, invoice_id: invoice.invoice_id, date: '2026-06-12', line_items: [{ invoice_line_item_id: invoice.line_items[0].line_item_id, quantity: 1 }] });
    expect(note.status).toBe(400);
    expect(fieldsOf(note)).toEqual(['BuyerDtls.Pin']);
    expect((await strict.api.get('/credit_notes')).body.credit_notes).toEqual([]);

    // A consumer needs no e-invoice.
    const walkIn = await customer(strict.api, { contact_name: 'W' });
    expect((await createInvoice(strict.api, { customer_id: walkIn, date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true, line_items: [line] })).status).toBe(201);
    await expectBooksBalanced(strict.api);
  });

  it('is not the default: the same contact is issued to, and only its e-invoice is refused', async () => {
    const bad = await customer(org.api, { contact_name: 'AB', legal_name: 'AB', gst_no: '29AAACR5055K1Z3', billing_address: INDIRANAGAR });
    const invoice = await approved({ customer_id: bad });
    expect(fieldsOf(await einvoiceOf(invoice.invoice_id))).toEqual(['BuyerDtls.LglNm', 'BuyerDtls.TrdNm']);
    await expectBooksBalanced(org.api);
  });
});
