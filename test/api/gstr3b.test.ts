import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { gstCustomer, gstOrg, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createCreditNote, createDebitNote, createInvoice, customer, postedBill, taxId, vendor } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * GSTR-3B of a hand-worked June 2026 for the Karnataka head office (29): B2B invoices intra and
 * inter-state, a B2C one to Tamil Nadu (33), an export without payment, a nil-rated line and a
 * credit note; bills with ordinary, inter-state, reverse-charge, imported-service and blocked
 * credit, an exempt purchase, and a debit note received against the inter-state bill. An April
 * sale makes the quarter April to June (2026-Q1) differ from June.
 */

let t: TestApp;
let org: OrgFixture;
const JUNE = `gstin=${SUPPLIER_GSTIN}&period=062026`;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-25T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  const [gst18, gst12, gst5] = await Promise.all([taxId(api, 18), taxId(api, 12), taxId(api, 5)]);
  const zeroRated = Object.fromEntries(((await api.get('/taxes')).body.taxes as Json[]).filter((x) => x.tax_percentage === 0).map((x) => [x.supply_type, x.tax_id]));
  const general = ((await api.get('/accounts?per_page=200')).body.accounts as Json[]).find((a) => a.account_name === 'General Expenses')!.account_id;
  const invoice = async (body: Json) => {
    const res = await createInvoice(api, { date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.invoice;
  };

  const raman = await gstCustomer(api);
  const udyog = await gstCustomer(api, { contact_name: 'Udyog Supplies', gst_no: OTHER_STATE_GSTIN, billing_address: { address: 'Plot 7, MIDC Bhosari', city: 'Pune', state_code: 'IN-MH', zip: '411026', country: 'India' } });
  const walkIn = await customer(api);
  const acme = await customer(api, { contact_name: 'Acme Inc.', gst_treatment: 'OVERSEAS', currency_code: 'USD', billing_address: { address: '500 Market Street', city: 'San Francisco', zip: '94105', country: 'US' } });
  const intra = await invoice({ customer_id: raman, line_items: [
    { name: 'Laptop', hsn_or_sac: '84713010', quantity: 2, rate: 5000, tax_id: gst18 },
    { name: 'Fresh vegetables', hsn_or_sac: '0709', quantity: 1, rate: 500, tax_id: zeroRated.NIL_RATED },
  ] });
  await invoice({ customer_id: udyog, place_of_supply: 'IN-MH', line_items: [{ name: 'Laptop', hsn_or_sac: '84713010', quantity: 1, rate: 5000, tax_id: gst18 }] });
  await invoice({ customer_id: walkIn, place_of_supply: 'IN-TN', line_items: [{ name: 'Chair', hsn_or_sac: '9401', quantity: 1, rate: 2000, tax_id: gst12 }] });
  await invoice({ customer_id: walkIn, date: '2026-04-15', line_items: [{ name: 'Desk', hsn_or_sac: '9403', quantity: 1, rate: 3000, tax_id: gst18 }] });
  await invoice({ customer_id: acme, place_of_supply: 'IN-96', export_type: 'WOPAY', currency_code: 'USD', exchange_rate: 80,
    line_items: [{ name: 'Keyboard', hsn_or_sac: '84716060', quantity: 1, rate: 100, tax_id: gst18 }] });
  const note = await createCreditNote(api, { customer_id: raman, invoice_id: intra.invoice_id, date: '2026-06-20', line_items: [{ invoice_line_item_id: intra.line_items[0].line_item_id, quantity: 1 }] });
  expect(note.status, JSON.stringify(note.body)).toBe(201);

  const local = await vendor(api, { place_of_contact: 'IN-KA' });
  await postedBill(api, local, 0, { line_items: [
    { name: 'Paper', rate: 4000, tax_id: gst18 },
    { name: 'Staff lunch', rate: 2000, tax_id: gst5, account_id: general, itc_blocked_reason: '17(5)(b)' },
    { name: 'Milk', rate: 300, tax_id: zeroRated.EXEMPT },
  ] });
  const steel = await postedBill(api, await vendor(api, { place_of_contact: 'IN-MH' }), 0, { line_items: [{ name: 'Steel', rate: 10000, tax_id: gst18 }] });
  await postedBill(api, local, 0, { is_rcm: true, line_items: [{ name: 'Legal fees', rate: 20000, tax_id: gst18, account_id: general }] });
  const overseas = await vendor(api, { gst_treatment: 'OVERSEAS', currency_code: 'USD' });
  await postedBill(api, overseas, 0, { currency_code: 'USD', exchange_rate: 80, line_items: [{ name: 'Cloud hosting', rate: 100, tax_id: gst18, account_id: general }] });
  const debit = await createDebitNote(api, { vendor_id: steel.vendor_id, bill_id: steel.bill_id, date: '2026-06-12', line_items: [{ bill_line_item_id: steel.line_items[0].line_item_id, amount: 1000 }] });
  expect(debit.status, JSON.stringify(debit.body)).toBe(201);
});
afterAll(async () => { await t.close(); });

const tax = (iamt: number, camt: number, samt: number) => ({ iamt, camt, samt, csamt: 0 });
const NOTHING = tax(0, 0, 0);

describe('GET /gst/gstr3b', () => {
  it("answers June's return in the portal's JSON, every figure worked by hand", async () => {
    const res = await org.api.get(`/gst/gstr3b?${JUNE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gstr3b).toEqual({
      gstin: SUPPLIER_GSTIN,
      ret_period: '062026',
      sup_details: {
        // 10,000 intra + 5,000 to Maharashtra + 2,000 to Tamil Nadu − 5,000 credited; IGST 900 + 240; CGST and SGST 900 − 450 each.
        osup_det: { txval: 12000, ...tax(1140, 450, 450) },
        // USD 100 × 80, without payment of tax.
        osup_zero: { txval: 8000, ...NOTHING },
        osup_nil_exmp: { txval: 500, ...NOTHING },
        // Legal fees 20,000 (9% + 9% = 1,800 each) and hosting USD 100 × 80 = 8,000 (IGST USD 18 × 80 = 1,440).
        isup_rev: { txval: 28000, ...tax(1440, 1800, 1800) },
        osup_nongst: { txval: 0, ...NOTHING },
      },
      // The Tamil Nadu walk-in: 2,000 at 12% IGST.
      inter_sup: { unreg_details: [{ pos: '33', txval: 2000, iamt: 240 }], comp_details: [], uin_details: [] },
      itc_elg: {
        itc_avl: [
          { ty: 'IMPG', ...NOTHING },
          { ty: 'IMPS', ...tax(1440, 0, 0) },
          { ty: 'ISRC', ...tax(0, 1800, 1800) },
          { ty: 'ISD', ...NOTHING },
          // Steel IGST 1,800 less the debit note's 180 (18% of 1,000); paper 360 + the blocked lunch 50, each of CGST and SGST.
          { ty: 'OTH', ...tax(1620, 410, 410) },
        ],
        itc_rev: [{ ty: 'RUL', ...tax(0, 50, 50) }, { ty: 'OTH', ...NOTHING }],
        // 1,440 + 1,620; 1,800 + 410 − 50.
        itc_net: tax(3060, 2160, 2160),
        itc_inelg: [{ ty: 'RUL', ...NOTHING }, { ty: 'OTH', ...NOTHING }],
      },
      // The exempt milk, bought within the state.
      inward_sup: { isup_details: [{ ty: 'GST', inter: 0, intra: 300 }, { ty: 'NONGST', inter: 0, intra: 0 }] },
    });
    await expectBooksBalanced(org.api);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });

  it("claims, less blocked credit, exactly the month's movement on the branch's input GST ledgers", async () => {
    const tb = (await org.api.get(`/reports/trial_balance?branch_id=${org.defaultBranchId}&from_date=2026-06-01&to_date=2026-06-30`)).body.trial_balance;
    const inputs = ['CGST Input', 'SGST Input', 'IGST Input', 'Input GST under reverse charge'];
    const movement = (tb.accounts as Json[]).filter((a) => inputs.includes(a.account_name)).reduce((total, a) => total + a.debit - a.credit, 0);
    // CGST 360 + SGST 360 + IGST 1,800 − 180 + reverse charge 1,800 + 1,800 + 1,440.
    expect(movement).toBe(7380);
    const r = (await org.api.get(`/gst/gstr3b?${JUNE}`)).body.gstr3b;
    const total = (rows: Json[]) => rows.reduce((s, x) => s + x.iamt + x.camt + x.samt, 0);
    expect(total(r.itc_elg.itc_avl) - total(r.itc_elg.itc_rev.filter((x: Json) => x.ty === 'RUL'))).toBe(7380);
  });

  it("answers a quarterly (QRMP) filer's quarter, 2026-Q1, under its last month: June's figures and April's sale", async () => {
    const res = await org.api.get(`/gst/gstr3b?gstin=${SUPPLIER_GSTIN}&period=2026-Q1`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const june = (await org.api.get(`/gst/gstr3b?${JUNE}`)).body.gstr3b;
    // June's 12,000 plus the April desk: 3,000 at 9% + 9% (270 each).
    expect(res.body.gstr3b).toEqual({ ...june, sup_details: { ...june.sup_details, osup_det: { txval: 15000, ...tax(1140, 720, 720) } } });
    expect(res.body.gstr3b.ret_period).toBe('062026');
  });

  it('answers zeros for a month without documents', async () => {
    const r = (await org.api.get(`/gst/gstr3b?gstin=${SUPPLIER_GSTIN}&period=072026`)).body.gstr3b;
    expect(r.sup_details.osup_det).toEqual({ txval: 0, ...NOTHING });
    expect(r.itc_elg.itc_net).toEqual(NOTHING);
    expect(r.inter_sup.unreg_details).toEqual([]);
  });

  it('refuses a bad period (400 on period), a GSTIN none of the branches carries (404) and a token without Svc.gst.READ (403)', async () => {
    for (const period of ['132026', '2026-06', '62026', '', '2026-Q5', '2026Q1']) {
      expect((await org.api.get(`/gst/gstr3b?gstin=${SUPPLIER_GSTIN}&period=${period}`)).body, period).toMatchObject({ code: 'validation.invalid_value', field: 'period' });
    }
    expect((await org.api.get(`/gst/gstr3b?gstin=${SUPPLIER_GSTIN}`)).body).toMatchObject({ code: 'validation.required_field', field: 'period' });
    expect((await org.api.get(`/gst/gstr3b?gstin=${OTHER_STATE_GSTIN}&period=062026`)).body).toMatchObject({ code: 'not_found.resource', field: 'gstin' });
    const { token } = await t.given.token([org.orgId], { scopes: ['Svc.invoices.READ'] });
    expect((await t.api.withToken(token).get(`/gst/gstr3b?${JUNE}`)).status).toBe(403);
  });
});
