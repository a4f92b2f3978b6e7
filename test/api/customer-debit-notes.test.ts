import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { gstCustomer, gstOrg, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createDebitNote, createInvoice, customer, postedBill, taxId, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Debit notes to customers (CGST s.34(3)) in a hand-worked June 2026 for the Karnataka head office
 * (29): one raising a B2B invoice (cdnr), one raising a walk-in's invoice (netted into b2cs), one
 * raising an export (cdnur EXPWP), one voided; and a debit note to a vendor beside them.
 */

let t: TestApp;
let org: OrgFixture;
const JUNE = `gstin=${SUPPLIER_GSTIN}&period=062026`;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const notes = {} as Record<'b2b' | 'b2c' | 'exported' | 'voided', Json>;
let raman: string;
let vendorNote: Json;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-25T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  const gst18 = await taxId(api, 18);
  const invoice = async (body: Json) => {
    const res = await createInvoice(api, { date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.invoice;
  };
  const raise = async (inv: Json, amount: number, date = '2026-06-20') => {
    const res = await createDebitNote(api, { vendor_id: inv.customer_id, invoice_id: inv.invoice_id, date, line_items: [{ invoice_line_item_id: inv.line_items[0].line_item_id, amount }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.debit_note;
  };
  raman = await gstCustomer(api);
  const walkIn = await customer(api);
  const acme = await customer(api, { contact_name: 'Acme Inc.', gst_treatment: 'OVERSEAS', billing_address: { address: '500 Market Street', city: 'San Francisco', zip: '94105', country: 'US' } });
  const b2b = await invoice({ customer_id: raman, line_items: [{ name: 'Laptop', hsn_or_sac: '84713010', quantity: 2, rate: 5000, tax_id: gst18 }] });
  const b2c = await invoice({ customer_id: walkIn, line_items: [{ name: 'Chair', hsn_or_sac: '9401', quantity: 1, rate: 2000, tax_id: gst18 }] });
  const exported = await invoice({ customer_id: acme, place_of_supply: 'IN-96', line_items: [{ name: 'Keyboard', hsn_or_sac: '84716060', quantity: 1, rate: 1000, tax_id: gst18 }] });
  notes.b2b = await raise(b2b, 1000);
  notes.b2c = await raise(b2c, 500);
  notes.exported = await raise(exported, 100);
  notes.voided = await raise(b2b, 200);
  expect((await api.post(`/debit_notes/${notes.voided.debit_note_id}/void`)).status).toBe(200);

  const steel = await postedBill(api, await vendor(api, { place_of_contact: 'IN-KA' }), 0, { line_items: [{ name: 'Steel', rate: 1000, tax_id: gst18 }] });
  const res = await createDebitNote(api, { vendor_id: steel.vendor_id, bill_id: steel.bill_id, date: '2026-06-12', line_items: [{ bill_line_item_id: steel.line_items[0].line_item_id, amount: 100 }] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  vendorNote = res.body.debit_note;
});
afterAll(async () => { await t.close(); });

describe('a debit note to a customer (POST /debit_notes with invoice_id)', () => {
  it('is numbered from the debit note series, a receivable of its own: Dr the receivable, Cr Sales and output tax', async () => {
    expect(notes.b2b).toMatchObject({
      debit_note_number: 'DN-26-27-00001', type: 'customer', vendor_id: raman, invoice_id: expect.stringMatching(/^inv_/), bill_id: null,
      status: 'ISSUED', place_of_supply: 'IN-KA',
      // ₹1,000 more on the laptops: 9% CGST and SGST of 1,000 = 90 each.
      sub_total: 1000, cgst_total: 90, sgst_total: 90, igst_total: 0, total: 1180, applied_amount: 0, balance_amount: 1180, applications: [],
    });
    expect([notes.b2c.debit_note_number, notes.exported.debit_note_number, notes.voided.debit_note_number]).toEqual(['DN-26-27-00002', 'DN-26-27-00003', 'DN-26-27-00004']);
    // The vendor's keeps its own counter.
    expect(vendorNote).toMatchObject({ type: 'vendor', debit_note_number: expect.stringMatching(/^DN-\d{6}$/), status: 'APPLIED' });
    const names = new Map((await org.api.get('/accounts?per_page=200')).body.accounts.map((a: Json) => [a.account_id, a.account_name]));
    const [journal] = (await org.api.get(`/journals?source=DEBIT_NOTE&source_id=${notes.b2b.debit_note_id}`)).body.journals;
    expect(journal.lines.map((l: Json) => [names.get(l.account_id), l.debit, l.credit])).toEqual([
      ['Sales', 0, 1000], ['CGST Output', 0, 90], ['SGST Output', 0, 90], ['Accounts Receivable', 1180, 0],
    ]);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });

  it('is open in the receivables ageing from the day raised, so the ageing totals Accounts Receivable', async () => {
    const ageing = (await org.api.get('/reports/receivables_ageing?date=2026-06-25&detail=documents')).body.receivables_ageing;
    // By customer: the notes raised 100 + 18 (IGST), 500 + 90 and 1,000 + 180; the voided one is gone.
    expect(ageing.documents.filter((d: Json) => d.document_type === 'DEBIT_NOTE').map((d: Json) => [d.document_number, d.due_date, d.outstanding]))
      .toEqual([['DN-26-27-00003', '2026-06-20', 118], ['DN-26-27-00002', '2026-06-20', 590], ['DN-26-27-00001', '2026-06-20', 1180]]);
    // Invoices 11,800 + 2,360 + 1,180 (the export with IGST) and the notes 1,888: 17,228, all still owed.
    expect(ageing.total.outstanding).toBe(17228);
    const tb = (await org.api.get('/reports/trial_balance?date=2026-06-25')).body.trial_balance;
    expect(tb.accounts.find((a: Json) => a.account_name === 'Accounts Receivable')).toMatchObject({ balance: 17228, balance_side: 'DEBIT' });
  });

  it('lists by type', async () => {
    const customers = (await org.api.get('/debit_notes?type=customer')).body.debit_notes.map((n: Json) => n.debit_note_number);
    expect(customers).toEqual(['DN-26-27-00004', 'DN-26-27-00003', 'DN-26-27-00002', 'DN-26-27-00001']);
    expect((await org.api.get('/debit_notes?type=vendor')).body.debit_notes.map((n: Json) => n.debit_note_id)).toEqual([vendorNote.debit_note_id]);
  });

  it('is not applied to a bill, nor raised with both parents', async () => {
    const applied = await org.api.post(`/debit_notes/${notes.b2b.debit_note_id}/apply-to-bill`, { bill_id: vendorNote.bill_id, amount: 1 }, { idempotencyKey: newKey() });
    expect(applied).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'bill_id' } });
    const both = await createDebitNote(org.api, { vendor_id: raman, invoice_id: notes.b2b.invoice_id, bill_id: vendorNote.bill_id, date: '2026-06-20', line_items: [{ name: 'x', rate: 1 }] });
    expect(both).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'bill_id' } });
  });
});

describe("June 2026's returns", () => {
  it('GSTR-1: cdnr and cdnur with ntty D, b2cs raised, Table 13 kind 4, and no difference with the books', async () => {
    const res = await org.api.get(`/gst/gstr1?${JUNE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { cdnr, cdnur, b2cs, doc_issue } = res.body.gstr1;
    expect(cdnr).toEqual([{ ctin: '29AAACR5055K1Z3', nt: [{
      ntty: 'D', nt_num: 'DN-26-27-00001', nt_dt: '20-06-2026', val: 1180, pos: '29', rchrg: 'N', inv_typ: 'R',
      itms: [{ num: 1, itm_det: { rt: 18, txval: 1000, iamt: 0, camt: 90, samt: 90, csamt: 0 } }],
    }] }]);
    // 18% IGST of 100 = 18; an export's note names no place of supply.
    expect(cdnur).toEqual([{ typ: 'EXPWP', ntty: 'D', nt_num: 'DN-26-27-00003', nt_dt: '20-06-2026', val: 118, itms: [{ num: 1, itm_det: { rt: 18, txval: 100, iamt: 18, csamt: 0 } }] }]);
    // The chair's 2,000 and the note's 500 added: 2,500, with 9% of it (225) each of CGST and SGST.
    expect(b2cs).toEqual([{ sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 18, txval: 2500, iamt: 0, camt: 225, samt: 225, csamt: 0 }]);
    expect(doc_issue.doc_det).toContainEqual({
      doc_num: 4, doc_typ: 'Debit Note',
      docs: [{ num: 1, from: 'DN-26-27-00001', to: 'DN-26-27-00004', totnum: 4, cancel: 1, net_issue: 3 }],
    });
    const summary = await org.api.get(`/gst/gstr1/summary?${JUNE}`);
    expect(summary.body.gstr1_summary.reconciliation).toMatchObject({ difference: 0, differences: [] });
  });

  it('GSTR-3B: the notes add to 3.1(a) and, on the export, 3.1(b); the vendor\'s lowers input tax only', async () => {
    const res = await org.api.get(`/gst/gstr3b?${JUNE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { sup_details, itc_elg } = res.body.gstr3b;
    // Laptops 10,000 + chair 2,000 + notes 1,000 + 500 = 13,500; CGST 900 + 180 + 90 + 45 = 1,215, SGST the same.
    expect(sup_details.osup_det).toEqual({ txval: 13500, iamt: 0, camt: 1215, samt: 1215, csamt: 0 });
    // Keyboard 1,000 + note 100 = 1,100; IGST 180 + 18 = 198.
    expect(sup_details.osup_zero).toEqual({ txval: 1100, iamt: 198, camt: 0, samt: 0, csamt: 0 });
    // Steel's 90 CGST and SGST less the vendor's note's 9 each.
    expect(itc_elg.itc_avl.find((r: Json) => r.ty === 'OTH')).toEqual({ ty: 'OTH', iamt: 0, camt: 81, samt: 81, csamt: 0 });
  });
});
