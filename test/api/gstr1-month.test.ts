import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { gstCustomer, gstOrg, CUSTOMER_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createCreditNote, createInvoice, customer } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * GSTR-1 of one GSTIN for August 2024, worked by hand: every section and the edges of Rule 59(4)
 * and of exports. A Karnataka supplier (29) with a second registration in Maharashtra (27), whose
 * invoice belongs to the other return. Figures in the comments; the reconciliation is checked
 * against the period's trial balance of the branch.
 */

type Json = Record<string, any>;
let t: TestApp;
let org: OrgFixture;
const PUNE_GSTIN = '27AABCB1234F1Z8';
const SEZ_GSTIN = '24AAPFU0939F1Z1';
const AUGUST = `gstin=${SUPPLIER_GSTIN}&period=082024`;
const numbers: Record<string, string> = {};
let puneBranchId: string;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2024-09-05T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  const pune = await t.admin.post(`/orgs/${org.orgId}/branches`, {
    name: 'Pune', state_code: 'IN-MH', gstin: PUNE_GSTIN, address: { address: 'Plot 7, MIDC Bhosari', city: 'Pune', zip: '411026', country: 'India' },
  });
  expect(pune.status, JSON.stringify(pune.body)).toBe(201);
  puneBranchId = pune.body.branch.branch_id;

  const taxes = (await api.get('/taxes')).body.taxes as Json[];
  const tax = (percentage: number, supplyType = 'TAXABLE') => taxes.find((x) => x.tax_percentage === percentage && x.supply_type === supplyType)!.tax_id as string;
  const line = (name: string, hsn: string, quantity: number, rate: number, tax_id: string, extra: Json = {}) => ({ name, hsn_or_sac: hsn, quantity, unit: 'nos', rate, tax_id, ...extra });
  const laptops = (quantity: number, extra: Json = {}) => line('Laptop', '84713010', quantity, 40000, tax(18), extra);
  const coolers = (quantity: number, rate: number) => line('Air conditioner', '84151010', quantity, rate, tax(28));
  const keyboards = (quantity: number) => line('Keyboard', '84716060', quantity, 100, tax(18));
  const invoice = async (name: string, body: Json) => {
    const res = await createInvoice(api, { place_of_supply: 'IN-KA', auto_approve: true, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    numbers[name] = res.body.invoice.invoice_number;
    return res.body.invoice;
  };
  const note = async (name: string, customerId: string, inv: Json, date: string, lineIndex = 0) => {
    const res = await createCreditNote(api, { customer_id: customerId, invoice_id: inv.invoice_id, date, line_items: [{ invoice_line_item_id: inv.line_items[lineIndex].line_item_id, quantity: 1 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    numbers[name] = res.body.credit_note.credit_note_number;
  };

  const raman = await gstCustomer(api);
  const sez = await gstCustomer(api, { contact_name: 'Kandla SEZ Unit', gst_no: SEZ_GSTIN, gst_treatment: 'SEZ', billing_address: { state_code: 'IN-GJ' } });
  const walkIn = await customer(api);
  const acme = await customer(api, { contact_name: 'Acme Inc.', gst_treatment: 'OVERSEAS', currency_code: 'USD', billing_address: { address: '500 Market Street', city: 'San Francisco', zip: '94105', country: 'US' } });

  // ₹1,17,187.50 + 28% = ₹1,50,000 on 31 July 2024: not above the ₹2,50,000 of then, so July's b2cs.
  await invoice('july', { customer_id: walkIn, date: '2024-07-31', place_of_supply: 'IN-TN', line_items: [coolers(1, 117187.5)] });
  await invoice('b2b', { customer_id: raman, date: '2024-08-05', line_items: [
    laptops(2, { discount: 1000 }),
    line('Printer cable', '85444999', 10, 250, tax(12)),
    line('Printed books', '4901', 5, 200, tax(0, 'EXEMPT')),
  ] });
  await invoice('sez', { customer_id: sez, date: '2024-08-07', place_of_supply: 'IN-GJ', export_type: 'WOPAY', line_items: [laptops(3)] });
  // ₹78,125 + 28% = exactly ₹1,00,000: not above the threshold, so b2cs.
  await invoice('edge', { customer_id: walkIn, date: '2024-08-08', place_of_supply: 'IN-MH', line_items: [coolers(1, 78125)] });
  // The same ₹1,50,000 on 1 August 2024: above the ₹1,00,000 from that day, so b2cl.
  const b2cl = await invoice('b2cl', { customer_id: walkIn, date: '2024-08-01', place_of_supply: 'IN-TN', line_items: [coolers(2, 58593.75)] });
  const exported = await invoice('export', { customer_id: acme, date: '2024-08-12', place_of_supply: 'IN-96', export_type: 'WPAY', currency_code: 'USD', exchange_rate: 83.5,
    line_items: [keyboards(1), line('USB cable', '85444299', 1, 0.5, tax(18)), line('USB cable', '85444299', 1, 0.5, tax(18))] });
  await invoice('wopay', { customer_id: acme, date: '2024-08-20', place_of_supply: 'IN-96', export_type: 'WOPAY', currency_code: 'USD', exchange_rate: 84, line_items: [keyboards(2)] });
  const mixed = await invoice('mixed', { customer_id: walkIn, date: '2024-08-14', line_items: [
    line('Wireless mouse', '8471', 4, 500, tax(18)),
    line('Fresh vegetables', '0709', 10, 100, tax(0, 'NIL_RATED')),
    line('Liquor', '2208', 2, 100, tax(0, 'NON_GST')),
  ] });
  const voided = await invoice('void', { customer_id: walkIn, date: '2024-08-15', line_items: [line('Wireless mouse', '8471', 1, 500, tax(18))] });
  expect((await api.post(`/invoices/${voided.invoice_id}/void`, {})).status).toBe(200);

  await note('b2clNote', walkIn, b2cl, '2024-08-20');
  await note('exportNote', acme, exported, '2024-08-25');
  await note('b2csNote', walkIn, mixed, '2024-08-26');
  // The Pune registration's own sale: inter-state to Karnataka.
  await invoice('pune', { customer_id: raman, branch_id: puneBranchId, date: '2024-08-09', place_of_supply: 'IN-KA', line_items: [laptops(1)] });
});
afterAll(async () => { await t.close(); });

const item = (num: number, rt: number, txval: number, tax: { iamt?: number; camt?: number; samt?: number } = {}) =>
  ({ num, itm_det: { rt, txval, iamt: tax.iamt ?? 0, camt: tax.camt ?? 0, samt: tax.samt ?? 0, csamt: 0 } });
const unregisteredItem = (num: number, rt: number, txval: number, iamt = 0) => ({ num, itm_det: { rt, txval, iamt, csamt: 0 } });
const hsn = (num: number, hsn_sc: string, desc: string, qty: number, rt: number, txval: number, tax: { iamt?: number; camt?: number; samt?: number } = {}) =>
  ({ num, hsn_sc, desc, uqc: 'NOS', qty, rt, txval, iamt: tax.iamt ?? 0, camt: tax.camt ?? 0, samt: tax.samt ?? 0, csamt: 0 });

describe('GSTR-1 of August 2024, worked by hand', () => {
  it('numbers the documents as expected', () => {
    expect(numbers).toEqual({
      july: 'INV-24-25-00001', b2b: 'INV-24-25-00002', sez: 'INV-24-25-00003', edge: 'INV-24-25-00004', b2cl: 'INV-24-25-00005',
      export: 'INV-24-25-00006', wopay: 'INV-24-25-00007', mixed: 'INV-24-25-00008', void: 'INV-24-25-00009',
      b2clNote: 'CN-24-25-00001', exportNote: 'CN-24-25-00002', b2csNote: 'CN-24-25-00003', pune: expect.any(String),
    });
  });

  it('puts every document in its one section', async () => {
    const res = await org.api.get(`/gst/gstr1?${AUGUST}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gstr1).toEqual({
      gstin: SUPPLIER_GSTIN, fp: '082024',
      b2b: [
        // 3 laptops at ₹40,000 to an SEZ under a Letter of Undertaking: ₹1,20,000, the 18% rate kept, no tax.
        { ctin: SEZ_GSTIN, inv: [{ inum: 'INV-24-25-00003', idt: '07-08-2024', val: 120000, pos: '24', rchrg: 'N', inv_typ: 'SEWOP', itms: [item(1, 18, 120000)] }] },
        // 2 laptops ₹80,000 − ₹1,000 discount = ₹79,000, 9% + 9% = ₹7,110 each; 10 cables ₹2,500, 6% + 6% = ₹150 each;
        // books ₹1,000 exempt (in nil). Value 79,000 + 14,220 + 2,500 + 300 + 1,000 = ₹97,020. Items in rate order.
        { ctin: CUSTOMER_GSTIN, inv: [{ inum: 'INV-24-25-00002', idt: '05-08-2024', val: 97020, pos: '29', rchrg: 'N', inv_typ: 'R',
          itms: [item(1, 12, 2500, { camt: 150, samt: 150 }), item(2, 18, 79000, { camt: 7110, samt: 7110 })] }] },
      ],
      // 2 × ₹58,593.75 = ₹1,17,187.50, IGST 28% ₹32,812.50: ₹1,50,000.
      b2cl: [{ pos: '33', inv: [{ inum: 'INV-24-25-00005', idt: '01-08-2024', val: 150000, itms: [unregisteredItem(1, 28, 117187.5, 32812.5)] }] }],
      b2cs: [
        // Exactly ₹1,00,000 to Maharashtra: ₹78,125 + ₹21,875.
        { sply_ty: 'INTER', pos: '27', typ: 'OE', rt: 28, txval: 78125, iamt: 21875, camt: 0, samt: 0, csamt: 0 },
        // 4 mice ₹2,000 (₹180 + ₹180) less the one credited ₹500 (₹45 + ₹45); the voided invoice nowhere.
        { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 18, txval: 1500, iamt: 0, camt: 135, samt: 135, csamt: 0 },
      ],
      cdnr: [],
      cdnur: [
        // One air conditioner of the b2cl invoice: ₹58,593.75 + ₹16,406.25 = ₹75,000.
        { typ: 'B2CL', ntty: 'C', nt_num: 'CN-24-25-00001', nt_dt: '20-08-2024', val: 75000, pos: '33', itms: [unregisteredItem(1, 28, 58593.75, 16406.25)] },
        // The keyboard of the export with payment: USD 100 + USD 18 at ₹83.50 = ₹8,350 + ₹1,503.
        { typ: 'EXPWP', ntty: 'C', nt_num: 'CN-24-25-00002', nt_dt: '25-08-2024', val: 9853, itms: [unregisteredItem(1, 18, 8350, 1503)] },
      ],
      exp: [
        // 2 keyboards, USD 200 at ₹84: ₹16,800, no tax.
        { exp_typ: 'WOPAY', inv: [{ inum: 'INV-24-25-00007', idt: '20-08-2024', val: 16800, itms: [{ rt: 18, txval: 16800, iamt: 0, csamt: 0 }] }] },
        // USD 100 + 0.50 + 0.50 = USD 101 at ₹83.50 = ₹8,433.50; IGST USD 18 + 0.09 + 0.09 = USD 18.18 = ₹1,518.03 (as the
        // books convert it: each cable's ₹7.515 cannot both round up); value USD 119.18 = ₹9,951.53.
        { exp_typ: 'WPAY', inv: [{ inum: 'INV-24-25-00006', idt: '12-08-2024', val: 9951.53, itms: [{ rt: 18, txval: 8433.5, iamt: 1518.03, csamt: 0 }] }] },
      ],
      nil: { inv: [
        { sply_ty: 'INTRAB2B', nil_amt: 0, expt_amt: 1000, ngsup_amt: 0 },
        // 10 × ₹100 vegetables nil-rated, 2 × ₹100 non-GST.
        { sply_ty: 'INTRAB2C', nil_amt: 1000, expt_amt: 0, ngsup_amt: 200 },
      ] },
      hsn: {
        hsn_b2b: [
          hsn(1, '4901', 'Printed books', 5, 0, 1000),
          // 2 + 3 laptops: ₹79,000 + ₹1,20,000.
          hsn(2, '84713010', 'Laptop', 5, 18, 199000, { camt: 7110, samt: 7110 }),
          hsn(3, '85444999', 'Printer cable', 10, 12, 2500, { camt: 150, samt: 150 }),
        ],
        hsn_b2c: [
          hsn(1, '0709', 'Fresh vegetables', 10, 0, 1000),
          hsn(2, '2208', 'Liquor', 2, 0, 200),
          // 1 + 2 − 1 air conditioners: ₹78,125 + ₹1,17,187.50 − ₹58,593.75; IGST ₹21,875 + ₹32,812.50 − ₹16,406.25.
          hsn(3, '84151010', 'Air conditioner', 2, 28, 136718.75, { iamt: 38281.25 }),
          hsn(4, '8471', 'Wireless mouse', 3, 18, 1500, { camt: 135, samt: 135 }),
          // 1 + 2 − 1 keyboards: ₹8,350 + ₹16,800 − ₹8,350; IGST ₹1,503 − ₹1,503.
          hsn(5, '84716060', 'Keyboard', 2, 18, 16800),
          // 2 cables, USD 1 = ₹83.50; IGST USD 0.18 = ₹15.03.
          hsn(6, '85444299', 'USB cable', 2, 18, 83.5, { iamt: 15.03 }),
        ],
      },
      doc_issue: { doc_det: [
        // July's invoice is in July's return; the voided one is counted and cancelled.
        { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: [{ num: 1, from: 'INV-24-25-00002', to: 'INV-24-25-00009', totnum: 8, cancel: 1, net_issue: 7 }] },
        { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: 'CN-24-25-00001', to: 'CN-24-25-00003', totnum: 3, cancel: 0, net_issue: 3 }] },
      ] },
    });
    await expectBooksBalanced(org.api);
  });

  it('files the ₹1,50,000 invoice of 31 July 2024 in July, in b2cs', async () => {
    const res = await org.api.get(`/gst/gstr1?gstin=${SUPPLIER_GSTIN}&period=072024`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gstr1).toMatchObject({
      fp: '072024', b2b: [], b2cl: [], cdnr: [], cdnur: [], exp: [], nil: { inv: [] },
      b2cs: [{ sply_ty: 'INTER', pos: '33', typ: 'OE', rt: 28, txval: 117187.5, iamt: 32812.5, camt: 0, samt: 0, csamt: 0 }],
    });
  });

  it("leaves the other registration's invoice to its own return", async () => {
    const res = await org.api.get(`/gst/gstr1?gstin=${PUNE_GSTIN}&period=082024`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gstr1).toMatchObject({
      gstin: PUNE_GSTIN, b2cl: [], b2cs: [], cdnur: [], exp: [],
      // 1 laptop from Maharashtra to Karnataka: ₹40,000 + IGST ₹7,200.
      b2b: [{ ctin: CUSTOMER_GSTIN, inv: [{ inum: numbers.pune, idt: '09-08-2024', val: 47200, pos: '29', rchrg: 'N', inv_typ: 'R', itms: [item(1, 18, 40000, { iamt: 7200 })] }] }],
    });
  });
});

describe("GSTR-1 of August 2024 against the books", () => {
  const outputMovement = async (branchId: string) => {
    const res = await org.api.get(`/reports/trial_balance?branch_id=${branchId}&from_date=2024-08-01&to_date=2024-08-31`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const output = (res.body.trial_balance.accounts as Json[]).filter((a) => ['CGST Output', 'SGST Output', 'IGST Output'].includes(a.account_name));
    return Object.fromEntries(output.map((a) => [a.account_name, Math.round((a.credit - a.debit) * 100) / 100]));
  };

  it('totals each taxed section, and the return equals the movement on the output GST ledgers to the paisa', async () => {
    const res = await org.api.get(`/gst/gstr1/summary?${AUGUST}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gstr1_summary).toEqual({
      gstin: SUPPLIER_GSTIN, fp: '082024',
      sections: [
        { section: 'b2b', documents: 2, txval: 201500, iamt: 0, camt: 7260, samt: 7260, csamt: 0 },
        { section: 'b2cl', documents: 1, txval: 117187.5, iamt: 32812.5, camt: 0, samt: 0, csamt: 0 },
        { section: 'b2cs', documents: 2, txval: 79625, iamt: 21875, camt: 135, samt: 135, csamt: 0 },
        { section: 'cdnr', documents: 0, txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 },
        { section: 'cdnur', documents: 2, txval: 66943.75, iamt: 17909.25, camt: 0, samt: 0, csamt: 0 },
        { section: 'exp', documents: 2, txval: 25233.5, iamt: 1518.03, camt: 0, samt: 0, csamt: 0 },
      ],
      // b2b 14,520 + b2cl 32,812.50 + b2cs 22,145 + exp 1,518.03 − cdnur 17,909.25.
      reconciliation: { return_tax: 53086.28, books_tax: 53086.28, difference: 0, differences: [] },
    });
    // CGST = SGST = 7,110 + 150 + 180 − 45; IGST = 21,875 + 32,812.50 + 1,518.03 − 16,406.25 − 1,503 (the void posted and reversed).
    expect(await outputMovement(org.defaultBranchId)).toEqual({ 'CGST Output': 7395, 'SGST Output': 7395, 'IGST Output': 38296.28 });
    expect(Math.round((7395 + 7395 + 38296.28) * 100) / 100).toBe(53086.28);
  });

  it("reconciles the other registration with its branch's ledgers", async () => {
    const res = await org.api.get(`/gst/gstr1/summary?gstin=${PUNE_GSTIN}&period=082024`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gstr1_summary.reconciliation).toEqual({ return_tax: 7200, books_tax: 7200, difference: 0, differences: [] });
    expect(await outputMovement(puneBranchId)).toEqual({ 'IGST Output': 7200 });
    await expectBooksBalanced(org.api);
  });
});
