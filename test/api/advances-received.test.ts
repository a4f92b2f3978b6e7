import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, expectBooksBalanced } from '../support/books';
import { gstCustomer, gstOrg, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createInvoice, customer, taxId } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Advances received by the Karnataka (29) head office, worked by hand over May and June 2026
 * (CGST Rule 50, s.13(2); docs/rules/returns-gstr1-gstr3b.md, "Advances received"):
 * - A: ₹11,800 from Udyog (Maharashtra, 27) for services on 10 May, no place or rate sent:
 *   inter-state at 18%; taxable 11,800 × 100 / 118 = 10,000, IGST 1,800. Voucher RV-26-27-00001.
 * - B: ₹5,600 from Raman (Karnataka) for services on 20 May, place IN-KA at 12%: taxable
 *   5,600 × 100 / 112 = 5,000, CGST 300 and SGST 300. Voucher RV-26-27-00002. On 25 May ₹2,240
 *   of it settles an invoice of 2,000 + 12% (CGST 120, SGST 120): what stays, 3,360, has
 *   taxable 3,000 and CGST 180 + SGST 180, so the adjustment takes back 2,000, 120 and 120.
 * - C: ₹1,000 from Raman for goods on 20 May: only marked (Notification 66/2017-CT).
 * - D: ₹2,360 from Udyog for services on 28 May, deleted: voucher RV-26-27-00003 cancelled.
 * - In June ₹5,900 of A settles an invoice to Udyog of 5,000 + 18% IGST (900): what stays,
 *   5,900, has taxable 5,000 and IGST 900, so the adjustment takes back 5,000 and 900.
 */

let t: TestApp;
let org: OrgFixture;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const MAY = `gstin=${SUPPLIER_GSTIN}&period=052026`;
const JUNE = `gstin=${SUPPLIER_GSTIN}&period=062026`;
let payments: Record<'a' | 'b' | 'c' | 'd', Json>;
const refusals: Json[] = [];
let mayBooks: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-25T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  const [gst18, gst12] = await Promise.all([taxId(api, 18), taxId(api, 12)]);
  const raman = await gstCustomer(api);
  const udyog = await gstCustomer(api, { contact_name: 'Udyog Supplies', gst_no: OTHER_STATE_GSTIN, billing_address: { address: 'Plot 7, MIDC Bhosari', city: 'Pune', state_code: 'IN-MH', zip: '411026', country: 'India' } });
  const walkIn = await customer(api);
  const pay = async (body: Json, status = 201) => {
    const res = await api.post('/payments', { flow: 'INCOMING', ...body }, { idempotencyKey: newKey() });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body.payment ?? res.body;
  };
  const invoice = async (body: Json) => {
    const res = await createInvoice(api, { auto_approve: true, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.invoice;
  };
  const apply = async (paymentId: string, body: Json) => {
    const res = await api.post(`/payments/${paymentId}/apply`, body, { idempotencyKey: newKey() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  // Refused, nothing written: the vouchers below still start at 00001.
  refusals.push(await pay({ contact_id: raman, date: '2026-05-01', amount: 100, gst_rate: 18 }, 400));
  refusals.push(await pay({ contact_id: raman, date: '2026-05-01', amount: 100, advance_for: 'SERVICES', place_of_supply: 'Narnia' }, 400));
  refusals.push(await pay({ contact_id: walkIn, date: '2026-05-01', amount: 100, advance_for: 'SERVICES', place_of_supply: '96' }, 400));
  refusals.push(await pay({ flow: 'OUTGOING', contact_id: raman, date: '2026-05-01', amount: 100, advance_for: 'GOODS' }, 400));

  payments = {
    a: await pay({ contact_id: udyog, date: '2026-05-10', amount: 11800, advance_for: 'SERVICES' }),
    b: await pay({ contact_id: raman, date: '2026-05-20', amount: 5600, advance_for: 'SERVICES', place_of_supply: 'IN-KA', gst_rate: 12 }),
    c: await pay({ contact_id: raman, date: '2026-05-20', amount: 1000, advance_for: 'GOODS' }),
    d: await pay({ contact_id: udyog, date: '2026-05-28', amount: 2360, advance_for: 'SERVICES' }),
  };
  expect((await api.delete(`/payments/${payments.d.payment_id}`)).status).toBe(200);
  const consulting = await invoice({ customer_id: raman, date: '2026-05-25', place_of_supply: 'IN-KA', line_items: [{ name: 'Consulting', hsn_or_sac: '998313', quantity: 1, rate: 2000, tax_id: gst12 }] });
  await apply(payments.b.payment_id, { invoice_id: consulting.invoice_id, amount: 2240 });
  mayBooks = Object.fromEntries(await Promise.all(['Advances from Customers', 'IGST Output', 'CGST Output', 'SGST Output'].map(async (n) => [n, await accountBalance(api, n)] as const)));

  const design = await invoice({ customer_id: udyog, date: '2026-06-05', place_of_supply: 'IN-MH', line_items: [{ name: 'Design', hsn_or_sac: '998391', quantity: 1, rate: 5000, tax_id: gst18 }] });
  await apply(payments.a.payment_id, { invoice_id: design.invoice_id, amount: 5900 });
});
afterAll(async () => { await t.close(); });

describe('An advance received', () => {
  it('refuses a rate without advance_for SERVICES, an unknown place, an export (96), an advance paid out, writing nothing', () => {
    expect(refusals).toEqual([
      expect.objectContaining({ code: 'validation.invalid_value', field: 'gst_rate' }),
      expect.objectContaining({ code: 'validation.invalid_value', field: 'place_of_supply' }),
      expect.objectContaining({ code: 'validation.invalid_value', field: 'place_of_supply', message: expect.stringContaining('export') }),
      expect.objectContaining({ code: 'validation.invalid_value', field: 'advance_for' }),
    ]);
  });

  it('for services shows its voucher, place, rate and tax; for goods is only marked', () => {
    expect(payments.a).toMatchObject({
      payment_type: 'ADVANCE', advance_for: 'SERVICES', receipt_voucher_number: 'RV-26-27-00001',
      // Nothing sent: the customer's state (27), inter-state (Rule 50(1)), 18%.
      advance_tax: { place_of_supply: 'IN-MH', supply_type: 'INTER', gst_rate: 18, taxable_amount: 10000, igst: 1800, cgst: 0, sgst: 0 },
    });
    expect(payments.b).toMatchObject({
      receipt_voucher_number: 'RV-26-27-00002',
      advance_tax: { place_of_supply: 'IN-KA', supply_type: 'INTRA', gst_rate: 12, taxable_amount: 5000, igst: 0, cgst: 300, sgst: 300 },
    });
    expect(payments.c).toMatchObject({ payment_type: 'ADVANCE', advance_for: 'GOODS', receipt_voucher_number: null, advance_tax: null });
  });

  it('posts its tax against the advance, and an adjustment takes back its part', () => {
    expect(mayBooks).toEqual({
      // Credits 11,800 + 5,600 + 1,000 (D deleted), less the tax 1,800 + 600, less 2,240 applied, plus 240 taken back: 14,000.
      'Advances from Customers': -14000,
      'IGST Output': -1800,
      // 300 on B, 120 on the invoice, 120 taken back: 300.
      'CGST Output': -300,
      'SGST Output': -300,
    });
  });
});

describe('GSTR-1 Table 11 and Table 13', () => {
  it('May: at holds what was received and not adjusted by the end of May; nothing earlier to adjust', async () => {
    const res = await org.api.get(`/gst/gstr1?${MAY}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gstr1.at).toEqual([
      { pos: '27', sply_ty: 'INTER', itms: [{ rt: 18, ad_amt: 10000, iamt: 1800, camt: 0, samt: 0, csamt: 0 }] },
      // 5,000 received less 2,000 adjusted in May.
      { pos: '29', sply_ty: 'INTRA', itms: [{ rt: 12, ad_amt: 3000, iamt: 0, camt: 180, samt: 180, csamt: 0 }] },
    ]);
    expect(res.body.gstr1.txpd).toBeUndefined();
    expect(res.body.gstr1.doc_issue.doc_det).toContainEqual({
      doc_num: 6, doc_typ: 'Receipt voucher',
      docs: [{ num: 1, from: 'RV-26-27-00001', to: 'RV-26-27-00003', totnum: 3, cancel: 1, net_issue: 2 }],
    });
  });

  it("June: txpd holds May's advance adjusted in June; at, with nothing to report, is left out", async () => {
    const res = await org.api.get(`/gst/gstr1?${JUNE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gstr1.at).toBeUndefined();
    expect(res.body.gstr1.txpd).toEqual([{ pos: '27', sply_ty: 'INTER', itms: [{ rt: 18, ad_amt: 5000, iamt: 900, camt: 0, samt: 0, csamt: 0 }] }]);
  });

  it('the summary finds the books and the return agree, advances included', async () => {
    for (const period of [MAY, JUNE]) {
      const res = await org.api.get(`/gst/gstr1/summary?${period}`);
      expect(res.body.gstr1_summary.reconciliation.differences).toEqual([]);
    }
    // May: the invoice's 240, A's 1,800, B's 600 less 240 taken back = 2,400; June: 900 less 900.
    expect((await org.api.get(`/gst/gstr1/summary?${MAY}`)).body.gstr1_summary.reconciliation).toMatchObject({ return_tax: 2400, books_tax: 2400 });
    expect((await org.api.get(`/gst/gstr1/summary?${JUNE}`)).body.gstr1_summary.reconciliation).toMatchObject({ return_tax: 0, books_tax: 0 });
  });
});

describe('GSTR-3B 3.1(a)', () => {
  it('adds the advances of at and subtracts those of txpd', async () => {
    const may = (await org.api.get(`/gst/gstr3b?${MAY}`)).body.gstr3b;
    // The invoice 2,000 (CGST 120, SGST 120) + at 10,000 (IGST 1,800) + 3,000 (CGST 180, SGST 180).
    expect(may.sup_details.osup_det).toEqual({ txval: 15000, iamt: 1800, camt: 300, samt: 300, csamt: 0 });
    const june = (await org.api.get(`/gst/gstr3b?${JUNE}`)).body.gstr3b;
    // The invoice 5,000 (IGST 900) less txpd 5,000 (IGST 900): paid in May already.
    expect(june.sup_details.osup_det).toEqual({ txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 });
  });

  it('keeps the books balanced', async () => {
    // IGST: 1,800 on A, 900 on the June invoice, 900 taken back.
    expect(await accountBalance(org.api, 'IGST Output')).toBe(-1800);
    await expectBooksBalanced(org.api);
  });
});

describe('Changing an advance', () => {
  it('unapplying the June adjustment puts its tax back on the advance and takes it out of txpd', async () => {
    const a = (await org.api.get(`/payments/${payments.a.payment_id}`)).body.payment;
    const res = await org.api.delete(`/payments/${a.payment_id}/allocations/${a.allocations[0].allocation_id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await org.api.get(`/gst/gstr1?${JUNE}`)).body.gstr1.txpd).toBeUndefined();
    // 1,800 on A and 900 on the June invoice; nothing taken back now.
    expect(await accountBalance(org.api, 'IGST Output')).toBe(-2700);
    await expectBooksBalanced(org.api);
  });

  it('a new amount, while nothing is applied, is taxed afresh', async () => {
    const created = await org.api.post('/payments', { flow: 'INCOMING', contact_id: payments.a.contact_id, date: '2026-06-20', amount: 2360, advance_for: 'SERVICES' }, { idempotencyKey: newKey() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const updated = await org.api.put(`/payments/${created.body.payment.payment_id}`, { amount: 1180 });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    // 1,180 × 100 / 118 = 1,000; IGST 180. The voucher stays the one issued.
    expect(updated.body.payment).toMatchObject({ receipt_voucher_number: 'RV-26-27-00004', advance_tax: { taxable_amount: 1000, igst: 180 } });
    expect((await org.api.get(`/gst/gstr1?${JUNE}`)).body.gstr1.at).toEqual([{ pos: '27', sply_ty: 'INTER', itms: [{ rt: 18, ad_amt: 1000, iamt: 180, camt: 0, samt: 0, csamt: 0 }] }]);
    const refused = await org.api.put(`/payments/${created.body.payment.payment_id}`, { flow: 'OUTGOING' });
    expect(refused.body).toMatchObject({ code: 'validation.invalid_value', field: 'flow' });
    // 2,700 before, and 180 on this advance.
    expect(await accountBalance(org.api, 'IGST Output')).toBe(-2880);
    await expectBooksBalanced(org.api);
  });
});

describe('a filed GSTR-1 and the advances it reports (Table 11)', () => {
  it("refuses a receipt for services in May, and deleting one, once May's GSTR-1 is filed; an advance for goods is not reported, so not refused", async () => {
    const filed = `/gst/returns/${SUPPLIER_GSTIN}/052026/filed`;
    const marked = await org.api.put(filed, { return: 'GSTR1', arn: 'AA290526012345A', filed_on: '2026-06-11' }, { idempotencyKey: newKey() });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    const services = await org.api.post('/payments', { flow: 'INCOMING', contact_id: payments.b.contact_id, date: '2026-05-30', amount: 1180, advance_for: 'SERVICES' }, { idempotencyKey: newKey() });
    expect(services.status).toBe(409);
    expect(services.body).toMatchObject({ code: 'conflict.period_filed', details: { return: 'GSTR1', period: '052026' } });
    expect((await org.api.delete(`/payments/${payments.b.payment_id}`)).body).toMatchObject({ code: 'conflict.period_filed' });
    const goods = await org.api.post('/payments', { flow: 'INCOMING', contact_id: payments.b.contact_id, date: '2026-05-30', amount: 500, advance_for: 'GOODS' }, { idempotencyKey: newKey() });
    expect(goods.status, JSON.stringify(goods.body)).toBe(201);
    expect((await org.api.delete(`${filed}?return=GSTR1`)).status).toBe(200);
    await expectBooksBalanced(org.api);
  });
});
