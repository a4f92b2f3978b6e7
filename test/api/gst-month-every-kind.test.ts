import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { CUSTOMER_GSTIN, gstCustomer, gstOrg, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createInvoice, customer, taxId } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * A second month worked by hand, October 2026, holding one document of every kind the returns
 * distinguish: an export at place of supply 96 to a contact not marked OVERSEAS, an OVERSEAS
 * customer served in India, a composition dealer and a UIN holder in another state, a registered
 * customer, and a draft deleted after taking its number. Each table of GSTR-1 and GSTR-3B is
 * written out below with its arithmetic, GSTR-3B's 3.1 and 3.2 are checked against the sums of
 * GSTR-1's sections as GSTN auto-populates them (docs/rules/returns-gstr1-gstr3b.md, "From GSTR-1
 * to GSTR-3B"), and the return's tax against the movement on the output ledgers to the paisa.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
let t: TestApp;
let org: OrgFixture;
const UIN = '0717UNO00157UNO';
const COMPOSITION = '36AASFP8573D2ZN';
const OCTOBER = `gstin=${SUPPLIER_GSTIN}&period=102026`;
const numbers: Record<string, string> = {};
let gstr1: Json;
let gstr3b: Json;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-12-05T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  const gst18 = await taxId(api, 18);
  const line = (name: string, hsn: string, quantity: number, rate: number) => ({ name, hsn_or_sac: hsn, quantity, unit: 'nos', rate, tax_id: gst18 });
  const invoice = async (name: string, body: Json) => {
    const res = await createInvoice(api, { auto_approve: true, place_of_supply: 'IN-KA', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    numbers[name] = res.body.invoice.invoice_number;
    return res.body.invoice;
  };

  const raman = await gstCustomer(api);
  const walkIn = await customer(api, { contact_name: 'Walk-in customer' });
  const acme = await customer(api, { contact_name: 'Acme Inc.', gst_treatment: 'OVERSEAS', billing_address: { address: '500 Market Street', city: 'San Francisco', zip: '94105', country: 'US' } });
  const embassy = await customer(api, { contact_name: 'Embassy of Utopia', gst_no: UIN });
  const dealer = await customer(api, { contact_name: 'Hyderabad Composition Traders', gst_no: COMPOSITION, gst_treatment: 'REGISTERED_COMPOSITION' });

  await invoice('registered', { customer_id: raman, date: '2026-10-03', line_items: [line('Laptop', '84713010', 1, 20000)] });
  await invoice('export', { customer_id: walkIn, date: '2026-10-06', place_of_supply: 'IN-96', export_type: 'WOPAY', line_items: [line('Laptop', '84713010', 1, 50000)] });
  await invoice('overseasInIndia', { customer_id: acme, date: '2026-10-08', line_items: [line('Keyboard', '84716060', 4, 2500)] });
  await invoice('composition', { customer_id: dealer, date: '2026-10-10', place_of_supply: 'IN-TS', line_items: [line('Keyboard', '84716060', 2, 2500)] });
  await invoice('uin', { customer_id: embassy, date: '2026-10-12', place_of_supply: 'IN-DL', line_items: [line('Laptop', '84713010', 1, 10000)] });
  const draft = await invoice('deletedDraft', { customer_id: walkIn, date: '2026-10-14', auto_approve: false, line_items: [line('Keyboard', '84716060', 1, 2500)] });
  expect((await api.delete(`/invoices/${draft.invoice_id}`)).status).toBe(200);

  const got1 = await api.get(`/gst/gstr1?${OCTOBER}`);
  expect(got1.status, JSON.stringify(got1.body)).toBe(200);
  gstr1 = got1.body.gstr1;
  const got3b = await api.get(`/gst/gstr3b?${OCTOBER}`);
  expect(got3b.status, JSON.stringify(got3b.body)).toBe(200);
  gstr3b = got3b.body.gstr3b;
});
afterAll(async () => { await t.close(); });

const taxes = (tax: { iamt?: number; camt?: number; samt?: number }) => ({ iamt: tax.iamt ?? 0, camt: tax.camt ?? 0, samt: tax.samt ?? 0, csamt: 0 });
const item = (num: number, rt: number, txval: number, tax: { iamt?: number; camt?: number; samt?: number } = {}) => ({ num, itm_det: { rt, txval, ...taxes(tax) } });
const invoiceOf = (number: string, date: string, val: number, pos: string, itms: Json[]) => ({ inum: number, idt: date, val, pos, rchrg: 'N', inv_typ: 'R', itms });

describe('October 2026, every kind of document, worked by hand', () => {
  it('numbers the documents in the order made; the deleted draft keeps its number', () => {
    expect(numbers).toEqual({
      registered: 'INV-26-27-00001', export: 'INV-26-27-00002', overseasInIndia: 'INV-26-27-00003', composition: 'INV-26-27-00004',
      uin: 'INV-26-27-00005', deletedDraft: 'INV-26-27-00006',
    });
  });

  it('GSTR-1: each document in its table', () => {
    // By recipient's GSTIN.
    expect(gstr1.b2b).toEqual([
      // A UIN holder is b2b: ₹10,000 + IGST ₹1,800 to Delhi.
      { ctin: UIN, inv: [invoiceOf('INV-26-27-00005', '12-10-2026', 11800, '07', [item(1, 18, 10000, { iamt: 1800 })])] },
      // ₹20,000 within Karnataka: CGST 9% ₹1,800 + SGST 9% ₹1,800.
      { ctin: CUSTOMER_GSTIN, inv: [invoiceOf('INV-26-27-00001', '03-10-2026', 23600, '29', [item(1, 18, 20000, { camt: 1800, samt: 1800 })])] },
      // 2 keyboards at ₹2,500 to Telangana: ₹5,000 + IGST 18% ₹900.
      { ctin: COMPOSITION, inv: [invoiceOf('INV-26-27-00004', '10-10-2026', 5900, '36', [item(1, 18, 5000, { iamt: 900 })])] },
    ]);
    // An export is its place of supply, 96, whoever the buyer: ₹50,000 under a Letter of Undertaking, no tax.
    expect(gstr1.exp).toEqual([
      { exp_typ: 'WOPAY', inv: [{ inum: 'INV-26-27-00002', idt: '06-10-2026', val: 50000, itms: [{ rt: 18, txval: 50000, iamt: 0, csamt: 0 }] }] },
    ]);
    // The OVERSEAS customer served in Karnataka is an unregistered one: 4 keyboards, ₹10,000, CGST ₹900 + SGST ₹900.
    expect(gstr1.b2cs).toEqual([{ sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 18, txval: 10000, iamt: 0, camt: 900, samt: 900, csamt: 0 }]);
    expect(gstr1.b2cl).toEqual([]);
    expect(gstr1.cdnr).toEqual([]);
    expect(gstr1.cdnur).toEqual([]);
  });

  it('GSTR-1 Table 13: the deleted draft counts as issued and cancelled', () => {
    expect(gstr1.doc_issue.doc_det).toEqual([
      { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: [{ num: 1, from: 'INV-26-27-00001', to: 'INV-26-27-00006', totnum: 6, cancel: 1, net_issue: 5 }] },
    ]);
  });

  it('GSTR-1 Table 12: B2B and B2C by HSN', () => {
    expect(gstr1.hsn).toEqual({
      hsn_b2b: [
        // Laptops: ₹20,000 (CGST/SGST ₹1,800 each) + ₹10,000 (IGST ₹1,800).
        { num: 1, hsn_sc: '84713010', desc: 'Laptop', uqc: 'NOS', qty: 2, rt: 18, txval: 30000, ...taxes({ iamt: 1800, camt: 1800, samt: 1800 }) },
        { num: 2, hsn_sc: '84716060', desc: 'Keyboard', uqc: 'NOS', qty: 2, rt: 18, txval: 5000, ...taxes({ iamt: 900 }) },
      ],
      hsn_b2c: [
        // The export's laptop and the four keyboards sold in Karnataka.
        { num: 1, hsn_sc: '84713010', desc: 'Laptop', uqc: 'NOS', qty: 1, rt: 18, txval: 50000, ...taxes({}) },
        { num: 2, hsn_sc: '84716060', desc: 'Keyboard', uqc: 'NOS', qty: 4, rt: 18, txval: 10000, ...taxes({ camt: 900, samt: 900 }) },
      ],
    });
  });

  it('GSTR-3B 3.1 and 3.2, each equal to the sums of the GSTR-1 sections GSTN fills it from', () => {
    // 3.1(a): b2b ₹35,000 + b2cs ₹10,000; IGST 900 + 1,800; CGST = SGST = 1,800 + 900.
    expect(gstr3b.sup_details.osup_det).toEqual({ txval: 45000, ...taxes({ iamt: 2700, camt: 2700, samt: 2700 }) });
    // 3.1(b): the export.
    expect(gstr3b.sup_details.osup_zero).toEqual({ txval: 50000, ...taxes({}) });
    // 3.2: the composition dealer and the UIN holder; the export is zero-rated and never in 3.2.
    expect(gstr3b.inter_sup).toEqual({
      unreg_details: [], comp_details: [{ pos: '36', txval: 5000, iamt: 900 }], uin_details: [{ pos: '07', txval: 10000, iamt: 1800 }],
    });

    const sum = (rows: Json[], pick: (r: Json) => number) => Math.round(rows.reduce((s, r) => s + pick(r), 0) * 100) / 100;
    const b2bItems = (gstr1.b2b as Json[]).flatMap((g) => g.inv.flatMap((i: Json) => i.itms.map((x: Json) => x.itm_det)));
    const fromGstr1 = (head: 'txval' | 'iamt' | 'camt' | 'samt') => sum([...b2bItems, ...gstr1.b2cs], (r) => r[head]);
    expect({ txval: fromGstr1('txval'), iamt: fromGstr1('iamt'), camt: fromGstr1('camt'), samt: fromGstr1('samt') })
      .toEqual({ txval: gstr3b.sup_details.osup_det.txval, iamt: gstr3b.sup_details.osup_det.iamt, camt: gstr3b.sup_details.osup_det.camt, samt: gstr3b.sup_details.osup_det.samt });
    const exported = (gstr1.exp as Json[]).flatMap((g) => g.inv.flatMap((i: Json) => i.itms));
    expect(sum(exported, (r) => r.txval)).toBe(gstr3b.sup_details.osup_zero.txval);
  });

  it("the return's tax is the movement on the output ledgers to the paisa", async () => {
    const res = await org.api.get(`/reports/trial_balance?branch_id=${org.defaultBranchId}&from_date=2026-10-01&to_date=2026-10-31`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const output = (res.body.trial_balance.accounts as Json[]).filter((a) => ['CGST Output', 'SGST Output', 'IGST Output'].includes(a.account_name));
    expect(Object.fromEntries(output.map((a) => [a.account_name, Math.round((a.credit - a.debit) * 100) / 100])))
      .toEqual({ 'CGST Output': 2700, 'SGST Output': 2700, 'IGST Output': 2700 });
    const summary = await org.api.get(`/gst/gstr1/summary?${OCTOBER}`);
    expect(summary.body.gstr1_summary.reconciliation).toEqual({ return_tax: 8100, books_tax: 8100, difference: 0, differences: [] });
    await expectBooksBalanced(org.api);
  });
});
