import fs from 'node:fs';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { createCreditNote, createInvoice, customer, taxId } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * E-invoices (IRP schema 1.1) from the books, compared field by field with payloads written out
 * by hand. Their structure is that of india_compliance's published request payloads
 * (resilient-tech/india-compliance, india_compliance/gst_india/data/test_e_invoice.json):
 * "goods_item_with_ewaybill" (B2B, CGST/SGST per item, Pin as a number, Stcd and Pos as
 * 2-digit strings, DD/MM/YYYY), "service_item" (IsServc Y on a SAC 99…) and
 * "foreign_transaction" (EXPWOP: Gstin URP, Pin 999999, Stcd and Pos 96, ExpDtls.CntCode US).
 * Bahi leaves out what is not configured or kept here (PayDtls, ShipDtls, EwbDtls, shipping bill) and adds the
 * optional ExpDtls.ForCur and ValDtls.TotInvValFc of a foreign-currency export.
 */

/** The IRP's e-invoice schema 1.1, as NIC publishes it, made loadable by Ajv (its $comment says how). */
const IRP_SCHEMA = new URL('../fixtures/nic-einvoice-1.1.schema.json', import.meta.url);

let t: TestApp;
let org: OrgFixture;
let gst18: string;
let gst12: string;

const HEAD_OFFICE = { address: '42, 1st Main Road\nKoramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' };
const SELLER = { Gstin: '29AABCB1234F1Z4', LglNm: 'Karnataka Traders Pvt. Ltd.', TrdNm: null, Addr1: '42, 1st Main Road', Addr2: 'Koramangala', Loc: 'Bengaluru', Pin: 560034, Stcd: '29' };
const TRAN = (SupTyp: string) => ({ TaxSch: 'GST', SupTyp, RegRev: 'N', EcmGstin: null, IgstOnIntra: 'N' });
const NIL = { CesRt: 0, CesAmt: 0, CesNonAdvlAmt: 0, OthChrg: 0 };

async function gstOrgWith(name: string, address: unknown): Promise<OrgFixture> {
  const created = await t.admin.post('/orgs', { name, state_code: 'IN-KA', gstin: '29AABCB1234F1Z4', address });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const orgId: string = created.body.org.org_id;
  const { token, tokenId } = await t.given.token([orgId]);
  return { orgId, userId: '', token, tokenId, defaultBranchId: created.body.org.default_branch_id, api: t.api.withToken(token) };
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await gstOrgWith('Karnataka Traders Pvt. Ltd.', HEAD_OFFICE);
  [gst18, gst12] = await Promise.all([taxId(org.api, 18), taxId(org.api, 12)]);
});
afterAll(async () => { await t.close(); });

const raman = (api = org.api, extra: Record<string, unknown> = {}) => customer(api, {
  contact_name: 'Raman Traders', legal_name: 'Raman Traders LLP', gst_no: '29AAACR5055K1Z3',
  billing_address: { address: '14, 2nd Cross, Indiranagar', city: 'Bengaluru', state_code: 'IN-KA', zip: '560038', country: 'India' }, ...extra,
});
const RAMAN = { Gstin: '29AAACR5055K1Z3', LglNm: 'Raman Traders LLP', TrdNm: 'Raman Traders', Addr1: '14, 2nd Cross, Indiranagar', Addr2: null, Loc: 'Bengaluru', Pin: 560038, Stcd: '29' };
const mouse = (quantity: number, extra: Record<string, unknown> = {}) => ({ name: 'Wireless mouse', hsn_or_sac: '8471', quantity, unit: 'NOS', rate: 799, tax_id: gst18, ...extra });

async function approved(body: Record<string, unknown>, api = org.api) {
  const res = await createInvoice(api, { date: '2026-06-10', auto_approve: true, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.invoice;
}

describe('GET /invoices/{id}/einvoice', () => {
  it('builds a B2B intra-state invoice: CGST and SGST per item, a service by its SAC', async () => {
    const invoice = await approved({
      customer_id: await raman(), place_of_supply: 'IN-KA', line_items: [
        { name: 'Laptop stand', hsn_or_sac: '8473', quantity: 2, unit: 'NOS', rate: 1499.5, discount: 100, tax_id: gst18 },
        { name: 'Installation service', description: 'On-site setup', hsn_or_sac: '998713', quantity: 3, rate: 1200, tax_id: gst12 },
      ],
    });
    const res = await org.api.get(`/invoices/${invoice.invoice_id}/einvoice`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.einvoice).toEqual({
      Version: '1.1', TranDtls: TRAN('B2B'),
      DocDtls: { Typ: 'INV', No: invoice.invoice_number, Dt: '10/06/2026' },
      SellerDtls: SELLER,
      BuyerDtls: { ...RAMAN, Pos: '29' },
      ItemList: [
        // 2 × 1,499.50 = 2,999.00 − 100 = 2,899.00; 9% = 260.91 each; 2,899 + 521.82 = 3,420.82.
        { SlNo: '1', PrdDesc: 'Laptop stand', IsServc: 'N', HsnCd: '8473', Qty: 2, Unit: 'NOS', UnitPrice: 1499.5, TotAmt: 2999, Discount: 100, AssAmt: 2899,
          GstRt: 18, IgstAmt: 0, CgstAmt: 260.91, SgstAmt: 260.91, ...NIL, TotItemVal: 3420.82 },
        // 3 × 1,200 = 3,600; 6% = 216 each; 4,032.
        { SlNo: '2', PrdDesc: 'On-site setup', IsServc: 'Y', HsnCd: '998713', Qty: 3, Unit: 'OTH', UnitPrice: 1200, TotAmt: 3600, Discount: 0, AssAmt: 3600,
          GstRt: 12, IgstAmt: 0, CgstAmt: 216, SgstAmt: 216, ...NIL, TotItemVal: 4032 },
      ],
      // 2,899 + 3,600 = 6,499; 260.91 + 216 = 476.91 each; 6,499 + 953.82 = 7,452.82.
      ValDtls: { AssVal: 6499, CgstVal: 476.91, SgstVal: 476.91, IgstVal: 0, CesVal: 0, StCesVal: 0, Discount: 0, OthChrg: 0, RndOffAmt: 0, TotInvVal: 7452.82 },
    });
    await expectBooksBalanced(org.api);
  });

  it('builds an inter-state invoice with IGST, and its credit note with RefDtls', async () => {
    const buyer = await customer(org.api, {
      contact_name: 'Udyog Supplies', gst_no: '27AAPFU0939F1ZV',
      billing_address: { address: 'Plot 7, MIDC Bhosari', city: 'Pune', state_code: 'IN-MH', zip: '411026', country: 'India' },
    });
    const invoice = await approved({ customer_id: buyer, place_of_supply: 'IN-MH', line_items: [mouse(5)] });
    const UDYOG = { Gstin: '27AAPFU0939F1ZV', LglNm: 'Udyog Supplies', TrdNm: 'Udyog Supplies', Addr1: 'Plot 7, MIDC Bhosari', Addr2: null, Loc: 'Pune', Pin: 411026, Stcd: '27', Pos: '27' };
    const res = await org.api.get(`/invoices/${invoice.invoice_id}/einvoice`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.einvoice).toEqual({
      Version: '1.1', TranDtls: TRAN('B2B'), DocDtls: { Typ: 'INV', No: invoice.invoice_number, Dt: '10/06/2026' },
      SellerDtls: SELLER, BuyerDtls: UDYOG,
      // 5 × 799 = 3,995; IGST 18% = 719.10; 4,714.10.
      ItemList: [{ SlNo: '1', PrdDesc: 'Wireless mouse', IsServc: 'N', HsnCd: '8471', Qty: 5, Unit: 'NOS', UnitPrice: 799, TotAmt: 3995, Discount: 0, AssAmt: 3995,
        GstRt: 18, IgstAmt: 719.1, CgstAmt: 0, SgstAmt: 0, ...NIL, TotItemVal: 4714.1 }],
      ValDtls: { AssVal: 3995, CgstVal: 0, SgstVal: 0, IgstVal: 719.1, CesVal: 0, StCesVal: 0, Discount: 0, OthChrg: 0, RndOffAmt: 0, TotInvVal: 4714.1 },
    });

    const note = await createCreditNote(org.api, {
      customer_id: buyer, invoice_id: invoice.invoice_id, date: '2026-06-12',
      line_items: [{ invoice_line_item_id: invoice.line_items[0].line_item_id, quantity: 2 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const crn = await org.api.get(`/credit_notes/${note.body.credit_note.credit_note_id}/einvoice`);
    expect(crn.status, JSON.stringify(crn.body)).toBe(200);
    expect(crn.body.einvoice).toEqual({
      Version: '1.1', TranDtls: TRAN('B2B'), DocDtls: { Typ: 'CRN', No: note.body.credit_note.credit_note_number, Dt: '12/06/2026' },
      SellerDtls: SELLER, BuyerDtls: UDYOG,
      // 2 × 799 = 1,598; IGST 18% = 287.64; 1,885.64.
      ItemList: [{ SlNo: '1', PrdDesc: 'Wireless mouse', IsServc: 'N', HsnCd: '8471', Qty: 2, Unit: 'NOS', UnitPrice: 799, TotAmt: 1598, Discount: 0, AssAmt: 1598,
        GstRt: 18, IgstAmt: 287.64, CgstAmt: 0, SgstAmt: 0, ...NIL, TotItemVal: 1885.64 }],
      ValDtls: { AssVal: 1598, CgstVal: 0, SgstVal: 0, IgstVal: 287.64, CesVal: 0, StCesVal: 0, Discount: 0, OthChrg: 0, RndOffAmt: 0, TotInvVal: 1885.64 },
      RefDtls: { PrecDocDtls: [{ InvNo: invoice.invoice_number, InvDt: '10/06/2026' }] },
    });
    await expectBooksBalanced(org.api);
  });

  it("sends each line's unit when it is a GST UQC, goods and services alike, else OTH; the payload passes the IRP's schema", async () => {
    const invoice = await approved({
      customer_id: await raman(), place_of_supply: 'IN-KA', line_items: [
        { name: 'Cable', hsn_or_sac: '8544', quantity: 2, unit: 'box', rate: 100, tax_id: gst18 },
        { name: 'Wiring', hsn_or_sac: '998714', quantity: 3, unit: 'NOS', rate: 200, tax_id: gst18 },
        { name: 'Support', hsn_or_sac: '998713', quantity: 1, unit: 'hrs', rate: 300, tax_id: gst18 },
        { name: 'Design', hsn_or_sac: '998391', quantity: 1, rate: 400, tax_id: gst18 },
      ],
    });
    expect(invoice.line_items.map((l: { unit: string | null }) => l.unit)).toEqual(['BOX', 'NOS', 'NA', 'NA']);
    const res = await org.api.get(`/invoices/${invoice.invoice_id}/einvoice`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.einvoice.ItemList.map((i: { IsServc: string; Unit: string }) => [i.IsServc, i.Unit])).toEqual([['N', 'BOX'], ['Y', 'NOS'], ['Y', 'OTH'], ['Y', 'OTH']]);
    const validate = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false }).compile(JSON.parse(fs.readFileSync(IRP_SCHEMA, 'utf8')));
    // NIC's own sample payloads send null for an absent optional field (EcmGstin, TrdNm, Addr2), as Bahi does, where the
    // schema as published types them string only: the schema checks the payload with those nulls left out.
    const withoutNulls = JSON.parse(JSON.stringify(res.body.einvoice, (_key, value: unknown) => (value === null ? undefined : value)));
    expect(validate(withoutNulls), JSON.stringify(validate.errors)).toBe(true);
  });

  it('builds a supply to an SEZ without payment of IGST (SEZWOP)', async () => {
    const invoice = await approved({ customer_id: await raman(org.api, { gst_treatment: 'SEZ' }), place_of_supply: 'IN-KA', export_type: 'WOPAY', line_items: [mouse(1)] });
    const res = await org.api.get(`/invoices/${invoice.invoice_id}/einvoice`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.einvoice).toEqual({
      // An SEZ in the seller's own state is still an inter-state supply (IGST Act s.7(5)(b)): IgstOnIntra Y.
      Version: '1.1', TranDtls: { ...TRAN('SEZWOP'), IgstOnIntra: 'Y' }, DocDtls: { Typ: 'INV', No: invoice.invoice_number, Dt: '10/06/2026' },
      SellerDtls: SELLER, BuyerDtls: { ...RAMAN, Pos: '29' },
      // Zero-rated under LUT: 799 taxable, the 18% rate kept, no tax.
      ItemList: [{ SlNo: '1', PrdDesc: 'Wireless mouse', IsServc: 'N', HsnCd: '8471', Qty: 1, Unit: 'NOS', UnitPrice: 799, TotAmt: 799, Discount: 0, AssAmt: 799,
        GstRt: 18, IgstAmt: 0, CgstAmt: 0, SgstAmt: 0, ...NIL, TotItemVal: 799 }],
      ValDtls: { AssVal: 799, CgstVal: 0, SgstVal: 0, IgstVal: 0, CesVal: 0, StCesVal: 0, Discount: 0, OthChrg: 0, RndOffAmt: 0, TotInvVal: 799 },
    });
  });

  it('builds an export in USD with payment of IGST (EXPWP): URP buyer, 999999, 96, INR values', async () => {
    const buyer = await customer(org.api, {
      contact_name: 'Acme Inc.', gst_treatment: 'OVERSEAS', currency_code: 'USD',
      billing_address: { address: '500 Market Street', city: 'San Francisco', zip: '94105', country: 'US' },
    });
    const invoice = await approved({
      customer_id: buyer, place_of_supply: 'IN-96', export_type: 'WPAY', currency_code: 'USD', exchange_rate: 83.5,
      line_items: [{ name: 'Keyboard', hsn_or_sac: '84716060', quantity: 1, unit: 'NOS', rate: 100, tax_id: gst18 }],
    });
    const res = await org.api.get(`/invoices/${invoice.invoice_id}/einvoice`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.einvoice).toEqual({
      Version: '1.1', TranDtls: TRAN('EXPWP'), DocDtls: { Typ: 'INV', No: invoice.invoice_number, Dt: '10/06/2026' },
      SellerDtls: SELLER,
      BuyerDtls: { Gstin: 'URP', LglNm: 'Acme Inc.', TrdNm: 'Acme Inc.', Addr1: '500 Market Street', Addr2: null, Loc: 'San Francisco', Pin: 999999, Stcd: '96', Pos: '96' },
      // USD 100 × 83.5 = ₹8,350; IGST USD 18 × 83.5 = ₹1,503; ₹9,853 (USD 118).
      ItemList: [{ SlNo: '1', PrdDesc: 'Keyboard', IsServc: 'N', HsnCd: '84716060', Qty: 1, Unit: 'NOS', UnitPrice: 8350, TotAmt: 8350, Discount: 0, AssAmt: 8350,
        GstRt: 18, IgstAmt: 1503, CgstAmt: 0, SgstAmt: 0, ...NIL, TotItemVal: 9853 }],
      ValDtls: { AssVal: 8350, CgstVal: 0, SgstVal: 0, IgstVal: 1503, CesVal: 0, StCesVal: 0, Discount: 0, OthChrg: 0, RndOffAmt: 0, TotInvVal: 9853, TotInvValFc: 118 },
      ExpDtls: { ForCur: 'USD', CntCode: 'US', RefClm: 'Y' },
    });
    await expectBooksBalanced(org.api);
  });

  it('answers 400 with every problem the IRP would reject: the branch has no PIN, the HSN is shorter than hsnDigits', async () => {
    const other = await gstOrgWith('No PIN Traders', { address: '7, MG Road', city: 'Bengaluru' });
    const tax = await taxId(other.api, 18);
    const invoice = await approved({ customer_id: await raman(other.api), place_of_supply: 'IN-KA', line_items: [mouse(1, { tax_id: tax })] }, other.api);
    expect((await t.admin.put(`/orgs/${other.orgId}/preferences`, { hsnDigits: 6 })).status).toBe(200);
    const res = await other.api.get(`/invoices/${invoice.invoice_id}/einvoice`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation.invalid_value');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['SellerDtls.Pin', 'ItemList[0].HsnCd']);
  });

  it('answers 409 for a B2C invoice and for a draft', async () => {
    const consumer = await customer(org.api, { gst_treatment: 'CONSUMER' });
    const b2c = await approved({ customer_id: consumer, place_of_supply: 'IN-KA', line_items: [mouse(1)] });
    const res = await org.api.get(`/invoices/${b2c.invoice_id}/einvoice`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict.invalid_state');
    const draft = (await createInvoice(org.api, { customer_id: await raman(), date: '2026-06-10', place_of_supply: 'IN-KA', line_items: [mouse(1)] })).body.invoice;
    expect(draft.status).toBe('DRAFT');
    const drafted = await org.api.get(`/invoices/${draft.invoice_id}/einvoice`);
    expect(drafted.status).toBe(409);
    expect(drafted.body.code).toBe('conflict.invalid_state');
  });

  it('needs Svc.gst.READ (403 without it), and another organisation\'s invoice is 404', async () => {
    const invoice = await approved({ customer_id: await raman(), place_of_supply: 'IN-KA', line_items: [mouse(1)] });
    const { token } = await t.given.token([org.orgId], { scopes: ['Svc.invoices.READ'] });
    expect((await t.api.withToken(token).get(`/invoices/${invoice.invoice_id}/einvoice`)).status).toBe(403);
    const { token: gstToken } = await t.given.token([org.orgId], { scopes: ['Svc.gst.READ'] });
    expect((await t.api.withToken(gstToken).get(`/invoices/${invoice.invoice_id}/einvoice`)).status).toBe(200);
    const stranger = await t.given.org();
    expect((await stranger.api.get(`/invoices/${invoice.invoice_id}/einvoice`)).status).toBe(404);
  });
});

describe('branch addresses', () => {
  it('takes a structured address or address lines, returns it on the branch and in GET /branches', async () => {
    const structured = await t.admin.post(`/orgs/${org.orgId}/branches`, {
      name: 'Mysuru', state_code: 'IN-KA', address: { address: '3, Sayyaji Rao Road', city: 'Mysuru', zip: '570001', country: 'India' },
    });
    expect(structured.status, JSON.stringify(structured.body)).toBe(201);
    expect(structured.body.branch.address).toEqual({ address: '3, Sayyaji Rao Road', city: 'Mysuru', state_code: 'IN-KA', zip: '570001', country: 'India' });
    const lines = await t.admin.post(`/orgs/${org.orgId}/branches`, { name: 'Hubballi', state_code: 'IN-KA', address: '9, Station Road\nHubballi' });
    expect(lines.body.branch.address).toEqual({ address: '9, Station Road\nHubballi', city: null, state_code: 'IN-KA', zip: null, country: null });
    const listed = (await org.api.get('/branches')).body.branches;
    expect(listed.find((b: { is_default: boolean }) => b.is_default).address).toEqual({ ...HEAD_OFFICE, state_code: 'IN-KA' });
    expect(listed.find((b: { branch_id: string }) => b.branch_id === structured.body.branch.branch_id).address.zip).toBe('570001');
  });

  it('refuses an address in another state than the branch\'s (400 on address.state_code)', async () => {
    const res = await t.admin.post(`/orgs/${org.orgId}/branches`, { name: 'Pune', state_code: 'IN-MH', address: { city: 'Pune', state_code: 'IN-KA' } });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('address.state_code');
  });
});
