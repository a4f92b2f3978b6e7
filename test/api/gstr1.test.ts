import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { expectHledgerAgrees, HLEDGER, withoutHledger } from '../support/hledger';
import { sayWhySkipped } from '../support/skip-note';
import { gstCustomer, gstOrg, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createCreditNote, createInvoice, customer, taxId } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * GSTR-1 of a hand-worked quarter, July to September 2024, for a supplier in Karnataka (29):
 * one document per section and edge. Every invoice line is on HSN 84713010 (laptops at ₹2,500,
 * 18%) for registered buyers and 84151010 (air conditioners, 28%) for unregistered ones, so
 * the figures are exact.
 */

type Json = Record<string, any>;
let t: TestApp;
let org: OrgFixture;
const Q2 = `gstin=${SUPPLIER_GSTIN}&period=2024-Q2`;
const SEZ_GSTIN = '24AAPFU0939F1Z1';
const DEEMED_EXPORT_GSTIN = '29AAGCB7383J1Z4';
const CUSTOMER_GSTIN = '29AAACR5055K1Z3';
const numbers: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2024-09-25T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  const [gst18, gst28] = await Promise.all([taxId(api, 18), taxId(api, 28)]);
  const zeroRated = Object.fromEntries(((await api.get('/taxes')).body.taxes as Json[]).filter((x) => x.tax_percentage === 0).map((x) => [x.supply_type, x.tax_id]));
  const laptops = (quantity: number) => ({ name: 'Laptop', hsn_or_sac: '84713010', quantity, unit: 'nos', rate: 2500, tax_id: gst18 });
  const coolers = (quantity: number, rate: number) => ({ name: 'Air conditioner', hsn_or_sac: '84151010', quantity, unit: 'nos', rate, tax_id: gst28 });
  const invoice = async (name: string, body: Json) => {
    const res = await createInvoice(api, { place_of_supply: 'IN-KA', auto_approve: true, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    numbers[name] = res.body.invoice.invoice_number;
    return res.body.invoice;
  };
  const note = async (name: string, customerId: string, inv: Json, date: string) => {
    const res = await createCreditNote(api, { customer_id: customerId, invoice_id: inv.invoice_id, date, line_items: [{ invoice_line_item_id: inv.line_items[0].line_item_id, quantity: 1 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    numbers[name] = res.body.credit_note.credit_note_number;
  };

  const raman = await gstCustomer(api);
  const udyog = await gstCustomer(api, { contact_name: 'Udyog Supplies', gst_no: OTHER_STATE_GSTIN, billing_address: { state_code: 'IN-MH' } });
  const sez = await gstCustomer(api, { contact_name: 'Kandla SEZ Unit', gst_no: SEZ_GSTIN, gst_treatment: 'SEZ', billing_address: { state_code: 'IN-GJ' } });
  const deemed = await gstCustomer(api, { contact_name: 'EOU Exporters', gst_no: DEEMED_EXPORT_GSTIN, gst_treatment: 'DEEMED_EXPORT' });
  const walkIn = await customer(api);
  const acme = await customer(api, { contact_name: 'Acme Inc.', gst_treatment: 'OVERSEAS', currency_code: 'USD', billing_address: { address: '500 Market Street', city: 'San Francisco', zip: '94105', country: 'US' } });

  const intra = await invoice('intra', { customer_id: raman, date: '2024-08-05', line_items: [laptops(4)] });
  await invoice('inter', { customer_id: udyog, date: '2024-08-06', place_of_supply: 'IN-MH', line_items: [laptops(8)] });
  await invoice('sez', { customer_id: sez, date: '2024-08-07', place_of_supply: 'IN-GJ', export_type: 'WOPAY', line_items: [laptops(20)] });
  await invoice('deemed', { customer_id: deemed, date: '2024-08-08', line_items: [laptops(12)] });
  // ₹78,125 + 28% = exactly ₹1,00,000: not above the threshold, so b2cs.
  await invoice('edge', { customer_id: walkIn, date: '2024-08-10', place_of_supply: 'IN-MH', line_items: [coolers(1, 78125)] });
  // ₹1,17,187.50 + 28% = ₹1,50,000, either side of 1 August 2024.
  await invoice('july', { customer_id: walkIn, date: '2024-07-31', place_of_supply: 'IN-TN', line_items: [coolers(1, 117187.5)] });
  const august = await invoice('august', { customer_id: walkIn, date: '2024-08-01', place_of_supply: 'IN-TN', line_items: [coolers(2, 58593.75)] });
  await invoice('export', { customer_id: acme, date: '2024-08-12', place_of_supply: 'IN-96', export_type: 'WPAY', currency_code: 'USD', exchange_rate: 83.5,
    line_items: [{ name: 'Keyboard', hsn_or_sac: '84716060', quantity: 1, unit: 'nos', rate: 100, tax_id: gst18 }] });
  await invoice('nil', { customer_id: walkIn, date: '2024-08-14', line_items: [
    { name: 'Fresh vegetables', hsn_or_sac: '0709', quantity: 10, unit: 'nos', rate: 100, tax_id: zeroRated.NIL_RATED },
    { name: 'Printed books', hsn_or_sac: '4901', quantity: 5, unit: 'nos', rate: 100, tax_id: zeroRated.EXEMPT },
  ] });
  const voided = await invoice('void', { customer_id: walkIn, date: '2024-08-15', line_items: [coolers(1, 1000)] });
  expect((await api.post(`/invoices/${voided.invoice_id}/void`, {})).status).toBe(200);
  const draft = await createInvoice(api, { customer_id: walkIn, date: '2024-08-16', place_of_supply: 'IN-KA', line_items: [coolers(9, 1000)] });
  expect(draft.status).toBe(201);
  numbers.draft = draft.body.invoice.invoice_number;

  await note('b2clNote', walkIn, august, '2024-08-20');
  await note('registeredNote', raman, intra, '2024-08-21');
});
afterAll(async () => { await t.close(); });

const laptopsAt18 = (txval: number, tax: { iamt?: number; camt?: number; samt?: number }) =>
  [{ num: 1, itm_det: { rt: 18, txval, iamt: tax.iamt ?? 0, camt: tax.camt ?? 0, samt: tax.samt ?? 0, csamt: 0 } }];

describe('GET /gst/gstr1', () => {
  it('numbers the documents as expected', () => {
    expect(numbers).toEqual({
      intra: 'INV-24-25-00001', inter: 'INV-24-25-00002', sez: 'INV-24-25-00003', deemed: 'INV-24-25-00004', edge: 'INV-24-25-00005',
      july: 'INV-24-25-00006', august: 'INV-24-25-00007', export: 'INV-24-25-00008', nil: 'INV-24-25-00009', void: 'INV-24-25-00010',
      draft: 'INV-24-25-00011', b2clNote: 'CN-24-25-00001', registeredNote: 'CN-24-25-00002',
    });
  });

  it('puts each document of the quarter in its one section, voids and drafts nowhere, in INR', async () => {
    const res = await org.api.get(`/gst/gstr1?${Q2}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gstr1).toEqual({
      gstin: SUPPLIER_GSTIN, fp: '092024',
      b2b: [
        // 20 laptops to an SEZ under a Letter of Undertaking: ₹50,000, no tax.
        { ctin: SEZ_GSTIN, inv: [{ inum: 'INV-24-25-00003', idt: '07-08-2024', val: 50000, pos: '24', rchrg: 'N', inv_typ: 'SEWOP', itms: laptopsAt18(50000, {}) }] },
        // 8 laptops to Maharashtra: ₹20,000 + IGST 18% ₹3,600.
        { ctin: OTHER_STATE_GSTIN, inv: [{ inum: 'INV-24-25-00002', idt: '06-08-2024', val: 23600, pos: '27', rchrg: 'N', inv_typ: 'R', itms: laptopsAt18(20000, { iamt: 3600 }) }] },
        // 4 laptops within Karnataka: ₹10,000 + 9% + 9%.
        { ctin: CUSTOMER_GSTIN, inv: [{ inum: 'INV-24-25-00001', idt: '05-08-2024', val: 11800, pos: '29', rchrg: 'N', inv_typ: 'R', itms: laptopsAt18(10000, { camt: 900, samt: 900 }) }] },
        // 12 laptops as a deemed export, taxed as a domestic supply: ₹30,000 + ₹2,700 + ₹2,700.
        { ctin: DEEMED_EXPORT_GSTIN, inv: [{ inum: 'INV-24-25-00004', idt: '08-08-2024', val: 35400, pos: '29', rchrg: 'N', inv_typ: 'DE', itms: laptopsAt18(30000, { camt: 2700, samt: 2700 }) }] },
      ],
      // 1 August 2024, ₹1,50,000 inter-state: above ₹1,00,000 from that day.
      b2cl: [{ pos: '33', inv: [{ inum: 'INV-24-25-00007', idt: '01-08-2024', val: 150000, itms: [{ num: 1, itm_det: { rt: 28, txval: 117187.5, iamt: 32812.5, csamt: 0 } }] }] }],
      b2cs: [
        // Exactly ₹1,00,000 is not above it: ₹78,125 + IGST ₹21,875.
        { sply_ty: 'INTER', pos: '27', typ: 'OE', rt: 28, txval: 78125, iamt: 21875, camt: 0, samt: 0, csamt: 0 },
        // 31 July 2024, ₹1,50,000: under the ₹2,50,000 of then.
        { sply_ty: 'INTER', pos: '33', typ: 'OE', rt: 28, txval: 117187.5, iamt: 32812.5, camt: 0, samt: 0, csamt: 0 },
      ],
      // One laptop back: ₹2,500 + ₹225 + ₹225.
      cdnr: [{ ctin: CUSTOMER_GSTIN, nt: [{ ntty: 'C', nt_num: 'CN-24-25-00002', nt_dt: '21-08-2024', val: 2950, pos: '29', rchrg: 'N', inv_typ: 'R', itms: laptopsAt18(2500, { camt: 225, samt: 225 }) }] }],
      // One of the two air conditioners of the b2cl invoice: ₹58,593.75 + 28% ₹16,406.25 = ₹75,000.
      cdnur: [{ typ: 'B2CL', ntty: 'C', nt_num: 'CN-24-25-00001', nt_dt: '20-08-2024', val: 75000, pos: '33', itms: [{ num: 1, itm_det: { rt: 28, txval: 58593.75, iamt: 16406.25, csamt: 0 } }] }],
      // USD 100 + 18% at ₹83.50: ₹8,350 + ₹1,503.
      exp: [{ exp_typ: 'WPAY', inv: [{ inum: 'INV-24-25-00008', idt: '12-08-2024', val: 9853, itms: [{ rt: 18, txval: 8350, iamt: 1503, csamt: 0 }] }] }],
      nil: { inv: [{ sply_ty: 'INTRAB2C', nil_amt: 1000, expt_amt: 500, ngsup_amt: 0 }] },
      hsn: {
        // 4 + 8 + 20 + 12 laptops less the one credited: 43, ₹1,07,500; IGST ₹3,600; CGST and SGST ₹900 + ₹2,700 − ₹225.
        hsn_b2b: [{ num: 1, hsn_sc: '84713010', desc: 'Laptop', uqc: 'NOS', qty: 43, rt: 18, txval: 107500, iamt: 3600, camt: 3375, samt: 3375, csamt: 0 }],
        hsn_b2c: [
          { num: 1, hsn_sc: '0709', desc: 'Fresh vegetables', uqc: 'NOS', qty: 10, rt: 0, txval: 1000, iamt: 0, camt: 0, samt: 0, csamt: 0 },
          { num: 2, hsn_sc: '4901', desc: 'Printed books', uqc: 'NOS', qty: 5, rt: 0, txval: 500, iamt: 0, camt: 0, samt: 0, csamt: 0 },
          // 1 + 1 + 2 − 1 air conditioners: ₹78,125 + ₹1,17,187.50 × 2 − ₹58,593.75; IGST ₹21,875 + ₹32,812.50 × 2 − ₹16,406.25.
          { num: 3, hsn_sc: '84151010', desc: 'Air conditioner', uqc: 'NOS', qty: 3, rt: 28, txval: 253906.25, iamt: 71093.75, camt: 0, samt: 0, csamt: 0 },
          { num: 4, hsn_sc: '84716060', desc: 'Keyboard', uqc: 'NOS', qty: 1, rt: 18, txval: 8350, iamt: 1503, camt: 0, samt: 0, csamt: 0 },
        ],
      },
      doc_issue: { doc_det: [
        { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: [{ num: 1, from: 'INV-24-25-00001', to: 'INV-24-25-00010', totnum: 10, cancel: 1, net_issue: 9 }] },
        { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: 'CN-24-25-00001', to: 'CN-24-25-00002', totnum: 2, cancel: 0, net_issue: 2 }] },
      ] },
    });
    await expectBooksBalanced(org.api);
  });

  it('files a month on its own: July holds only the 31 July invoice, in b2cs', async () => {
    const res = await org.api.get(`/gst/gstr1?gstin=${SUPPLIER_GSTIN}&period=072024`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gstr1).toMatchObject({
      fp: '072024', b2b: [], b2cl: [], cdnr: [], cdnur: [], exp: [], nil: { inv: [] },
      b2cs: [{ sply_ty: 'INTER', pos: '33', typ: 'OE', rt: 28, txval: 117187.5, iamt: 32812.5, camt: 0, samt: 0, csamt: 0 }],
    });
  });

  it("reconciles with the books: the sections' tax equals the movement on the branch's output GST ledgers", async () => {
    const { gstr1: r } = (await org.api.get(`/gst/gstr1?${Q2}`)).body;
    const tax = (itm: Json) => (itm.iamt ?? 0) + (itm.camt ?? 0) + (itm.samt ?? 0);
    const items = (invs: Json[]) => invs.flatMap((i) => i.itms.map((x: Json) => x.itm_det ?? x));
    const total = (xs: Json[]) => Math.round(xs.reduce((s, x) => s + tax(x) * 100, 0)) / 100;
    const returned = total(items(r.b2b.flatMap((g: Json) => g.inv))) + total(items(r.b2cl.flatMap((g: Json) => g.inv))) + total(r.b2cs)
      + total(items(r.exp.flatMap((g: Json) => g.inv))) - total(items(r.cdnr.flatMap((g: Json) => g.nt))) - total(items(r.cdnur));
    // b2b 1,800 + 3,600 + 5,400; b2cl 32,812.50; b2cs 21,875 + 32,812.50; exp 1,503; less cdnr 450 and cdnur 16,406.25.
    expect(returned).toBe(82946.75);

    const movement = async (date: string) => {
      const res = await org.api.get(`/reports/trial_balance?branch_id=${org.defaultBranchId}&date=${date}`);
      expect(res.status).toBe(200);
      const output = (res.body.trial_balance.accounts as Json[]).filter((a) => ['CGST Output', 'SGST Output', 'IGST Output'].includes(a.account_name));
      return Object.fromEntries(output.map((a) => [a.account_name, Math.round((a.credit - a.debit) * 100) / 100]));
    };
    expect(await movement('2024-06-30')).toEqual({});
    // CGST = SGST = 900 + 2,700 − 225; IGST = 3,600 + 21,875 + 32,812.50 × 2 + 1,503 − 16,406.25 (the void posted and reversed).
    expect(await movement('2024-09-30')).toEqual({ 'CGST Output': 3375, 'SGST Output': 3375, 'IGST Output': 76196.75 });
    expect(3375 + 3375 + 76196.75).toBe(returned);
  });
});

describe('GET /gst/gstr1?format=csv', () => {
  const csv = async (section: string) => {
    const res = await org.api.get(`/gst/gstr1?${Q2}&format=csv&section=${section}`);
    expect(res.status, section).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    return res.body;
  };

  it('answers one section a row per item, its document fields repeated', async () => {
    expect(await csv('b2b')).toBe([
      'ctin,inum,idt,val,pos,rchrg,inv_typ,num,rt,txval,iamt,camt,samt,csamt',
      `${SEZ_GSTIN},INV-24-25-00003,07-08-2024,50000,24,N,SEWOP,1,18,50000,0,0,0,0`,
      `${OTHER_STATE_GSTIN},INV-24-25-00002,06-08-2024,23600,27,N,R,1,18,20000,3600,0,0,0`,
      `${CUSTOMER_GSTIN},INV-24-25-00001,05-08-2024,11800,29,N,R,1,18,10000,0,900,900,0`,
      `${DEEMED_EXPORT_GSTIN},INV-24-25-00004,08-08-2024,35400,29,N,DE,1,18,30000,0,2700,2700,0`,
      '',
    ].join('\r\n'));
    expect(await csv('cdnur')).toBe([
      'typ,ntty,nt_num,nt_dt,val,pos,num,rt,txval,iamt,csamt',
      'B2CL,C,CN-24-25-00001,20-08-2024,75000,33,1,28,58593.75,16406.25,0',
      '',
    ].join('\r\n'));
    expect(await csv('nil')).toBe(['sply_ty,nil_amt,expt_amt,ngsup_amt', 'INTRAB2C,1000,500,0', ''].join('\r\n'));
    expect(await csv('doc_issue')).toBe([
      'doc_num,doc_typ,num,from,to,totnum,cancel,net_issue',
      '1,Invoices for outward supply,1,INV-24-25-00001,INV-24-25-00010,10,1,9',
      '5,Credit Note,1,CN-24-25-00001,CN-24-25-00002,2,0,2',
      '',
    ].join('\r\n'));
  });

  it('needs the section (400 validation.required_field)', async () => {
    const res = await org.api.get(`/gst/gstr1?${Q2}&format=csv`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation.required_field', field: 'section' });
  });
});

describe('GET /gst/gstr1/summary', () => {
  it("totals the taxed sections and finds the quarter's return equal to the books", async () => {
    const res = await org.api.get(`/gst/gstr1/summary?${Q2}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gstr1_summary).toEqual({
      gstin: SUPPLIER_GSTIN, fp: '092024',
      sections: [
        { section: 'b2b', documents: 4, txval: 110000, iamt: 3600, camt: 3600, samt: 3600, csamt: 0 },
        { section: 'b2cl', documents: 1, txval: 117187.5, iamt: 32812.5, camt: 0, samt: 0, csamt: 0 },
        { section: 'b2cs', documents: 2, txval: 195312.5, iamt: 54687.5, camt: 0, samt: 0, csamt: 0 },
        { section: 'cdnr', documents: 1, txval: 2500, iamt: 0, camt: 225, samt: 225, csamt: 0 },
        { section: 'cdnur', documents: 1, txval: 58593.75, iamt: 16406.25, camt: 0, samt: 0, csamt: 0 },
        { section: 'exp', documents: 1, txval: 8350, iamt: 1503, camt: 0, samt: 0, csamt: 0 },
      ],
      reconciliation: { return_tax: 82946.75, books_tax: 82946.75, difference: 0, differences: [] },
    });
  });

  it('lists by source what only the books carry: a manual journal to IGST Output', async () => {
    const accounts = (await org.api.get('/accounts?per_page=200')).body.accounts as Json[];
    const [igst, bank] = ['IGST Output', 'Bank'].map((name) => accounts.find((a) => a.account_name === name)!.account_id);
    const journal = await org.api.post('/journals', { date: '2024-10-05', memo: 'IGST correction', lines: [{ account_id: bank, debit: 50 }, { account_id: igst, credit: 50 }] });
    expect(journal.status, JSON.stringify(journal.body)).toBe(201);
    const res = await org.api.get(`/gst/gstr1/summary?gstin=${SUPPLIER_GSTIN}&period=102024`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gstr1_summary.reconciliation).toEqual({
      return_tax: 0, books_tax: 50, difference: -50,
      differences: [{ source: 'MANUAL', source_id: expect.stringMatching(/^jnl_/), number: null, return_tax: 0, books_tax: 50, difference: -50 }],
    });
    await expectBooksBalanced(org.api);
  });
});

describe('access and input', () => {
  it('needs Svc.gst.READ', async () => {
    const { token } = await t.given.token([org.orgId], { scopes: ['Svc.invoices.READ'] });
    expect((await t.api.withToken(token).get(`/gst/gstr1?${Q2}`)).status).toBe(403);
  });

  it('refuses a bad period (400 on period) and a GSTIN none of the branches carries (404)', async () => {
    for (const period of ['132024', '2024-Q5', '2024-08', '2024-Q0']) {
      const res = await org.api.get(`/gst/gstr1?gstin=${SUPPLIER_GSTIN}&period=${period}`);
      expect(res.status, period).toBe(400);
      expect(res.body.field).toBe('period');
    }
    expect((await org.api.get(`/gst/gstr1?gstin=${OTHER_STATE_GSTIN}&period=082024`)).status).toBe(404);
    await expectBooksBalanced(org.api);
  });
});

describe('the books in hledger', () => {
  sayWhySkipped(!HLEDGER, withoutHledger('GSTR-1 quarter: the books in hledger'));
  it.skipIf(!HLEDGER)("pass hledger check --strict and agree with the trial balance through the quarter's end", async () => {
    await expectHledgerAgrees(org.api, '2024-04-01', '2024-09-30');
  });
});
