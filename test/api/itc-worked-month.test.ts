import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { CUSTOMER_GSTIN, gstOrg, gstVendor, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { gstr2bFile, type Doc2b } from '../support/gstr2b-file';
import { createCreditNote, postedBill, taxId } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * One month's input tax credit worked by hand: October 2025 of the Karnataka head office.
 *
 * The books: 30 bills from three suppliers, all at 18%.
 *  K (Karnataka, intra-state): K-01 … K-10, ₹10,000 each, dated 1 … 10 October: CGST 900 + SGST 900 each.
 *  M (Maharashtra): M-01 … M-10, ₹20,000 each, dated 1 … 10 October: IGST 3,600 each.
 *  G (Gujarat): G-01 … G-09, ₹5,000 each, dated 1 … 9 October, and G-10 dated 28 September: IGST 900 each.
 *  M's credit note M-CN-1 on M-01 (₹2,000 back: IGST 360), dated 20 October, entered as a vendor credit.
 *  K-OLD, ₹10,000 from K dated 10 April 2025 and never paid: day 180 is 7 October, so Rule 37 reverses
 *  its credit (CGST 900 + SGST 900) in October.
 *
 * October's GSTR-2B: 28 of the 30 bills (K-10 and M-10 not filed by their suppliers), of which
 *  K-02 is written K/0002/2025-26 (the same number normalised) and K-03 written KX-3 (suggested
 *  by amount and date, then linked by hand); M-02 with IGST 3,500 instead of 3,600 (mismatched:
 *  the lower, 3,500, is claimed); G-10 from last month (the supplier filed it late: the books
 *  claimed it in September, 2B in October); M-03 rejected in IMS (docRejdata: no credit); two
 *  invoices the books lack, K-11 (₹12,000: CGST 1,080 + SGST 1,080) and G-11 (IGST 900), claimed and
 *  reversed in 4(B)(2) as not yet received; and M's credit note, kept pending in IMS.
 *
 * GSTR-3B 4 on the 2B basis:
 *  4(A)(5) IGST: M 7 × 3,600 + 3,500 = 28,700; G 10 × 900 = 9,000; G-11 900 → 38,600
 *          CGST and SGST each: K 9 × 900 = 8,100; K-11 1,080 → 9,180
 *  4(B)(2) IGST 900 (G-11); CGST and SGST each 1,080 (K-11) + 900 (Rule 37, K-OLD) = 1,980
 *  4(C)    IGST 38,600 − 900 = 37,700; CGST and SGST 9,180 − 1,980 = 7,200 each
 * On the books basis: 4(A)(5) IGST 10 × 3,600 + 9 × 900 − 360 = 43,740, CGST and SGST 10 × 900 = 9,000;
 *  4(B)(2) CGST and SGST 900 (Rule 37); 4(C) IGST 43,740, CGST and SGST 8,100.
 */

let t: TestApp;
let org: OrgFixture;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const GUJARAT_GSTIN = '24AAPFU0939F1Z1';
const PERIOD = '102025';
const bills: Record<string, Json> = {};
const tax = (iamt: number, camt: number, samt: number, csamt = 0) => ({ iamt, camt, samt, csamt });
const two = (n: number) => String(n).padStart(2, '0');

const reconciliation = async (query = '') => {
  const res = await org.api.get(`/gst/reconciliation?gstin=${SUPPLIER_GSTIN}&period=${PERIOD}&per_page=200${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Json;
};
const rowOf = (rows: Json[], number: string) => rows.find((r) => r.gstr2b?.document_number === number || (r.gstr2b === null && r.books?.document_number === number))!;
const gstr3b = async (basis: 'books' | 'gstr2b') => {
  const res = await org.api.get(`/gst/gstr3b?gstin=${SUPPLIER_GSTIN}&period=${PERIOD}&itc_basis=${basis}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Json;
};

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2025-11-14T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  const gst18 = await taxId(api, 18);
  const k = await gstVendor(api, { contact_name: 'Kaveri Steel', gst_no: CUSTOMER_GSTIN, billing_address: { address: '14, 2nd Cross', city: 'Bengaluru', state_code: 'IN-KA', zip: '560038', country: 'India' } });
  const m = await gstVendor(api, { contact_name: 'Mahalaxmi Papers', gst_no: OTHER_STATE_GSTIN });
  const g = await gstVendor(api, { contact_name: 'Gir Chemicals', gst_no: GUJARAT_GSTIN });
  const bill = async (vendorId: string, number: string, date: string, rate: number, pos: string) => {
    bills[number] = await postedBill(api, vendorId, 0, {
      bill_number: number, date, due_date: '2025-12-31', place_of_supply: pos, line_items: [{ name: 'Stock', hsn_or_sac: '7208', rate, quantity: 1, tax_id: gst18 }],
    });
  };
  for (let n = 1; n <= 10; n++) {
    await bill(k, `K-${two(n)}`, `2025-10-${two(n)}`, 10_000, 'IN-KA');
    await bill(m, `M-${two(n)}`, `2025-10-${two(n)}`, 20_000, 'IN-KA');
    await bill(g, `G-${two(n)}`, n === 10 ? '2025-09-28' : `2025-10-${two(n)}`, 5_000, 'IN-KA');
  }
  await bill(k, 'K-OLD', '2025-04-10', 10_000, 'IN-KA');
  const credit = await createCreditNote(api, {
    customer_id: m, bill_id: bills['M-01']!.bill_id, date: '2025-10-20', reference_number: 'M-CN-1', line_items: [{ bill_line_item_id: bills['M-01']!.line_items[0].line_item_id, amount: 2000 }],
  });
  expect(credit.status, JSON.stringify(credit.body)).toBe(201);

  // October's 2B, generated 14 November.
  const dt = (n: number) => `${two(n)}-10-2025`;
  const kDoc = (inum: string, n: number): Doc2b => ({ inum, dt: dt(n), txval: 10_000, cgst: 900, sgst: 900, rt: 18 });
  const mDoc = (inum: string, n: number, igst = 3600): Doc2b => ({ inum, dt: dt(n), txval: 20_000, igst, pos: '29' });
  const gDoc = (inum: string, date: string): Doc2b => ({ inum, dt: date, txval: 5_000, igst: 900 });
  const numbers = [1, 2, 3, 4, 5, 6, 7, 8, 9];
  const file = gstr2bFile({
    gstin: SUPPLIER_GSTIN, period: PERIOD, gendt: '14-11-2025',
    b2b: [
      { ctin: CUSTOMER_GSTIN, trdnm: 'Kaveri Steel', supfildt: '11-11-2025', supprd: PERIOD, inv: [
        ...numbers.map((n) => kDoc(n === 2 ? 'K/0002/2025-26' : n === 3 ? 'KX-3' : `K-${two(n)}`, n)), { inum: 'K-11', dt: dt(11), txval: 12_000, cgst: 1080, sgst: 1080, rt: 18 },
      ] },
      { ctin: OTHER_STATE_GSTIN, trdnm: 'Mahalaxmi Papers', supfildt: '10-11-2025', supprd: PERIOD, inv: numbers.filter((n) => n !== 3).map((n) => mDoc(`M-${two(n)}`, n, n === 2 ? 3500 : 3600)) },
      { ctin: GUJARAT_GSTIN, trdnm: 'Gir Chemicals', supfildt: '12-11-2025', supprd: PERIOD, inv: [
        ...numbers.map((n) => gDoc(`G-${two(n)}`, dt(n))), gDoc('G-10', '28-09-2025'), gDoc('G-11', dt(12)),
      ] },
    ],
    cdnr: [{ ctin: OTHER_STATE_GSTIN, trdnm: 'Mahalaxmi Papers', supfildt: '10-11-2025', supprd: PERIOD, nt: [{ ntnum: 'M-CN-1', typ: 'C', dt: dt(20), txval: 2_000, igst: 360 }] }],
    rejected: { b2b: [{ ctin: OTHER_STATE_GSTIN, trdnm: 'Mahalaxmi Papers', supfildt: '10-11-2025', supprd: PERIOD, inv: [mDoc('M-03', 3)] }] },
  });
  const upload = await api.post('/gst/gstr2b', file, { idempotencyKey: newKey() });
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);

  // IMS: M-03 rejected, M's credit note kept pending.
  const act = async (body: Json) => {
    const res = await api.put('/gst/ims_actions', { gstin: SUPPLIER_GSTIN, supplier_gstin: OTHER_STATE_GSTIN, ...body }, { idempotencyKey: newKey() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  await act({ document_type: 'INV', document_number: 'M-03', document_date: '2025-10-03', action: 'REJECTED', reason: 'Goods returned at the gate' });
  await act({ document_type: 'CN', document_number: 'M-CN-1', document_date: '2025-10-20', action: 'PENDING', reason: 'Quantity under review' });

  // Rule 37: K-OLD unpaid on day 181 (8 October), reversed on 31 October.
  const reversal = await api.post('/gst/itc_reversals', { gstin: SUPPLIER_GSTIN, as_of: '2025-10-31', date: '2025-10-31' }, { idempotencyKey: newKey() });
  expect(reversal.status, JSON.stringify(reversal.body)).toBe(201);
});
afterAll(async () => { await t.close(); });

describe('a month of input tax credit reconciled with GSTR-2B', () => {
  it('pairs every document: matched, the differently numbered one normalised, the other suggested, the wrong amount mismatched, the late one across months', async () => {
    const body = await reconciliation();
    const rows = body.reconciliation as Json[];
    // 31 documents in October's 2B (K 10, M 9 with the rejected one and the credit note, G 11) and the books' 2 that no 2B reports.
    expect(rows).toHaveLength(33);
    const counts = Object.fromEntries(body.totals.by_status.map((s: Json) => [s.status, s.count]));
    // matched: K 8 (K-01, K-02 as K/0002/2025-26, K-04 … K-09), M 8 (M-01, M-03 rejected, M-04 … M-09), the credit note, G 10.
    expect(counts).toEqual({ matched: 27, mismatched: 1, missing_in_books: 2, missing_in_2b: 2, suggested: 1 });

    expect(rowOf(rows, 'K/0002/2025-26')).toMatchObject({ status: 'matched', basis: 'number', books: { document_id: bills['K-02']!.bill_id }, differences: [] });
    expect(rowOf(rows, 'KX-3')).toMatchObject({ status: 'suggested', basis: 'amount_and_date', books: { document_id: bills['K-03']!.bill_id }, eligible: { igst: 0, cgst: 0, sgst: 0, cess: 0 } });
    expect(rowOf(rows, 'M-02')).toMatchObject({
      status: 'mismatched', differences: [{ field: 'igst', gstr2b: 3500, books: 3600 }], eligible: { igst: 3500, cgst: 0, sgst: 0, cess: 0 },
    });
    expect(rowOf(rows, 'G-10')).toMatchObject({ status: 'matched', cross_period: true, books: { document_date: '2025-09-28' } });
    expect(rowOf(rows, 'M-03')).toMatchObject({ status: 'matched', gstr2b: { rejected: true }, eligible: { igst: 0, cgst: 0, sgst: 0, cess: 0 } });
    expect(rowOf(rows, 'K-11')).toMatchObject({ status: 'missing_in_books', books: null });
    expect(rowOf(rows, 'K-10')).toMatchObject({ status: 'missing_in_2b', gstr2b: null, reconciliation_id: bills['K-10']!.bill_id });
    expect(rowOf(rows, 'M-10')).toMatchObject({ status: 'missing_in_2b' });
  });

  it('links the suggested pair by hand; the link is in the bill\'s activity and the pair is matched', async () => {
    const suggested = rowOf((await reconciliation()).reconciliation, 'KX-3');
    const linked = await org.api.post(`/gst/reconciliation/${suggested.reconciliation_id}/link`, {}, { idempotencyKey: newKey() });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.reconciliation).toMatchObject({ status: 'matched', basis: 'manual', eligible: { cgst: 900, sgst: 900 } });
    const activity = await org.api.get(`/activity?entity_type=BILL&entity_id=${bills['K-03']!.bill_id}`);
    expect(activity.body.activity.map((a: Json) => a.action)).toContain('GSTR2B_LINKED');
    const counts = Object.fromEntries((await reconciliation()).totals.by_status.map((s: Json) => [s.status, s.count]));
    expect(counts).toEqual({ matched: 28, mismatched: 1, missing_in_books: 2, missing_in_2b: 2, suggested: 0 });
  });

  it('lists per supplier whether it filed, and the documents its filing leaves out', async () => {
    const res = await org.api.get(`/gst/reconciliation/suppliers?gstin=${SUPPLIER_GSTIN}&period=${PERIOD}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byGstin = Object.fromEntries(res.body.suppliers.map((s: Json) => [s.supplier_gstin, s]));
    expect(byGstin[CUSTOMER_GSTIN]).toMatchObject({ filed: true, filed_on: '2025-11-11', supplier_period: PERIOD, missing_in_2b: { count: 1, cgst: 900, sgst: 900, documents: [{ document_number: 'K-10' }] } });
    expect(byGstin[OTHER_STATE_GSTIN]).toMatchObject({ filed: true, filed_on: '2025-11-10', missing_in_2b: { count: 1, igst: 3600, documents: [{ document_number: 'M-10' }] } });
    expect(byGstin[GUJARAT_GSTIN]).toMatchObject({ filed: true, missing_in_2b: { count: 0, igst: 0 } });
    const contact = await org.api.get(`/contacts/${bills['G-01']!.vendor_id}`);
    expect(contact.body.contact.last_gstr1_filing).toEqual({ period: PERIOD, filed_on: '2025-11-12' });
  });

  it('fills GSTR-3B table 4 from 2B as worked by hand, and lists each document whose credit differs from the books', async () => {
    const books = (await gstr3b('books')).gstr3b.itc_elg;
    expect(books.itc_avl.find((r: Json) => r.ty === 'OTH')).toEqual({ ty: 'OTH', ...tax(43_740, 9_000, 9_000) });
    expect(books.itc_rev).toEqual([{ ty: 'RUL', ...tax(0, 0, 0) }, { ty: 'OTH', ...tax(0, 900, 900) }]);
    expect(books.itc_net).toEqual(tax(43_740, 8_100, 8_100));

    const body = await gstr3b('gstr2b');
    const itc = body.gstr3b.itc_elg;
    expect(itc.itc_avl).toEqual([
      { ty: 'IMPG', ...tax(0, 0, 0) }, { ty: 'IMPS', ...tax(0, 0, 0) }, { ty: 'ISRC', ...tax(0, 0, 0) }, { ty: 'ISD', ...tax(0, 0, 0) },
      { ty: 'OTH', ...tax(38_600, 9_180, 9_180) },
    ]);
    expect(itc.itc_rev).toEqual([{ ty: 'RUL', ...tax(0, 0, 0) }, { ty: 'OTH', ...tax(900, 1_980, 1_980) }]);
    expect(itc.itc_net).toEqual(tax(37_700, 7_200, 7_200));
    expect(itc.itc_inelg).toEqual([{ ty: 'RUL', ...tax(0, 0, 0) }, { ty: 'OTH', ...tax(0, 0, 0) }]);

    const reasons = Object.fromEntries((body.itc_differences as Json[]).map((d) => [d.document_number, [d.reason, d.books_credit, d.gstr2b_credit]]));
    const credit = (igst: number, cgst = 0, sgst = 0) => ({ igst, cgst, sgst, cess: 0 });
    expect(reasons).toEqual({
      'K-10': ['not_in_gstr2b', credit(0, 900, 900), credit(0)],
      'M-10': ['not_in_gstr2b', credit(3600), credit(0)],
      'M-02': ['amounts_differ', credit(3600), credit(3500)],
      'M-03': ['rejected', credit(3600), credit(0)],
      'M-CN-1': ['pending', credit(-360), credit(0)],
      'G-10': ['booked_earlier', credit(0), credit(900)],
      'K-11': ['not_in_books', credit(0), credit(0)],
      'G-11': ['not_in_books', credit(0), credit(0)],
    });
  });

  it("matches M-02 once the organisation's itcMatchTolerance takes its ₹100 of IGST, at 2B's figure", async () => {
    const set = (itcMatchTolerance: number) => t.admin.put(`/orgs/${org.orgId}/preferences`, { itcMatchTolerance });
    expect((await set(100)).status).toBe(200);
    expect(rowOf((await reconciliation()).reconciliation, 'M-02')).toMatchObject({ status: 'matched', differences: [], eligible: { igst: 3500 } });
    expect((await set(99.99)).status).toBe(200);
    expect(rowOf((await reconciliation()).reconciliation, 'M-02')).toMatchObject({ status: 'mismatched' });
    expect((await set(-1)).status).toBe(400);
  });

  it('ends with the books balanced', async () => {
    await expectBooksBalanced(org.api);
  });
});
