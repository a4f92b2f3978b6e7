import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksDocuments } from '../../src/modules/itc-reconciliation/books-documents.reader';
import { expectBooksBalanced } from '../support/books';
import { gstOrg, gstVendor, OTHER_STATE_GSTIN } from '../support/gst-documents';
import { createCreditNote, postedBill, taxId, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * The books' side of GSTR-2B matching, read from documents built through the API: June 2026 at
 * the Karnataka head office, a Maharashtra supplier (27AAPFU0939F1ZV) billing IGST, and what the
 * reader leaves out. No route reads it yet; the reconciliation will.
 */

let t: TestApp;
let org: OrgFixture;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const SEZ_GSTIN = '29AAGCS4321B1ZO';
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-07-05T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  const gst18 = await taxId(api, 18);
  const exempt = ((await api.get('/taxes')).body.taxes as Json[]).find((x) => x.tax_percentage === 0 && x.supply_type === 'EXEMPT')!.tax_id;
  const acc = Object.fromEntries(((await api.get('/accounts?per_page=200')).body.accounts as Json[]).map((a) => [a.account_name, a.account_id]));
  const steel = (rate: number) => ({ name: 'Steel sheet', hsn_or_sac: '7208', rate, quantity: 1, tax_id: gst18 });
  const udyog = await gstVendor(api);
  const walkIn = await vendor(api, { place_of_contact: 'IN-KA' });

  const bill = await postedBill(api, udyog, 0, { bill_number: 'INV/0012/2026-27', place_of_supply: 'IN-KA', line_items: [steel(10000), { name: 'Scrap handling', hsn_or_sac: '9985', rate: 500, quantity: 1, tax_id: exempt }] });
  ids.bill = bill.bill_id;
  ids.debitNote = (await postedBill(api, udyog, 0, { bill_number: 'DN-7', date: '2026-06-20', document_type: 'SUPPLIER_DEBIT_NOTE', original_bill_id: bill.bill_id, line_items: [steel(1000)] })).bill_id;
  ids.dollars = (await postedBill(api, udyog, 0, { bill_number: 'EXP/31', date: '2026-06-12', currency_code: 'USD', exchange_rate: 83.5, line_items: [steel(100.25)] })).bill_id;
  ids.vendorCredit = (await createCreditNote(api, { customer_id: udyog, bill_id: bill.bill_id, date: '2026-06-25', reference_number: 'CN/04', line_items: [{ bill_line_item_id: bill.line_items[0].line_item_id, amount: 2000 }] })).body.credit_note.credit_note_id;
  const expense = (body: Json) => api.post('/expenses', { date: '2026-06-15', paid_through_account_id: acc.Bank, account_id: acc['General Expenses'], tax_id: gst18, ...body }, { idempotencyKey: newKey() });
  ids.expense = (await expense({ amount: 3000, vendor_id: udyog, reference_number: 'UDY-0099' })).body.expense.expense_id;
  const boe = await api.post('/bills_of_entry', { number: '4417391', date: '2026-06-14', port_code: 'INMAA1', assessable_value: 82000, basic_customs_duty: 8200, social_welfare_surcharge: 820, igst: 16383.6, paid_through_account_id: acc.Bank }, { idempotencyKey: newKey() });
  expect(boe.status, JSON.stringify(boe.body)).toBe(201);
  ids.boe = boe.body.bill_of_entry.bill_of_entry_id;
  const sez = await api.post('/bills_of_entry', { number: '4417400', date: '2026-06-16', port_code: 'INBLR4', assessable_value: 10000, basic_customs_duty: 0, social_welfare_surcharge: 0, igst: 1800, paid_through_account_id: acc.Bank, sez_supplier_gstin: SEZ_GSTIN }, { idempotencyKey: newKey() });
  expect(sez.status, JSON.stringify(sez.body)).toBe(201);
  ids.sez = sez.body.bill_of_entry.bill_of_entry_id;

  // Not a supplier's document in 2B, or not this month's: an expense without the supplier's number, an unregistered vendor's bill, a draft, a void bill, May's bill.
  expect((await expense({ amount: 400, vendor_id: udyog })).status).toBe(201);
  await postedBill(api, walkIn, 0, { bill_number: 'CASH-1', line_items: [steel(700)] });
  await api.post('/bills', { vendor_id: udyog, date: '2026-06-11', place_of_supply: 'IN-KA', bill_number: 'DRAFT-1', line_items: [steel(800)] });
  const voided = await postedBill(api, udyog, 0, { bill_number: 'VOID-1', line_items: [steel(900)] });
  await api.post(`/bills/${voided.bill_id}/void`);
  await postedBill(api, udyog, 0, { bill_number: 'MAY-1', date: '2026-05-30', line_items: [steel(600)] });
});
afterAll(async () => { await t.close(); });

describe("the books' inward documents for GSTR-2B", () => {
  it('reads bills, supplier debit notes, expenses with a number, vendor credits and Bills of Entry of the GSTIN and month, in rupees', async () => {
    const docs = await booksDocuments(t.app.database.db, { orgId: org.orgId, branches: [org.defaultBranchId], from: '2026-06-01', to: '2026-06-30' });
    const supplier = { supplierGstin: OTHER_STATE_GSTIN, supplierName: 'Udyog Supplies', financialYear: '2026-27', cgst: 0, sgst: 0, cess: 0 };
    expect([...docs].sort((a, b) => (a.documentNumber < b.documentNumber ? -1 : 1))).toEqual([
      // 82,000 + 8,200 + 820 = 91,020 taxed 16,383.60.
      { type: 'bill_of_entry', id: ids.boe, supplierGstin: null, supplierName: null, documentType: 'BOE', financialYear: '2026-27', documentNumber: '4417391', numberKey: '4417391', documentDate: '2026-06-14', taxableValue: 9_102_000, igst: 1_638_360, cgst: 0, sgst: 0, cess: 0 },
      { type: 'bill_of_entry', id: ids.sez, supplierGstin: SEZ_GSTIN, supplierName: null, documentType: 'BOE', financialYear: '2026-27', documentNumber: '4417400', numberKey: '4417400', documentDate: '2026-06-16', taxableValue: 1_000_000, igst: 180_000, cgst: 0, sgst: 0, cess: 0 },
      // The credit note lowers 2,000 of steel: IGST 360.
      { ...supplier, type: 'vendor_credit', id: ids.vendorCredit, documentType: 'CN', documentNumber: 'CN/04', numberKey: 'CN4', documentDate: '2026-06-25', taxableValue: 200_000, igst: 36_000 },
      { ...supplier, type: 'bill', id: ids.debitNote, documentType: 'DN', documentNumber: 'DN-7', numberKey: 'DN7', documentDate: '2026-06-20', taxableValue: 100_000, igst: 18_000 },
      // USD 100.25 × 83.5 = ₹8,370.875 → 8,370.88; IGST USD 18.045 → 18.05 (half up) × 83.5 = ₹1,507.175 → 1,507.18.
      { ...supplier, type: 'bill', id: ids.dollars, documentType: 'INV', documentNumber: 'EXP/31', numberKey: 'EXP31', documentDate: '2026-06-12', taxableValue: 837_088, igst: 150_718 },
      // The exempt scrap handling (500) is not taxable value: 10,000 at 18% alone.
      { ...supplier, type: 'bill', id: ids.bill, documentType: 'INV', documentNumber: 'INV/0012/2026-27', numberKey: 'INV12', documentDate: '2026-06-10', taxableValue: 1_000_000, igst: 180_000 },
      // 3,000 at 18%, IGST from Maharashtra: 540.
      { ...supplier, type: 'expense', id: ids.expense, documentType: 'INV', documentNumber: 'UDY-0099', numberKey: 'UDY99', documentDate: '2026-06-15', taxableValue: 300_000, igst: 54_000 },
    ]);
    await expectBooksBalanced(org.api);
  });

  it("reads nothing of another month's dates or of another GSTIN's branches", async () => {
    const july = await booksDocuments(t.app.database.db, { orgId: org.orgId, branches: [org.defaultBranchId], from: '2026-07-01', to: '2026-07-31' });
    expect(july).toEqual([]);
    const elsewhere = await booksDocuments(t.app.database.db, { orgId: org.orgId, branches: ['br_ELSEWHERE'], from: '2026-06-01', to: '2026-06-30' });
    expect(elsewhere).toEqual([]);
    const may = await booksDocuments(t.app.database.db, { orgId: org.orgId, branches: [org.defaultBranchId], from: '2026-05-01', to: '2026-05-31' });
    expect(may.map((d) => d.documentNumber)).toEqual(['MAY-1']);
  });
});
