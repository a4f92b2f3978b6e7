import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, expectBooksBalanced } from '../support/books';
import { gstCustomer, gstOrg, SUPPLIER_GSTIN } from '../support/gst-documents';
import { readPdf } from '../support/pdf-reader';
import { createCreditNote, createDebitNote, createInvoice, customer, postedBill, taxId, vendor } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Compensation cess, hand-worked, in August 2025 (before it ended on 22 September 2025) for the
 * Karnataka head office (29): a B2B invoice of a motor car (28% + 15% cess) and cigarettes (28% +
 * 5% + ₹2,076 per thousand), a B2C sale of aerated water to Tamil Nadu (28% + 12%), a bill of
 * coal (5% + ₹400 a tonne), and in October a credit note against the August invoice.
 */

let t: TestApp;
let org: OrgFixture;
let gst28: string;
let gst5: string;
let raman: string;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
let sale: Json;
const AUGUST = `gstin=${SUPPLIER_GSTIN}&period=082025`;
const OCTOBER = `gstin=${SUPPLIER_GSTIN}&period=102025`;

const car = () => ({ name: 'Motor car', hsn_or_sac: '87032291', quantity: 1, unit: 'NOS', rate: 500000, tax_id: gst28, cess_rate: 15 });
const cigarettes = () => ({ name: 'Cigarettes', hsn_or_sac: '24022010', quantity: 2, unit: 'THD', rate: 3000, tax_id: gst28, cess_rate: 5, cess_per_unit: 2076 });

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2025-10-10T06:00:00Z'));
  org = await gstOrg(t, { address: { address: '42, 1st Main Road, Koramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' } });
  // A turnover under ₹10 crore: no 30-day reporting window, as the clock stands weeks after the documents.
  expect((await t.admin.put(`/orgs/${org.orgId}/preferences`, { einvoiceReportingWindowDays: null })).status).toBe(200);
  [gst28, gst5] = await Promise.all([taxId(org.api, 28), taxId(org.api, 5)]);
  raman = await gstCustomer(org.api);
  const res = await createInvoice(org.api, { customer_id: raman, date: '2025-08-12', place_of_supply: 'IN-KA', auto_approve: true, line_items: [car(), cigarettes()] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  sale = res.body.invoice;
  const walkIn = await customer(org.api);
  const b2c = await createInvoice(org.api, { customer_id: walkIn, date: '2025-08-20', place_of_supply: 'IN-TN', auto_approve: true, line_items: [
    { name: 'Aerated water', hsn_or_sac: '22021010', quantity: 10, unit: 'BTL', rate: 40, tax_id: gst28, cess_rate: 12 },
  ] });
  expect(b2c.status, JSON.stringify(b2c.body)).toBe(201);
  await postedBill(org.api, await vendor(org.api, { place_of_contact: 'IN-KA' }), 0, { date: '2025-08-18', line_items: [
    { name: 'Steam coal', hsn_or_sac: '2701', quantity: 10, unit: 'MTS', rate: 5000, tax_id: gst5, cess_per_unit: 400 },
  ] });
});
afterAll(async () => { await t.close(); });

describe('an invoice with compensation cess', () => {
  it('adds each line\'s cess (ad valorem + per unit) to its tax and the total', () => {
    // Car: 5,00,000 × 15% = 75,000. Cigarettes: 6,000 × 5% = 300, + 2 × 2,076 = 4,152 → 4,452.
    expect(sale.line_items.map((l: Json) => [l.cess_rate, l.cess_per_unit, l.cess_amount, l.cgst_amount, l.tax_amount])).toEqual([
      [15, 0, 75000, 70000, 215000], // 70,000 + 70,000 + 75,000
      [5, 2076, 4452, 840, 6132], // 840 + 840 + 4,452
    ]);
    // sub 5,06,000; GST 1,41,680 (70,840 × 2); cess 79,452; tax 2,21,132; total 7,27,132.
    expect([sale.sub_total, sale.cgst_total, sale.sgst_total, sale.cess_total, sale.tax_total, sale.total]).toEqual([506000, 70840, 70840, 79452, 221132, 727132]);
  });

  it('names the cess among the taxes on its PDF (CGST Rule 46(j), (k))', async () => {
    const pdf = await fetch(`${t.baseUrl}/api/public/v1/invoices/${sale.invoice_id}/pdf`, { headers: { authorization: `Bearer ${org.token}`, accept: 'application/pdf' } });
    expect(pdf.status).toBe(200);
    const text = (await readPdf(new Uint8Array(await pdf.arrayBuffer()))).text.replace(/\s+/g, ' ');
    expect(text).toContain('Compensation cess ₹79,452.00');
  });

  it('is refused on a supply dated on or after 22 September 2025, naming the day; tobacco keeps it until 1 February 2026', async () => {
    const late = await createInvoice(org.api, { customer_id: raman, date: '2025-09-22', place_of_supply: 'IN-KA', line_items: [car()] });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[0].cess_rate', details: { cess_ended_on: '2025-09-22' } });
    expect(late.body.message).toContain('2025-09-22');
    const tobacco = await createInvoice(org.api, { customer_id: raman, date: '2025-10-01', place_of_supply: 'IN-KA', line_items: [cigarettes()] });
    expect(tobacco.status, JSON.stringify(tobacco.body)).toBe(201);
    const perUnitOnly = { ...cigarettes(), cess_rate: 0 };
    const after = await createInvoice(org.api, { customer_id: raman, date: '2026-02-01', place_of_supply: 'IN-KA', line_items: [perUnitOnly] });
    expect(after.status).toBe(400);
    expect(after.body).toMatchObject({ field: 'line_items[0].cess_per_unit', details: { cess_ended_on: '2026-02-01' } });
  });
});

describe('a credit note against an invoice dated before the end', () => {
  it('credits the invoice line\'s cess in proportion, after the end, and a free-form note with cess is refused', async () => {
    const [carLine, cigaretteLine] = sale.line_items;
    const res = await createCreditNote(org.api, { customer_id: raman, invoice_id: sale.invoice_id, date: '2025-10-05', line_items: [
      { invoice_line_item_id: cigaretteLine.line_item_id, quantity: 1 },
      { invoice_line_item_id: carLine.line_item_id, amount: 10000 },
    ] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const note = res.body.credit_note;
    // 1 of 2 thousand cigarettes: 3,000 × 5% = 150 + 2,076 = 2,226. A price revision of 10,000 on the car: 15% = 1,500, no goods so no per-unit part.
    expect(note.line_items.map((l: Json) => l.cess_amount)).toEqual([2226, 1500]);
    // sub 13,000; CGST = SGST = 420 + 1,400 = 1,820; cess 3,726; total 13,000 + 3,640 + 3,726 = 20,366.
    expect([note.sub_total, note.cgst_total, note.cess_total, note.total]).toEqual([13000, 1820, 3726, 20366]);

    const freeForm = await createCreditNote(org.api, { customer_id: raman, date: '2025-10-05', line_items: [car()] });
    expect(freeForm.status).toBe(400);
    expect(freeForm.body).toMatchObject({ field: 'line_items[0].cess_rate', details: { cess_ended_on: '2025-09-22' } });
    const otherRate = await createCreditNote(org.api, { customer_id: raman, invoice_id: sale.invoice_id, date: '2025-10-05', line_items: [
      { invoice_line_item_id: carLine.line_item_id, amount: 100, cess_rate: 20 },
    ] });
    expect(otherRate.status).toBe(400);
    expect(otherRate.body.field).toBe('line_items[0].cess_rate');

    const october = await org.api.get(`/gst/gstr1?${OCTOBER}`);
    expect(october.status, JSON.stringify(october.body)).toBe(200);
    // Both lines at 28%: txval 13,000, CGST = SGST 1,820, cess 3,726.
    expect(october.body.gstr1.cdnr[0].nt[0].itms).toEqual([{ num: 1, itm_det: { rt: 28, txval: 13000, iamt: 0, camt: 1820, samt: 1820, csamt: 3726 } }]);
  });
});

describe('csamt in the returns', () => {
  it('GSTR-1 carries the cess in b2b, b2cs and the HSN table, and agrees with Output Cess', async () => {
    const res = await org.api.get(`/gst/gstr1?${AUGUST}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const gstr1 = res.body.gstr1;
    expect(gstr1.b2b[0].inv[0].itms).toEqual([{ num: 1, itm_det: { rt: 28, txval: 506000, iamt: 0, camt: 70840, samt: 70840, csamt: 79452 } }]);
    // 10 × 40 = 400 to Tamil Nadu: IGST 28% 112, cess 12% 48.
    expect(gstr1.b2cs).toEqual([{ sply_ty: 'INTER', pos: '33', typ: 'OE', rt: 28, txval: 400, iamt: 112, camt: 0, samt: 0, csamt: 48 }]);
    expect(gstr1.hsn.hsn_b2b.map((r: Json) => [r.hsn_sc, r.csamt])).toEqual([['24022010', 4452], ['87032291', 75000]]);
    expect(gstr1.hsn.hsn_b2c.map((r: Json) => [r.hsn_sc, r.csamt])).toEqual([['22021010', 48]]);

    const summary = await org.api.get(`/gst/gstr1/summary?${AUGUST}`);
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    // Returned tax: 1,41,680 + 79,452 + 112 + 48 = 2,21,292, what the GST and cess output ledgers hold.
    expect(summary.body.gstr1_summary.reconciliation).toMatchObject({ return_tax: 221292, books_tax: 221292, difference: 0 });
  });

  it('GSTR-3B carries output cess in 3.1(a) and the cess credit in 4(A)(5) and 4(C)', async () => {
    const res = await org.api.get(`/gst/gstr3b?${AUGUST}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.gstr3b;
    // 5,06,000 + 400; IGST 112; CGST = SGST 70,840; cess 79,452 + 48 = 79,500.
    expect(r.sup_details.osup_det).toEqual({ txval: 506400, iamt: 112, camt: 70840, samt: 70840, csamt: 79500 });
    // Coal: 10 × 5,000 = 50,000; CGST = SGST 2.5% = 1,250; cess 10 × 400 = 4,000.
    expect(r.itc_elg.itc_avl.find((x: Json) => x.ty === 'OTH')).toEqual({ ty: 'OTH', iamt: 0, camt: 1250, samt: 1250, csamt: 4000 });
    expect(r.itc_elg.itc_net).toEqual({ iamt: 0, camt: 1250, samt: 1250, csamt: 4000 });
  });
});

describe('cess in the e-invoice and the e-way bill', () => {
  it('writes CesRt, CesAmt and CesNonAdvlAmt per item and CesVal in ValDtls', async () => {
    const res = await org.api.get(`/invoices/${sale.invoice_id}/einvoice`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const e = res.body.einvoice;
    expect(e.ItemList.map((i: Json) => [i.CesRt, i.CesAmt, i.CesNonAdvlAmt, i.TotItemVal])).toEqual([
      [15, 75000, 0, 715000], // 5,00,000 + 70,000 × 2 + 75,000
      [5, 300, 4152, 12132], // 6,000 + 840 × 2 + 300 + 4,152
    ]);
    expect([e.ValDtls.CesVal, e.ValDtls.TotInvVal]).toEqual([79452, 727132]);
  });

  it('writes cessValue and cessNonAdvolValue, and each item\'s cess rate and amount per unit', async () => {
    const res = await org.api.get(`/invoices/${sale.invoice_id}/ewaybill?transport_mode=road&distance_km=40&vehicle_no=KA01AB1234`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const w = res.body.ewaybill;
    // Ad valorem 75,000 + 300; per unit 4,152; total 7,27,132.
    expect([w.cessValue, w.cessNonAdvolValue, w.totInvValue]).toEqual([75300, 4152, 727132]);
    expect(w.itemList.map((i: Json) => [i.cessRate, i.cessNonadvol])).toEqual([[15, 0], [5, 2076]]);
  });
});

describe('the cess ledgers', () => {
  it('hold the output cess less the note, and the input cess of the bill; the books balance', async () => {
    // Output: 79,452 + 48 − 3,726 = 75,774 (credit). Input: 4,000 (debit).
    expect(await accountBalance(org.api, 'Output Cess')).toBe(-75774);
    expect(await accountBalance(org.api, 'Input Cess')).toBe(4000);
    await expectBooksBalanced(org.api);
  });
});

describe('a debit note to the customer against the same invoice', () => {
  it('charges the invoice line\'s cess in proportion as a credit note credits it, and posts it to Output Cess', async () => {
    const res = await createDebitNote(org.api, { vendor_id: raman, invoice_id: sale.invoice_id, date: '2025-10-06', line_items: [
      { invoice_line_item_id: sale.line_items[0].line_item_id, amount: 10000 },
    ] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const note = res.body.debit_note;
    // 10,000 more on the car: 14% CGST and SGST = 1,400 each, 15% cess = 1,500; total 14,300.
    expect(note.line_items.map((l: Json) => l.cess_amount)).toEqual([1500]);
    expect([note.sub_total, note.cgst_total, note.cess_total, note.total]).toEqual([10000, 1400, 1500, 14300]);
    // Output Cess: 75,774 before, + 1,500.
    expect(await accountBalance(org.api, 'Output Cess')).toBe(-77274);
    const gstr1 = (await org.api.get(`/gst/gstr1?${OCTOBER}`)).body.gstr1;
    const nt = gstr1.cdnr.flatMap((r: Json) => r.nt).find((n: Json) => n.nt_num === note.debit_note_number);
    expect(nt).toMatchObject({ ntty: 'D', rchrg: 'N', val: 14300, itms: [{ itm_det: { txval: 10000, camt: 1400, samt: 1400, csamt: 1500 } }] });
    await expectBooksBalanced(org.api);
  });
});
