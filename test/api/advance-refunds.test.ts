import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, expectBooksBalanced } from '../support/books';
import { gstCustomer, gstOrg, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createInvoice, taxId } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Refunds of advances received by the Karnataka (29) head office from Raman (Karnataka), worked
 * by hand over May and June 2026 (CGST Rule 51; docs/rules/returns-gstr1-gstr3b.md, "Advances
 * received"):
 * - A: ₹11,800 for services on 10 May, place IN-KA at 18%: taxable 11,800 × 100 / 118 = 10,000,
 *   CGST 900, SGST 900. Receipt voucher RV-26-27-00001.
 * - 20 May, ₹5,900 of A refunded (RF-26-27-00001): what stays, 5,900, carries taxable 5,000 and
 *   CGST 450 + SGST 450, so the refund takes back 5,000, 450 and 450.
 * - A plain receipt of ₹500 on 20 May, no advance: it cannot be refunded here.
 * - G: ₹1,000 for goods on 20 May; ₹400 of it refunded on 25 May: no tax, no voucher.
 * - 5 June, ₹2,950 more of A refunded (RF-26-27-00002): what stays, 2,950, carries 2,500,
 *   225 and 225, so it takes back 5,000 − 2,500 = 2,500, 450 − 225 = 225 and 225.
 * - 10 June, the last ₹2,950 of A settles an invoice of 2,500 + 18% (CGST 225, SGST 225): it takes
 *   back what is left, 2,500, 225 and 225. A second invoice of 10,000 + 18% stays unpaid.
 */

let t: TestApp;
let org: OrgFixture;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const MAY = `gstin=${SUPPLIER_GSTIN}&period=052026`;
const JUNE = `gstin=${SUPPLIER_GSTIN}&period=062026`;
let a: Json;
let g: Json;
const refunds: Record<'may' | 'goods' | 'june', Json> = { may: {}, goods: {}, june: {} };
const refusals: Record<string, { status: number; body: Json }> = {};
let mayBooks: Record<string, number> = {};

const refund = (api: OrgFixture['api'], paymentId: string, body: Json) => api.post(`/payments/${paymentId}/refunds`, body, { idempotencyKey: newKey() });

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-25T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  const gst18 = await taxId(api, 18);
  const raman = await gstCustomer(api);
  const pay = async (body: Json) => {
    const res = await api.post('/payments', { flow: 'INCOMING', contact_id: raman, ...body }, { idempotencyKey: newKey() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.payment;
  };
  const refunded = async (paymentId: string, body: Json) => {
    const res = await refund(api, paymentId, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const invoice = async (rate: number) => {
    const res = await createInvoice(api, { auto_approve: true, customer_id: raman, date: '2026-06-10', place_of_supply: 'IN-KA', line_items: [{ name: 'Consulting', hsn_or_sac: '998313', quantity: 1, rate, tax_id: gst18 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.invoice;
  };

  a = await pay({ date: '2026-05-10', amount: 11800, advance_for: 'SERVICES', place_of_supply: 'IN-KA' });
  g = await pay({ date: '2026-05-20', amount: 1000, advance_for: 'GOODS' });
  const plain = await pay({ date: '2026-05-20', amount: 500 });
  // Refused, nothing written: the refund vouchers below still start at 00001.
  const other = await gstOrg(t, { name: 'Another Org Pvt. Ltd.' });
  refusals.foreign = await refund(other.api, a.payment_id, { amount: 100, date: '2026-05-20' });
  refusals.tooMuch = await refund(api, a.payment_id, { amount: 11800.01, date: '2026-05-20' });
  refusals.early = await refund(api, a.payment_id, { amount: 100, date: '2026-05-09' });
  refusals.notAdvance = await refund(api, plain.payment_id, { amount: 100, date: '2026-05-20' });
  refusals.missing = await refund(api, a.payment_id, { date: '2026-05-20' });

  refunds.may = await refunded(a.payment_id, { amount: 5900, date: '2026-05-20', reference: 'NEFT-0520' });
  refunds.goods = await refunded(g.payment_id, { amount: 400, date: '2026-05-25' });
  mayBooks = Object.fromEntries(await Promise.all(['Advances from Customers', 'CGST Output', 'SGST Output'].map(async (n) => [n, await accountBalance(api, n)] as const)));

  refunds.june = await refunded(a.payment_id, { amount: 2950, date: '2026-06-05' });
  const settled = await invoice(2500);
  await invoice(10000);
  const applied = await api.post(`/payments/${a.payment_id}/apply`, { invoice_id: settled.invoice_id, amount: 2950 }, { idempotencyKey: newKey() });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  refusals.usedUp = await refund(api, a.payment_id, { amount: 0.01, date: '2026-06-20' });
  refusals.deleted = await api.delete(`/payments/${a.payment_id}`);
});
afterAll(async () => { await t.close(); });

describe('A refund of an advance', () => {
  it("refuses another organisation's payment, too much, too early, a payment that is no advance, a missing amount, writing nothing", () => {
    expect(refusals.foreign!.status).toBe(404);
    expect(refusals.tooMuch).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'amount', details: { refundable: 11800 } } });
    expect(refusals.early).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'date' } });
    expect(refusals.notAdvance).toMatchObject({ status: 409, body: { code: 'conflict.invalid_state' } });
    expect(refusals.missing).toMatchObject({ status: 400, body: { code: 'validation.required_field', field: 'amount' } });
  });

  it('issues a refund voucher and takes back the tax on the part refunded', () => {
    expect(refunds.may.refund).toMatchObject({
      refund_voucher_number: 'RF-26-27-00001', date: '2026-05-20T00:00:00', amount: 5900, reference: 'NEFT-0520',
      // The receipt's own bank when none is sent.
      paid_through_account_id: a.bank_account_id,
      // 5,900 stays: taxable 5,000, CGST 450, SGST 450, so half of 10,000, 900 and 900 comes back.
      taxable_amount: 5000, igst: 0, cgst: 450, sgst: 450,
    });
    expect(refunds.june.refund).toMatchObject({ refund_voucher_number: 'RF-26-27-00002', amount: 2950, taxable_amount: 2500, cgst: 225, sgst: 225 });
    // An advance for goods had no receipt voucher and bore no tax: none to take back, no refund voucher.
    expect(refunds.goods.refund).toMatchObject({ refund_voucher_number: null, amount: 400, taxable_amount: 0, cgst: 0, sgst: 0 });
  });

  it('shows on the payment, and the payment refuses what would undo it', async () => {
    const payment = (await org.api.get(`/payments/${a.payment_id}`)).body.payment;
    expect(payment.refunds.map((r: Json) => [r.refund_voucher_number, r.amount])).toEqual([['RF-26-27-00001', 5900], ['RF-26-27-00002', 2950]]);
    expect(payment.allocations.map((x: Json) => x.amount)).toEqual([2950]);
    const listed = (await org.api.get('/payments?flow=INCOMING')).body.payments.find((p: Json) => p.payment_id === g.payment_id);
    expect(listed.refunds.map((r: Json) => r.amount)).toEqual([400]);
    // 11,800 − 5,900 − 2,950 refunded − 2,950 applied: nothing left to refund.
    expect(refusals.usedUp).toMatchObject({ status: 400, body: { field: 'amount', details: { refundable: 0 } } });
    expect(refusals.deleted).toMatchObject({ status: 409, body: { code: 'conflict.invalid_state' } });
    const moved = await org.api.put(`/payments/${g.payment_id}`, { amount: 900 });
    expect(moved.body).toMatchObject({ code: 'conflict.invalid_state', details: { field: 'amount' } });
    const redated = await org.api.put(`/payments/${g.payment_id}`, { date: '2026-05-26' });
    expect(redated.body).toMatchObject({ code: 'conflict.invalid_state', details: { field: 'date' } });
  });

  it('posts Dr Advances, Cr Bank, and Dr Output tax, Cr Advances for the tax taken back', () => {
    expect(mayBooks).toEqual({
      // Credits 11,800 + 1,000 + 500, less the tax 1,800, less 5,900 + 400 refunded, plus 900 taken back: 6,100.
      'Advances from Customers': -6100,
      // 900 on A, 450 taken back.
      'CGST Output': -450,
      'SGST Output': -450,
    });
  });
});

describe('GSTR-1 Table 11 and Table 13', () => {
  it('May: a refund in the month the advance was received reduces at', async () => {
    const res = await org.api.get(`/gst/gstr1?${MAY}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 10,000 received less 5,000 refunded.
    expect(res.body.gstr1.at).toEqual([{ pos: '29', sply_ty: 'INTRA', itms: [{ rt: 18, ad_amt: 5000, iamt: 0, camt: 450, samt: 450, csamt: 0 }] }]);
    expect(res.body.gstr1.txpd).toBeUndefined();
    expect(res.body.gstr1.doc_issue.doc_det).toContainEqual({
      doc_num: 8, doc_typ: 'Refund voucher', docs: [{ num: 1, from: 'RF-26-27-00001', to: 'RF-26-27-00001', totnum: 1, cancel: 0, net_issue: 1 }],
    });
  });

  it("June: a refund of May's advance is in txpd, beside the adjustment", async () => {
    const res = await org.api.get(`/gst/gstr1?${JUNE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gstr1.at).toBeUndefined();
    // Refunded 2,500 (225 + 225) and adjusted 2,500 (225 + 225).
    expect(res.body.gstr1.txpd).toEqual([{ pos: '29', sply_ty: 'INTRA', itms: [{ rt: 18, ad_amt: 5000, iamt: 0, camt: 450, samt: 450, csamt: 0 }] }]);
    expect(res.body.gstr1.doc_issue.doc_det).toContainEqual({
      doc_num: 8, doc_typ: 'Refund voucher', docs: [{ num: 1, from: 'RF-26-27-00002', to: 'RF-26-27-00002', totnum: 1, cancel: 0, net_issue: 1 }],
    });
  });

  it('the summary finds the books and the return agree, refunds included', async () => {
    for (const period of [MAY, JUNE]) {
      const res = await org.api.get(`/gst/gstr1/summary?${period}`);
      expect(res.body.gstr1_summary.reconciliation.differences).toEqual([]);
    }
    // May: 1,800 on A less 900 refunded. June: the invoices 450 + 1,800, less 450 refunded and 450 adjusted.
    expect((await org.api.get(`/gst/gstr1/summary?${MAY}`)).body.gstr1_summary.reconciliation).toMatchObject({ return_tax: 900, books_tax: 900 });
    expect((await org.api.get(`/gst/gstr1/summary?${JUNE}`)).body.gstr1_summary.reconciliation).toMatchObject({ return_tax: 1350, books_tax: 1350 });
  });
});

describe('GSTR-3B 3.1(a)', () => {
  it('follows Table 11: at adds, txpd subtracts', async () => {
    const may = (await org.api.get(`/gst/gstr3b?${MAY}`)).body.gstr3b;
    expect(may.sup_details.osup_det).toEqual({ txval: 5000, iamt: 0, camt: 450, samt: 450, csamt: 0 });
    const june = (await org.api.get(`/gst/gstr3b?${JUNE}`)).body.gstr3b;
    // The invoices 2,500 + 10,000 (CGST 225 + 900, SGST the same) less txpd 5,000 (450, 450).
    expect(june.sup_details.osup_det).toEqual({ txval: 7500, iamt: 0, camt: 675, samt: 675, csamt: 0 });
  });

  it('keeps the books balanced', async () => {
    // Credits 13,300, less the tax 1,800, less 9,250 refunded and 2,950 applied, plus 1,350 + 450 taken back:
    // G's 600 and the plain receipt's 500.
    expect(await accountBalance(org.api, 'Advances from Customers')).toBe(-1100);
    // 900 on A, less 450 + 225 refunded and 225 adjusted, plus the invoices' 225 + 900.
    expect(await accountBalance(org.api, 'CGST Output')).toBe(-1125);
    expect(await accountBalance(org.api, 'SGST Output')).toBe(-1125);
    await expectBooksBalanced(org.api);
    // Each payment keeps as unapplied what its allocations and refunds leave (payments.ledger-check.ts).
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });
});
