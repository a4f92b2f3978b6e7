import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import { gstOrg, gstVendor, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { readPdf } from '../support/pdf-reader';
import { createCreditNote, createDebitNote, createInvoice, customer, postedBill, taxId } from '../support/sales';
import { newKey, PUBLIC, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * A document keeps its party as it was when issued (docs/decisions.md, "The party as it was"):
 * invoices, notes, bills and expenses are issued to a registered customer and from a vendor,
 * then both contacts are corrected (GSTIN, legal name, address). The documents, GSTR-1, GSTR-3B,
 * the e-invoice, the e-way bill and the PDFs still show the party as it was; a draft takes the
 * contact afresh on every edit and on approval, and keeps it from then on.
 */

type Json = Record<string, any>;
let t: TestApp;
let org: OrgFixture;
let customerId: string;
let vendorId: string;
const docs: Json = {};

const HEAD_OFFICE = { address: '42, 1st Main Road\nKoramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' };
const PUNE = { address: 'Plot 7, MIDC Bhosari', city: 'Pune', state_code: 'IN-MH', zip: '411026', country: 'India' };
const THANE = { address: 'Unit 4, Wagle Estate', city: 'Thane', state_code: 'IN-MH', zip: '400604', country: 'India' };
/** The customer and the vendor as the documents were issued to and from them. */
const CUSTOMER_AS_ISSUED = {
  gstin: OTHER_STATE_GSTIN, legal_name: 'Udyog Supplies LLP', billing_address: PUNE, shipping_address: THANE, state_code: 'IN-MH', gst_treatment: 'REGISTERED',
};
const VENDOR_AS_ISSUED = { gstin: OTHER_STATE_GSTIN, legal_name: 'Deccan Steel Pvt. Ltd.', billing_address: PUNE, shipping_address: null, state_code: 'IN-MH', gst_treatment: 'REGISTERED' };

const okBody = (res: { status: number; body: Json }, status = 200) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};

async function pdfText(path: string): Promise<string> {
  const res = await fetch(`${t.baseUrl}${PUBLIC}${path}`, { headers: { authorization: `Bearer ${org.token}`, accept: 'application/pdf' } });
  expect(res.status).toBe(200);
  return (await readPdf(Buffer.from(await res.arrayBuffer()))).text.replace(/\s+/g, ' ');
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await gstOrg(t, { name: 'Karnataka Traders Pvt. Ltd.', address: HEAD_OFFICE });
  const api = org.api;
  const gst18 = await taxId(api, 18);
  customerId = await customer(api, {
    contact_name: 'Udyog Supplies', legal_name: 'Udyog Supplies LLP', gst_no: OTHER_STATE_GSTIN, billing_address: PUNE, shipping_address: THANE,
  });
  vendorId = await gstVendor(api, { contact_name: 'Deccan Steel', legal_name: 'Deccan Steel Pvt. Ltd.' });
  const laptops = (quantity: number) => ({ name: 'Laptop', hsn_or_sac: '84713010', quantity, unit: 'nos', rate: 2000, tax_id: gst18 });

  const invoice = await createInvoice(api, { customer_id: customerId, date: '2026-06-10', place_of_supply: 'IN-MH', auto_approve: true, line_items: [laptops(30)] });
  docs.invoice = okBody(invoice, 201).invoice;
  docs.creditNote = okBody(await createCreditNote(api, {
    customer_id: customerId, invoice_id: docs.invoice.invoice_id, date: '2026-06-12',
    line_items: [{ invoice_line_item_id: docs.invoice.line_items[0].line_item_id, quantity: 1 }],
  }), 201).credit_note;
  docs.bill = await postedBill(api, vendorId, 6000, { line_items: [{ name: 'Steel racks', hsn_or_sac: '9403', quantity: 10, unit: 'pcs', rate: 6000, tax_id: gst18 }] });
  docs.debitNote = okBody(await createDebitNote(api, {
    vendor_id: vendorId, bill_id: docs.bill.bill_id, date: '2026-06-12', line_items: [{ bill_line_item_id: docs.bill.line_items[0].line_item_id, quantity: 1 }],
  }), 201).debit_note;
  docs.expense = okBody(await api.post('/expenses', {
    date: '2026-06-11', vendor_id: vendorId, paid_through_account_id: await accountId(api, 'Bank'), account_id: await accountId(api, 'General Expenses'), amount: 500,
  }, { idempotencyKey: newKey() }), 201).expense;
  docs.draftInvoice = okBody(await createInvoice(api, { customer_id: customerId, date: '2026-06-14', place_of_supply: 'IN-MH', line_items: [laptops(1)] }), 201).invoice;
  docs.draftBill = okBody(await api.post('/bills', {
    vendor_id: vendorId, date: '2026-06-14', place_of_supply: 'IN-KA', reference_number: 'DS-77', line_items: [{ name: 'Bolts', hsn_or_sac: '7318', quantity: 1, unit: 'pcs', rate: 100, tax_id: gst18 }],
  }, { idempotencyKey: newKey() }), 201).bill;

  // The corrections: the customer loses its GSTIN and moves; the vendor is another registration elsewhere.
  okBody(await api.put(`/contacts/${customerId}`, {
    legal_name: 'Renamed Holdings LLP', gst_no: null, gst_treatment: 'UNREGISTERED', billing_address: { address: '1 New Road', city: 'Nagpur', zip: '440001' },
  }));
  okBody(await api.put(`/contacts/${vendorId}`, {
    legal_name: 'Gujarat Steel Ltd.', gst_no: '24AAPFU0939F1Z1', billing_address: { address: 'GIDC Estate', city: 'Vapi', state_code: 'IN-GJ', zip: '396195' },
  }));
});
afterAll(async () => { await t.close(); });

describe('an issued document keeps its party as it was', () => {
  it('shows the party it was issued to or from, whatever the contact says now', async () => {
    const api = org.api;
    expect(okBody(await api.get(`/invoices/${docs.invoice.invoice_id}`)).invoice.party).toEqual(CUSTOMER_AS_ISSUED);
    expect(okBody(await api.get(`/credit_notes/${docs.creditNote.credit_note_id}`)).credit_note.party).toEqual(CUSTOMER_AS_ISSUED);
    expect(okBody(await api.get(`/bills/${docs.bill.bill_id}`)).bill.party).toEqual(VENDOR_AS_ISSUED);
    expect(okBody(await api.get(`/debit_notes/${docs.debitNote.debit_note_id}`)).debit_note.party).toEqual(VENDOR_AS_ISSUED);
    expect(okBody(await api.get(`/expenses/${docs.expense.expense_id}`)).expense.party).toEqual(VENDOR_AS_ISSUED);
    // The create answered the same copy.
    expect(docs.invoice.party).toEqual(CUSTOMER_AS_ISSUED);
    expect(docs.debitNote.party).toEqual(VENDOR_AS_ISSUED);
  });

  it('GSTR-1 files the invoice and the note to the GSTIN they were issued to (b2b, cdnr), and its HSN summary as B2B', async () => {
    const r = okBody(await org.api.get(`/gst/gstr1?gstin=${SUPPLIER_GSTIN}&period=062026`)).gstr1;
    // 30 laptops at ₹2,000 to Maharashtra: ₹60,000 + IGST 18% ₹10,800.
    expect(r.b2b).toEqual([{ ctin: OTHER_STATE_GSTIN, inv: [{
      inum: docs.invoice.invoice_number, idt: '10-06-2026', val: 70800, pos: '27', rchrg: 'N', inv_typ: 'R',
      itms: [{ num: 1, itm_det: { rt: 18, txval: 60000, iamt: 10800, camt: 0, samt: 0, csamt: 0 } }],
    }] }]);
    // One laptop back: ₹2,000 + ₹360.
    expect(r.cdnr).toEqual([{ ctin: OTHER_STATE_GSTIN, nt: [{
      ntty: 'C', nt_num: docs.creditNote.credit_note_number, nt_dt: '12-06-2026', val: 2360, pos: '27', rchrg: 'N', inv_typ: 'R',
      itms: [{ num: 1, itm_det: { rt: 18, txval: 2000, iamt: 360, camt: 0, samt: 0, csamt: 0 } }],
    }] }]);
    expect(r.b2cs).toEqual([]);
    // 30 − 1 laptops: ₹58,000, IGST ₹10,440.
    expect(r.hsn).toEqual({
      hsn_b2b: [{ num: 1, hsn_sc: '84713010', desc: 'Laptop', uqc: 'NOS', qty: 29, rt: 18, txval: 58000, iamt: 10440, camt: 0, samt: 0, csamt: 0 }],
      hsn_b2c: [],
    });
  });

  it('GSTR-3B counts the supply as made to a registered person: nothing in 3.2 for unregistered persons', async () => {
    const r = okBody(await org.api.get(`/gst/gstr3b?gstin=${SUPPLIER_GSTIN}&period=062026`)).gstr3b;
    expect(r.sup_details.osup_det).toEqual({ txval: 58000, iamt: 10440, camt: 0, samt: 0, csamt: 0 });
    expect(r.inter_sup.unreg_details).toEqual([]);
  });

  it('the e-invoices of the invoice and the note name the buyer as it was', async () => {
    const buyer = { Gstin: OTHER_STATE_GSTIN, LglNm: 'Udyog Supplies LLP', TrdNm: 'Udyog Supplies', Addr1: 'Plot 7, MIDC Bhosari', Addr2: null, Loc: 'Pune', Pin: 411026, Stcd: '27', Pos: '27' };
    expect(okBody(await org.api.get(`/invoices/${docs.invoice.invoice_id}/einvoice`)).einvoice.BuyerDtls).toEqual(buyer);
    expect(okBody(await org.api.get(`/credit_notes/${docs.creditNote.credit_note_id}/einvoice`)).einvoice.BuyerDtls).toEqual(buyer);
  });

  it('the e-way bills send the goods to and from the parties as they were: billed in Pune, shipped to Thane (bill to, ship to)', async () => {
    const out = okBody(await org.api.get(`/invoices/${docs.invoice.invoice_id}/ewaybill`)).ewaybill;
    expect([out.transactionType, out.toGstin, out.toTrdName, out.toStateCode, out.toAddr1, out.toAddr2, out.toPlace, out.toPincode, out.actToStateCode])
      .toEqual([2, OTHER_STATE_GSTIN, 'Udyog Supplies', 27, 'Unit 4, Wagle Estate', null, 'Thane', 400604, 27]);
    const inward = okBody(await org.api.get(`/bills/${docs.bill.bill_id}/ewaybill`)).ewaybill;
    expect([inward.transactionType, inward.fromGstin, inward.fromTrdName, inward.fromStateCode, inward.fromAddr1, inward.fromAddr2, inward.fromPlace, inward.fromPincode, inward.actFromStateCode])
      .toEqual([1, OTHER_STATE_GSTIN, 'Deccan Steel', 27, 'Plot 7, MIDC Bhosari', null, 'Pune', 411026, 27]);
  });

  it('the PDFs print the party as it was', async () => {
    const invoice = await pdfText(`/invoices/${docs.invoice.invoice_id}/pdf`);
    expect(invoice).toContain('Udyog Supplies LLP');
    expect(invoice).toContain(OTHER_STATE_GSTIN);
    expect(invoice).toContain('Plot 7, MIDC Bhosari');
    expect(invoice).not.toContain('Renamed Holdings');
    expect(invoice).not.toContain('1 New Road');
    const bill = await pdfText(`/bills/${docs.bill.bill_id}/pdf`);
    expect(bill).toContain('Deccan Steel Pvt. Ltd.');
    expect(bill).toContain(OTHER_STATE_GSTIN);
    expect(bill).not.toContain('Gujarat Steel');
    expect(bill).not.toContain('24AAPFU0939F1Z1');
  });
});

describe('a draft takes its contact afresh on every edit and on approval', () => {
  it('refreshes the copy on a DRAFT edit and on approval, and keeps it once approved', async () => {
    const api = org.api;
    expect(docs.draftInvoice.party).toEqual(CUSTOMER_AS_ISSUED);
    const edited = okBody(await api.put(`/invoices/${docs.draftInvoice.invoice_id}`, { notes: 'Deliver to the new office' }, { idempotencyKey: newKey() })).invoice;
    expect(edited.party).toEqual({
      gstin: null, legal_name: 'Renamed Holdings LLP', billing_address: { address: '1 New Road', city: 'Nagpur', state_code: 'IN-MH', zip: '440001', country: 'India' },
      shipping_address: THANE, state_code: 'IN-MH', gst_treatment: 'UNREGISTERED',
    });
    const bill = okBody(await api.put(`/bills/${docs.draftBill.bill_id}`, { notes: 'Checked' }, { idempotencyKey: newKey() })).bill;
    expect(bill.party).toMatchObject({ gstin: '24AAPFU0939F1Z1', legal_name: 'Gujarat Steel Ltd.', billing_address: { city: 'Vapi', state_code: 'IN-GJ' } });

    okBody(await api.put(`/contacts/${customerId}`, { legal_name: 'Third Name LLP' }));
    const approved = okBody(await api.post(`/invoices/${docs.draftInvoice.invoice_id}/approve`, {}, { idempotencyKey: newKey() })).invoice;
    expect(approved.party.legal_name).toBe('Third Name LLP');
    okBody(await api.put(`/contacts/${customerId}`, { legal_name: 'Fourth Name LLP' }));
    expect(okBody(await api.get(`/invoices/${docs.draftInvoice.invoice_id}`)).invoice.party.legal_name).toBe('Third Name LLP');
    await expectBooksBalanced(api);
  });
});
