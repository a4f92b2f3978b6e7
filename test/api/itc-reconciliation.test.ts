import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { CUSTOMER_GSTIN, gstOrg, gstVendor, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { gstr2bFile, type File2b } from '../support/gstr2b-file';
import { createCreditNote, postedBill, taxId } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Every kind of inward document matched to June 2026's GSTR-2B, and the reconciliation's list,
 * filters, pages, CSV, links and refusals. Udyog (Maharashtra) charges IGST at 18%:
 *  bill INV/0012/2026-27 ₹10,000 of steel and ₹1,000 of staff meals, whose credit s.17(5)(b) blocks
 *  (IGST 1,800 + 180; 2B writes it INV/12/26-27 and carries 11,000 and 1,980), its debit note DN-7
 *  ₹1,000 (180), a vendor credit CN/04 ₹2,000 (360), an expense with the supplier's number
 *  UDY-0099 ₹3,000 (540; 2B writes UDY/0099); a Bill of Entry 4417391 (IGST 16,383.60 on
 *  91,020: assessable 82,000 + duty 8,200 + surcharge 820) and one from a SEZ unit 4417400 (1,800
 *  on 10,000). 2B also carries an ISD invoice (CGST and SGST 250 each) and an invoice LATE-1 whose
 *  credit is not available (`itcavl` N: CGST and SGST 450 each).
 * GSTR-3B 4 on the 2B basis: 4(A)(1) 16,383.60 + 1,800 = 18,183.60; 4(A)(4) CGST and SGST 250;
 *  4(A)(5) 1,980 + 540 + 180 − 360 = 2,340; 4(B)(1) the meals' 180; 4(D)(2) CGST and SGST 450;
 *  4(C) IGST 18,183.60 + 2,340 − 180 = 20,343.60, CGST and SGST 250.
 */

let t: TestApp;
let org: OrgFixture;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const SEZ_GSTIN = '29AAGCS4321B1ZO';
const PERIOD = '062026';
const ids: Record<string, string> = {};
const tax = (iamt: number, camt: number, samt: number, csamt = 0) => ({ iamt, camt, samt, csamt });

const june: File2b = {
  gstin: SUPPLIER_GSTIN, period: PERIOD, gendt: '14-07-2026',
  b2b: [
    { ctin: OTHER_STATE_GSTIN, trdnm: 'Udyog', supfildt: '11-07-2026', supprd: PERIOD, inv: [
      { inum: 'INV/12/26-27', dt: '10-06-2026', txval: 11_000, igst: 1980, rt: 18 },
      { inum: 'UDY/0099', dt: '15-06-2026', txval: 3_000, igst: 540 },
    ] },
    { ctin: CUSTOMER_GSTIN, trdnm: 'Raman Traders', supfildt: '12-07-2026', supprd: PERIOD, inv: [{ inum: 'LATE-1', dt: '02-06-2026', txval: 5_000, cgst: 450, sgst: 450, itcavl: 'N', rsn: 'C' }] },
  ],
  cdnr: [{ ctin: OTHER_STATE_GSTIN, trdnm: 'Udyog', supfildt: '11-07-2026', supprd: PERIOD, nt: [
    { ntnum: 'CN/04', typ: 'C', dt: '25-06-2026', txval: 2_000, igst: 360 },
    { ntnum: 'DN-7', typ: 'D', dt: '20-06-2026', txval: 1_000, igst: 180 },
  ] }],
  impg: [{ boenum: '4417391', boedt: '14-06-2026', portcode: 'INMAA1', txval: 91_020, igst: 16_383.6 }],
  impgsez: [{ ctin: SEZ_GSTIN, trdnm: 'Zeta SEZ', boe: [{ boenum: '4417400', boedt: '16-06-2026', portcode: 'INBLR4', txval: 10_000, igst: 1800 }] }],
  isd: [{ ctin: CUSTOMER_GSTIN, trdnm: 'Head office ISD', supfildt: '13-07-2026', supprd: PERIOD, doclist: [{ docnum: 'ISD-5', docdt: '30-06-2026', cgst: 250, sgst: 250 }] }],
};

const list = async (query = '') => {
  const res = await org.api.get(`/gst/reconciliation?gstin=${SUPPLIER_GSTIN}&period=${PERIOD}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Json;
};
const rowOf = async (number: string) => ((await list('&per_page=200')).reconciliation as Json[]).find((r) => (r.gstr2b ?? r.books).document_number === number)!;
const upload = async (file: File2b) => {
  const res = await org.api.post('/gst/gstr2b', gstr2bFile(file), { idempotencyKey: newKey() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-07-15T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  const gst18 = await taxId(api, 18);
  const acc = Object.fromEntries(((await api.get('/accounts?per_page=200')).body.accounts as Json[]).map((a) => [a.account_name, a.account_id]));
  const steel = (rate: number) => ({ name: 'Steel sheet', hsn_or_sac: '7208', rate, quantity: 1, tax_id: gst18 });
  const udyog = await gstVendor(api, { contact_name: 'Udyog' });
  const meals = { name: 'Staff meals', hsn_or_sac: '996331', rate: 1000, quantity: 1, tax_id: gst18, itc_blocked_reason: '17(5)(b)' };
  const bill = await postedBill(api, udyog, 0, { bill_number: 'INV/0012/2026-27', line_items: [steel(10_000), meals] });
  ids.bill = bill.bill_id;
  ids.debitNote = (await postedBill(api, udyog, 0, { bill_number: 'DN-7', date: '2026-06-20', document_type: 'SUPPLIER_DEBIT_NOTE', original_bill_id: bill.bill_id, line_items: [steel(1000)] })).bill_id;
  const credit = await createCreditNote(api, { customer_id: udyog, bill_id: bill.bill_id, date: '2026-06-25', reference_number: 'CN/04', line_items: [{ bill_line_item_id: bill.line_items[0].line_item_id, amount: 2000 }] });
  expect(credit.status, JSON.stringify(credit.body)).toBe(201);
  const expense = await api.post('/expenses', { date: '2026-06-15', paid_through_account_id: acc.Bank, account_id: acc['General Expenses'], tax_id: gst18, amount: 3000, vendor_id: udyog, reference_number: 'UDY-0099' }, { idempotencyKey: newKey() });
  expect(expense.status, JSON.stringify(expense.body)).toBe(201);
  const boe = (body: Json) => api.post('/bills_of_entry', { port_code: 'INMAA1', basic_customs_duty: 0, social_welfare_surcharge: 0, paid_through_account_id: acc.Bank, ...body }, { idempotencyKey: newKey() });
  expect((await boe({ number: '4417391', date: '2026-06-14', assessable_value: 82_000, basic_customs_duty: 8200, social_welfare_surcharge: 820, igst: 16_383.6 })).status).toBe(201);
  expect((await boe({ number: '4417400', date: '2026-06-16', port_code: 'INBLR4', assessable_value: 10_000, igst: 1800, sez_supplier_gstin: SEZ_GSTIN })).status).toBe(201);
  await upload(june);
});
afterAll(async () => { await t.close(); });

describe('GET /gst/reconciliation', () => {
  it('pairs a bill, a supplier debit note, a vendor credit, an expense by its reference and both Bills of Entry; leaves the ISD document and the unavailable invoice to 2B alone', async () => {
    const body = await list('&per_page=200');
    const byNumber = Object.fromEntries((body.reconciliation as Json[]).map((r) => [(r.gstr2b ?? r.books).document_number, r]));
    expect(Object.keys(byNumber).sort()).toEqual(['4417391', '4417400', 'CN/04', 'DN-7', 'INV/12/26-27', 'ISD-5', 'LATE-1', 'UDY/0099']);
    expect(byNumber['INV/12/26-27']).toMatchObject({ status: 'matched', document_type: 'INV', books: { document_type: 'bill', document_id: ids.bill, document_number: 'INV/0012/2026-27' } });
    expect(byNumber['UDY/0099']).toMatchObject({ status: 'matched', books: { document_type: 'expense', taxable_value: 3000, igst: 540 } });
    expect(byNumber['DN-7']).toMatchObject({ status: 'matched', document_type: 'DN', books: { document_id: ids.debitNote } });
    expect(byNumber['CN/04']).toMatchObject({ status: 'matched', document_type: 'CN', books: { document_type: 'vendor_credit' } });
    expect(byNumber['4417391']).toMatchObject({ status: 'matched', document_type: 'BOE', supplier_gstin: null, books: { document_type: 'bill_of_entry', taxable_value: 91_020, igst: 16_383.6 } });
    expect(byNumber['4417400']).toMatchObject({ status: 'matched', supplier_gstin: SEZ_GSTIN, gstr2b: { section: 'impgsez' } });
    expect(byNumber['ISD-5']).toMatchObject({ status: 'missing_in_books', document_type: 'ISDI' });
    expect(byNumber['LATE-1']).toMatchObject({ status: 'missing_in_books', gstr2b: { itc_available: 'N' } });
    expect(body.totals.by_status).toContainEqual({ status: 'matched', count: 6, eligible: { igst: 1980 + 540 + 180 + 360 + 16_383.6 + 1800, cgst: 0, sgst: 0, cess: 0 } });
    expect(body.totals.by_supplier.find((s: Json) => s.supplier_gstin === OTHER_STATE_GSTIN)).toMatchObject({ count: 4, statuses: { matched: 4 } });
  });

  it('filters by status, supplier and type, pages with a cursor and answers CSV', async () => {
    expect((await list('&status=missing_in_books')).reconciliation.map((r: Json) => r.gstr2b.document_number).sort()).toEqual(['ISD-5', 'LATE-1']);
    expect((await list(`&supplier_gstin=${OTHER_STATE_GSTIN}`)).reconciliation).toHaveLength(4);
    expect((await list('&document_type=BOE')).reconciliation).toHaveLength(2);
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 4; page++) {
      const body = await list(`&per_page=3${cursor}`);
      seen.push(...body.reconciliation.map((r: Json) => r.reconciliation_id));
      if (!body.page_context.has_more_page) break;
      cursor = `&cursor=${encodeURIComponent(body.page_context.next_cursor)}`;
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    const csv = await org.api.get(`/gst/reconciliation?gstin=${SUPPLIER_GSTIN}&period=${PERIOD}&format=csv`);
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^status,basis,cross_period,supplier_gstin,supplier_name,document_type,gstr2b_period,gstr2b_number/);
    expect(lines).toHaveLength(9);
  });

  it('refuses a bad period, another GSTIN, a row without a pair to refuse, a pair across suppliers and unknown or foreign ids, writing nothing', async () => {
    expect((await org.api.get(`/gst/reconciliation?gstin=${SUPPLIER_GSTIN}&period=132026`)).body).toMatchObject({ code: 'validation.invalid_value', field: 'period' });
    expect((await org.api.get(`/gst/reconciliation?gstin=${OTHER_STATE_GSTIN}&period=${PERIOD}`)).body).toMatchObject({ code: 'not_found.resource', field: 'gstin' });
    const isd = await rowOf('ISD-5');
    const refuse = await org.api.post(`/gst/reconciliation/${isd.reconciliation_id}/unlink`, {}, { idempotencyKey: newKey() });
    expect(refuse.status).toBe(409);
    const across = await org.api.post(`/gst/reconciliation/${isd.reconciliation_id}/link`, { books_document_id: ids.bill }, { idempotencyKey: newKey() });
    expect(across.body).toMatchObject({ code: 'validation.invalid_value', field: 'books_document_id' });
    expect((await org.api.post('/gst/reconciliation/g2bd_00000000000000000000000000/link', {}, { idempotencyKey: newKey() })).status).toBe(404);
    const other = await gstOrg(t);
    expect((await other.api.post(`/gst/reconciliation/${isd.reconciliation_id}/link`, {}, { idempotencyKey: newKey() })).status).toBe(404);
    expect((await rowOf('ISD-5')).status).toBe('missing_in_books');
  });

  it('refuses a pair, then links it again by hand; the decision outlives a new upload of the month', async () => {
    const row = await rowOf('INV/12/26-27');
    const refused = await org.api.post(`/gst/reconciliation/${row.reconciliation_id}/unlink`, { reason: 'Another order' }, { idempotencyKey: newKey() });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body.reconciliation).toMatchObject({ status: 'missing_in_books', books: null });
    expect((await rowOf('INV/0012/2026-27')).status).toBe('missing_in_2b');
    const linked = await org.api.post(`/gst/reconciliation/${row.reconciliation_id}/link`, { books_document_id: ids.bill }, { idempotencyKey: newKey() });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.reconciliation).toMatchObject({ status: 'matched', basis: 'manual', books: { document_id: ids.bill } });
    await upload({ ...june, gendt: '15-07-2026' });
    const again = await rowOf('INV/12/26-27');
    expect(again.reconciliation_id).not.toBe(row.reconciliation_id);
    expect(again).toMatchObject({ status: 'matched', basis: 'manual' });
    const activity = await org.api.get(`/activity?entity_type=BILL&entity_id=${ids.bill}`);
    expect(activity.body.activity.map((a: Json) => a.action)).toEqual(expect.arrayContaining(['GSTR2B_UNLINKED', 'GSTR2B_LINKED']));
  });
});

describe('GET /gst/gstr3b?itc_basis=gstr2b', () => {
  it('fills 4(A)(1) from the Bills of Entry 2B reports, 4(A)(4) from ISD, 4(A)(5) net of the credit note, 4(B)(1) from blocked credit and 4(D)(2) from unavailable credit', async () => {
    const res = await org.api.get(`/gst/gstr3b?gstin=${SUPPLIER_GSTIN}&period=${PERIOD}&itc_basis=gstr2b`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const itc = res.body.gstr3b.itc_elg;
    expect(itc.itc_avl).toEqual([
      { ty: 'IMPG', ...tax(18_183.6, 0, 0) }, { ty: 'IMPS', ...tax(0, 0, 0) }, { ty: 'ISRC', ...tax(0, 0, 0) },
      { ty: 'ISD', ...tax(0, 250, 250) }, { ty: 'OTH', ...tax(2340, 0, 0) },
    ]);
    expect(itc.itc_rev).toEqual([{ ty: 'RUL', ...tax(180, 0, 0) }, { ty: 'OTH', ...tax(0, 0, 0) }]);
    expect(itc.itc_net).toEqual(tax(20_343.6, 250, 250));
    expect(itc.itc_inelg).toEqual([{ ty: 'RUL', ...tax(0, 0, 0) }, { ty: 'OTH', ...tax(0, 450, 450) }]);
    expect(res.body.itc_differences.map((d: Json) => [d.document_number, d.reason]).sort()).toEqual([['ISD-5', 'isd_distribution'], ['LATE-1', 'not_available']]);
    // The books basis is unchanged by 2B: it lists no differences.
    expect((await org.api.get(`/gst/gstr3b?gstin=${SUPPLIER_GSTIN}&period=${PERIOD}`)).body.itc_differences).toBeUndefined();
  });

  it('ends with the books balanced', async () => {
    await expectBooksBalanced(org.api);
  });
});
