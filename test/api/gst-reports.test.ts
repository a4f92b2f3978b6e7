import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { gstCustomer, gstOrg, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createCreditNote, createInvoice, customer, taxId } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * GSTR-1's HSN summary and documents-issued tables of a hand-worked June 2026 for one GSTIN:
 * two B2B invoices and an inter-state one on the same HSN and rate (one row), a service line
 * (NA, quantity 0), a B2C invoice, a USD export (in INR), a credit note, a voided invoice and a draft.
 */

let t: TestApp;
let org: OrgFixture;
const JUNE = `gstin=${SUPPLIER_GSTIN}&from_date=2026-06-01&to_date=2026-06-30`;
const numbers: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-25T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  const [gst18, gst5] = await Promise.all([taxId(api, 18), taxId(api, 5)]);
  const laptops = (quantity: number) => ({ name: 'Laptop', hsn_or_sac: '84713010', quantity, unit: 'nos', rate: 1000, tax_id: gst18 });
  const invoice = async (name: string, body: Record<string, unknown>) => {
    const res = await createInvoice(api, { date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    numbers[name] = res.body.invoice.invoice_number;
    return res.body.invoice;
  };
  const raman = await gstCustomer(api);
  const udyog = await gstCustomer(api, { contact_name: 'Udyog Supplies', gst_no: OTHER_STATE_GSTIN, billing_address: { address: 'Plot 7, MIDC Bhosari', city: 'Pune', state_code: 'IN-MH', zip: '411026', country: 'India' } });
  const walkIn = await customer(api);
  const acme = await customer(api, { contact_name: 'Acme Inc.', gst_treatment: 'OVERSEAS', currency_code: 'USD', billing_address: { address: '500 Market Street', city: 'San Francisco', zip: '94105', country: 'US' } });

  await invoice('a', { customer_id: raman, line_items: [laptops(2)] });
  const b = await invoice('b', { customer_id: raman, line_items: [laptops(3), { name: 'Installation service', hsn_or_sac: '998713', quantity: 2, unit: 'hrs', rate: 500, tax_id: gst18 }] });
  await invoice('c', { customer_id: udyog, place_of_supply: 'IN-MH', line_items: [laptops(1)] });
  await invoice('d', { customer_id: walkIn, line_items: [{ name: 'Printed user manuals', hsn_or_sac: '4901', quantity: 10, unit: 'nos', rate: 150, tax_id: gst5 }] });
  await invoice('export', { customer_id: acme, place_of_supply: 'IN-96', export_type: 'WPAY', currency_code: 'USD', exchange_rate: 83.5,
    line_items: [{ name: 'Keyboard', hsn_or_sac: '84716060', quantity: 1, unit: 'NOS', rate: 100, tax_id: gst18 }] });
  const voided = await invoice('void', { customer_id: walkIn, line_items: [{ name: 'Printed user manuals', hsn_or_sac: '4901', quantity: 1, unit: 'nos', rate: 100, tax_id: gst5 }] });
  expect((await api.post(`/invoices/${voided.invoice_id}/void`, {})).status).toBe(200);
  const draft = await createInvoice(api, { customer_id: walkIn, date: '2026-06-11', place_of_supply: 'IN-KA', line_items: [laptops(9)] });
  expect(draft.status).toBe(201);
  numbers.draft = draft.body.invoice.invoice_number;

  const note = await createCreditNote(api, { customer_id: raman, invoice_id: b.invoice_id, date: '2026-06-20', line_items: [{ invoice_line_item_id: b.line_items[0].line_item_id, quantity: 1 }] });
  expect(note.status, JSON.stringify(note.body)).toBe(201);
  numbers.note = note.body.credit_note.credit_note_number;
});
afterAll(async () => { await t.close(); });

const HSN_B2B = [
  // 2 + 3 + 1 laptops at ₹1,000 less the one credited: 5, ₹5,000; CGST/SGST 9% on ₹4,000 net (6,000 − 1,000 inter-state − 1,000 credited) = ₹360 each; IGST 18% on ₹1,000 = ₹180.
  { num: 1, hsn_sc: '84713010', desc: 'Laptop', uqc: 'NOS', qty: 5, rt: 18, txval: 5000, iamt: 180, camt: 360, samt: 360, csamt: 0 },
  // 2 hours at ₹500, a service: NA, quantity 0; 9% of ₹1,000 = ₹90 each.
  { num: 2, hsn_sc: '998713', desc: 'Installation service', uqc: 'NA', qty: 0, rt: 18, txval: 1000, iamt: 0, camt: 90, samt: 90, csamt: 0 },
];
const HSN_B2C = [
  // 10 × ₹150 = ₹1,500; 2.5% = ₹37.50 each (the voided ₹100 manual is not here).
  { num: 1, hsn_sc: '4901', desc: 'Printed user manuals', uqc: 'NOS', qty: 10, rt: 5, txval: 1500, iamt: 0, camt: 37.5, samt: 37.5, csamt: 0 },
  // USD 100 × 83.5 = ₹8,350; IGST USD 18 × 83.5 = ₹1,503.
  { num: 2, hsn_sc: '84716060', desc: 'Keyboard', uqc: 'NOS', qty: 1, rt: 18, txval: 8350, iamt: 1503, camt: 0, samt: 0, csamt: 0 },
];

describe('GET /reports/hsn_summary', () => {
  it('sums by HSN, unit and rate, B2B and B2C apart, less credit notes, without voids and drafts, in INR', async () => {
    const res = await org.api.get(`/reports/hsn_summary?${JUNE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.hsn_summary).toEqual({
      gstin: SUPPLIER_GSTIN, from_date: '2026-06-01', to_date: '2026-06-30',
      hsn_b2b: { data: HSN_B2B, totals: { txval: 6000, iamt: 180, camt: 450, samt: 450, csamt: 0 } },
      hsn_b2c: { data: HSN_B2C, totals: { txval: 9850, iamt: 1503, camt: 37.5, samt: 37.5, csamt: 0 } },
    });
    await expectBooksBalanced(org.api);
  });

  it('answers the same rows as CSV with format=csv', async () => {
    const res = await org.api.get(`/reports/hsn_summary?${JUNE}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe([
      'section,num,hsn_sc,desc,uqc,qty,rt,txval,iamt,camt,samt,csamt',
      'hsn_b2b,1,84713010,Laptop,NOS,5,18,5000,180,360,360,0',
      'hsn_b2b,2,998713,Installation service,NA,0,18,1000,0,90,90,0',
      'hsn_b2c,1,4901,Printed user manuals,NOS,10,5,1500,0,37.5,37.5,0',
      'hsn_b2c,2,84716060,Keyboard,NOS,1,18,8350,1503,0,0,0',
      '',
    ].join('\r\n'));
  });

  it('leaves out documents dated outside the range', async () => {
    const res = await org.api.get(`/reports/hsn_summary?gstin=${SUPPLIER_GSTIN}&from_date=2026-07-01&to_date=2026-07-31`);
    expect(res.status).toBe(200);
    const empty = { data: [], totals: { txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 } };
    expect(res.body.hsn_summary).toEqual({ gstin: SUPPLIER_GSTIN, from_date: '2026-07-01', to_date: '2026-07-31', hsn_b2b: empty, hsn_b2c: empty });
  });
});

describe('GET /reports/documents_issued', () => {
  it('counts issued invoices per series with the voided one cancelled, the draft not issued, and credit notes as kind 5', async () => {
    const res = await org.api.get(`/reports/documents_issued?${JUNE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(numbers).toEqual({ a: 'INV-26-27-00001', b: 'INV-26-27-00002', c: 'INV-26-27-00003', d: 'INV-26-27-00004', export: 'INV-26-27-00005', void: 'INV-26-27-00006', draft: 'INV-26-27-00007', note: 'CN-26-27-00001' });
    expect(res.body.documents_issued).toEqual({
      gstin: SUPPLIER_GSTIN, from_date: '2026-06-01', to_date: '2026-06-30',
      doc_det: [
        { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: [{ num: 1, series: 'INV-#-#-#', from: 'INV-26-27-00001', to: 'INV-26-27-00006', totnum: 6, cancel: 1, net_issue: 5 }] },
        { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, series: 'CN-#-#-#', from: 'CN-26-27-00001', to: 'CN-26-27-00001', totnum: 1, cancel: 0, net_issue: 1 }] },
      ],
    });
    const csv = await org.api.get(`/reports/documents_issued?${JUNE}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe([
      'doc_num,doc_typ,num,series,from,to,totnum,cancel,net_issue',
      '1,Invoices for outward supply,1,INV-#-#-#,INV-26-27-00001,INV-26-27-00006,6,1,5',
      '5,Credit Note,1,CN-#-#-#,CN-26-27-00001,CN-26-27-00001,1,0,1',
      '',
    ].join('\r\n'));
  });
});

describe('access and input', () => {
  it('needs Svc.gst.READ', async () => {
    const { token } = await t.given.token([org.orgId], { scopes: ['Svc.invoices.READ'] });
    for (const report of ['hsn_summary', 'documents_issued']) {
      expect((await t.api.withToken(token).get(`/reports/${report}?${JUNE}`)).status).toBe(403);
    }
  });

  it('refuses bad dates and a range that ends before it starts (400), and a GSTIN not of the organisation (404)', async () => {
    for (const report of ['hsn_summary', 'documents_issued']) {
      expect((await org.api.get(`/reports/${report}?gstin=${SUPPLIER_GSTIN}&from_date=2026-13-01&to_date=2026-06-30`)).status).toBe(400);
      expect((await org.api.get(`/reports/${report}?gstin=${SUPPLIER_GSTIN}&to_date=2026-06-30`)).status).toBe(400);
      const reversed = await org.api.get(`/reports/${report}?gstin=${SUPPLIER_GSTIN}&from_date=2026-06-30&to_date=2026-06-01`);
      expect(reversed.status).toBe(400);
      expect(reversed.body).toMatchObject({ code: 'validation.invalid_value', field: 'to_date' });
      expect((await org.api.get(`/reports/${report}?gstin=${OTHER_STATE_GSTIN}&from_date=2026-06-01&to_date=2026-06-30`)).status).toBe(404);
    }
    await expectBooksBalanced(org.api);
  });
});
