import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { gstOrg, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createInvoice, customer, taxId } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Only place of supply 96 makes an export, in GSTR-1, GSTR-3B and the e-invoice alike. A
 * Karnataka supplier (29) in June 2026: an OVERSEAS customer served in Karnataka and in
 * Maharashtra (domestic supplies), and a customer of domestic treatment supplied abroad (96),
 * with and without IGST. In July, a branch without its own GSTIN in Tamil Nadu charges CGST and
 * SGST on an invoice its registration's GSTR-1 can only file in b2cl, which has no field for
 * them: the summary shows the tax lost.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
let t: TestApp;
let org: OrgFixture;
const doc: Record<string, Json> = {};
const JUNE = `gstin=${SUPPLIER_GSTIN}&period=062026`;
const JULY = `gstin=${SUPPLIER_GSTIN}&period=072026`;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-07-25T06:00:00Z'));
  org = await gstOrg(t, { address: { address: '42, 1st Main Road\nKoramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' } });
  // A turnover under ₹10 crore: no 30-day reporting window, as the clock stands weeks after the documents.
  expect((await t.admin.put(`/orgs/${org.orgId}/preferences`, { einvoiceReportingWindowDays: null })).status).toBe(200);
  const api = org.api;
  const gst18 = await taxId(api, 18);
  const invoice = async (name: string, body: Json, rate: number, quantity = 1) => {
    const res = await createInvoice(api, { date: '2026-06-10', auto_approve: true,
      line_items: [{ name: 'Laptop', hsn_or_sac: '84713010', quantity, unit: 'nos', rate, tax_id: gst18 }], ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    doc[name] = res.body.invoice;
  };

  const acme = await customer(api, { contact_name: 'Acme Inc.', gst_treatment: 'OVERSEAS', billing_address: { address: '500 Market Street', city: 'San Francisco', zip: '94105', country: 'US' } });
  const globex = await customer(api, { contact_name: 'Globex Logistics', gst_treatment: 'UNREGISTERED', billing_address: { address: '9, Marine Drive', city: 'Mumbai', state_code: 'IN-MH', zip: '400020', country: 'India' } });
  await invoice('overseasInKarnataka', { customer_id: acme, place_of_supply: 'IN-KA' }, 10000);
  await invoice('overseasInMaharashtra', { customer_id: acme, place_of_supply: 'IN-MH' }, 20000);
  await invoice('exportPaid', { customer_id: globex, place_of_supply: '96', export_type: 'WPAY' }, 10000);
  await invoice('exportUnderLut', { customer_id: globex, place_of_supply: '96', export_type: 'WOPAY' }, 2500, 2);

  const chennai = await t.admin.post(`/orgs/${org.orgId}/branches`, {
    name: 'Chennai', state_code: 'IN-TN', address: { address: '12, Anna Salai', city: 'Chennai', zip: '600002', country: 'India' },
  });
  expect(chennai.status, JSON.stringify(chennai.body)).toBe(201);
  await invoice('chennai', { customer_id: await customer(api), branch_id: chennai.body.branch.branch_id, date: '2026-07-10', place_of_supply: 'IN-TN' }, 100000);
});
afterAll(async () => { await t.close(); });

describe('exports are the supplies at place of supply 96', () => {
  it('files them in exp by their export_type, and an OVERSEAS customer served in India in b2cs with its CGST and SGST', async () => {
    const res = await org.api.get(`/gst/gstr1?${JUNE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The numbers docs/guides/gst-returns.md shows.
    expect([doc.exportPaid!.invoice_number, doc.exportUnderLut!.invoice_number]).toEqual(['INV-26-27-00003', 'INV-26-27-00004']);
    const { hsn: _hsn, doc_issue: _docIssue, ...sections } = res.body.gstr1;
    expect(sections).toEqual({
      gstin: SUPPLIER_GSTIN, fp: '062026', b2b: [], b2cl: [],
      b2cs: [
        // ₹20,000 to Maharashtra, IGST 18% ₹3,600: ₹23,600, not above ₹1,00,000.
        { sply_ty: 'INTER', pos: '27', typ: 'OE', rt: 18, txval: 20000, iamt: 3600, camt: 0, samt: 0, csamt: 0 },
        // ₹10,000 in Karnataka: CGST 9% ₹900 and SGST 9% ₹900.
        { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 18, txval: 10000, iamt: 0, camt: 900, samt: 900, csamt: 0 },
      ],
      cdnr: [], cdnur: [],
      exp: [
        // 2 × ₹2,500 under a Letter of Undertaking: no tax, the rate kept.
        { exp_typ: 'WOPAY', inv: [{ inum: doc.exportUnderLut!.invoice_number, idt: '10-06-2026', val: 5000, itms: [{ rt: 18, txval: 5000, iamt: 0, csamt: 0 }] }] },
        // ₹10,000 + IGST 18% ₹1,800 = ₹11,800.
        { exp_typ: 'WPAY', inv: [{ inum: doc.exportPaid!.invoice_number, idt: '10-06-2026', val: 11800, itms: [{ rt: 18, txval: 10000, iamt: 1800, csamt: 0 }] }] },
      ],
      nil: { inv: [] },
    });
  });

  it('puts them in GSTR-3B 3.1(b) and never in 3.2; the OVERSEAS customer served in India is 3.1(a), and 3.2 when inter-state', async () => {
    const res = await org.api.get(`/gst/gstr3b?${JUNE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const zero = { iamt: 0, camt: 0, samt: 0, csamt: 0 };
    expect(res.body.gstr3b.sup_details).toEqual({
      // ₹10,000 + ₹20,000; IGST ₹3,600; CGST = SGST ₹900.
      osup_det: { txval: 30000, iamt: 3600, camt: 900, samt: 900, csamt: 0 },
      // ₹10,000 + ₹5,000; IGST ₹1,800.
      osup_zero: { txval: 15000, iamt: 1800, camt: 0, samt: 0, csamt: 0 },
      osup_nil_exmp: { txval: 0, ...zero }, isup_rev: { txval: 0, ...zero }, osup_nongst: { txval: 0, ...zero },
    });
    expect(res.body.gstr3b.inter_sup.unreg_details).toEqual([{ pos: '27', txval: 20000, iamt: 3600 }]);
  });

  it('gives a supply at 96 an export e-invoice whoever the buyer, and none to an OVERSEAS buyer served in India (B2C)', async () => {
    const paid = await org.api.get(`/invoices/${doc.exportPaid!.invoice_id}/einvoice`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.einvoice).toMatchObject({
      TranDtls: { SupTyp: 'EXPWP' },
      BuyerDtls: { Gstin: 'URP', LglNm: 'Globex Logistics', Addr1: '9, Marine Drive', Loc: 'Mumbai', Pin: 999999, Stcd: '96', Pos: '96' },
      ValDtls: { AssVal: 10000, CgstVal: 0, SgstVal: 0, IgstVal: 1800, TotInvVal: 11800 },
      // An Indian address has no foreign country code to give.
      ExpDtls: { ForCur: 'INR', RefClm: 'Y' },
    });
    const lut = await org.api.get(`/invoices/${doc.exportUnderLut!.invoice_id}/einvoice`);
    expect(lut.status, JSON.stringify(lut.body)).toBe(200);
    expect(lut.body.einvoice).toMatchObject({ TranDtls: { SupTyp: 'EXPWOP' }, ValDtls: { AssVal: 5000, IgstVal: 0, TotInvVal: 5000 }, ExpDtls: { RefClm: 'N' } });
    const domestic = await org.api.get(`/invoices/${doc.overseasInKarnataka!.invoice_id}/einvoice`);
    expect(domestic.status, JSON.stringify(domestic.body)).toBe(409);
    expect(domestic.body.code).toBe('conflict.invalid_state');
  });
});

describe("GSTR-1 summary's reconciliation", () => {
  it('agrees with the books when every section carries the tax its documents bear', async () => {
    const res = await org.api.get(`/gst/gstr1/summary?${JUNE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gstr1_summary.sections.filter((s: Json) => s.documents > 0)).toEqual([
      { section: 'b2cs', documents: 2, txval: 30000, iamt: 3600, camt: 900, samt: 900, csamt: 0 },
      { section: 'exp', documents: 2, txval: 15000, iamt: 1800, camt: 0, samt: 0, csamt: 0 },
    ]);
    // 900 + 900 + 3,600 + 1,800.
    expect(res.body.gstr1_summary.reconciliation).toEqual({ return_tax: 7200, books_tax: 7200, difference: 0, differences: [] });
  });

  it('compares the sections as built: CGST and SGST placed in b2cl, which has no field for them, are a difference', async () => {
    const inv = doc.chennai!;
    // The branch is in Tamil Nadu: ₹1,00,000 + CGST ₹9,000 + SGST ₹9,000. The return of 29 sees place 33 as inter-state and
    // ₹1,18,000 above ₹1,00,000: b2cl, whose items carry IGST alone (here 0).
    expect(inv).toMatchObject({ cgst_total: 9000, sgst_total: 9000, igst_total: 0, total: 118000 });
    const gstr1 = await org.api.get(`/gst/gstr1?${JULY}`);
    expect(gstr1.status, JSON.stringify(gstr1.body)).toBe(200);
    expect(gstr1.body.gstr1.b2cl).toEqual([{ pos: '33', inv: [{ inum: inv.invoice_number, idt: '10-07-2026', val: 118000, itms: [{ num: 1, itm_det: { rt: 18, txval: 100000, iamt: 0, csamt: 0 } }] }] }]);
    const res = await org.api.get(`/gst/gstr1/summary?${JULY}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gstr1_summary.reconciliation).toEqual({
      return_tax: 0, books_tax: 18000, difference: -18000,
      differences: [{ source: 'INVOICE', source_id: inv.invoice_id, number: inv.invoice_number, return_tax: 0, books_tax: 18000, difference: -18000 }],
    });
    await expectBooksBalanced(org.api);
  });
});
