import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBankLines } from '../support/bank';
import { accountId, expectBooksBalanced } from '../support/books';
import { gstCustomer, gstOrg, gstVendor, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { gstr2bFile } from '../support/gstr2b-file';
import { taxId } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * GET /reports/dashboard over May and June 2026 of a Bengaluru business (GSTIN 29…), every
 * figure worked by hand in rupees. Raman Traders is a registered customer in Karnataka (CGST and
 * SGST); Udyog Supplies a registered vendor in Maharashtra (IGST). Today is 10 July 2026.
 *
 * May   I1  invoice of 5 May, due 4 Jun: 10,000 + CGST 900 + SGST 900 = 11,800
 *       B1  bill of 10 May, due 9 Jun: 5,000 + IGST 900 = 5,900 (Udyog's numbers are UDY/<date>)
 *       R1  receipt of 20 May into the bank: 8,000 for I1
 *       E1  expense of 25 May from the bank: 1,000 + CGST 90 + SGST 90 = 1,180
 *       T1  28 May: 2,000 taken from the bank to petty cash (a journal between the two)
 * June  I2  invoice of 3 Jun, due 3 Jul: 10 × 2,000 = 20,000 + CGST 1,800 + SGST 1,800 = 23,600
 *       C1  credit note of 10 Jun on I2: one unit back, 2,000 + CGST 180 + SGST 180 = 2,360, not applied
 *       B2  bill of 12 Jun, due 12 Jul: 3,000 + IGST 540 = 3,540
 *       P1  payment of 15 Jun from the bank: 5,900 for B1
 *       R2  receipt of 18 Jun into the bank: 1,800 for I1 (I1 keeps 2,000 open)
 *       a DRAFT invoice (4,000) and a DRAFT bill (1,500), which post nothing
 * July  I3  invoice of 2 Jul: 1,000 + CGST 90 + SGST 90, after the period
 *
 * months  2026-05  sales 10,000               purchases 5,000 + 1,000 = 6,000
 *                  cash in 8,000 (R1)         cash out 1,180 (E1); T1 moves money between two of them: neither
 *         2026-06  sales 20,000 − 2,000 = 18,000   purchases 3,000
 *                  cash in 1,800 (R2)         cash out 5,900 (P1)
 * totals  sales 28,000, purchases 9,000, cash in 9,800, cash out 7,080
 * receivables on 30 Jun: I1 2,000 is 26 days past due (1-30), I2 23,600 not yet due (current);
 *         outstanding 25,600, open credits 2,360 (C1), net 23,240
 * payables on 30 Jun: B2 3,540 current; outstanding 3,540, no open credits, net 3,540
 * GST     output CGST 900 + 1,800 − 180 = 2,520, SGST the same; input IGST 900 + 540 = 1,440,
 *         CGST 90, SGST 90. Payable: IGST −1,440, CGST 2,430, SGST 2,430, cess 0; total 3,420
 *         (5,040 output less 1,620 input)
 * waiting drafts: 1 invoice, 1 bill; notes are created ISSUED, so no draft notes.
 *         e-invoices: the organisation e-invoices; I1, I2, I3 and C1 are to a registered buyer with
 *         no IRN: 4 (any date). The drafts need none yet.
 *         bank lines (Bank): 20 May in 8,000 matched to R1, 25 May out 1,180 matched to E1,
 *         15 Jun out 5,900 left unmatched, 18 Jun in 1,800 excluded, 3 Jul in 500 unmatched but
 *         after the period: 1 unmatched in the period. No GSTR-2B uploaded: nothing to review
 *         (the last test uploads June's).
 * bank    Bank: 8,000 − 1,180 − 2,000 − 5,900 + 1,800 = 720, 1 unmatched line; Petty Cash 2,000.
 */

let t: TestApp;
let org: OrgFixture;
let bank: string;
let pettyCash: string;

const created = async (path: string, body: Record<string, unknown>) => {
  const res = await org.api.post(path, body, { idempotencyKey: newKey() });
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
  return res.body;
};

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-07-10T06:00:00Z'));
  org = await gstOrg(t, { address: { address: '42, 1st Main Road, Koramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' } });
  expect((await t.admin.put(`/orgs/${org.orgId}/preferences`, { einvoicing: true })).status).toBe(200);
  const [customerId, vendorId, t18] = [await gstCustomer(org.api), await gstVendor(org.api), await taxId(org.api, 18)];
  [bank, pettyCash] = [await accountId(org.api, 'Bank'), await accountId(org.api, 'Petty Cash')];
  const invoice = async (date: string, due: string, quantity: number, rate: number, approve = true) => (await created('/invoices', {
    customer_id: customerId, date, due_date: due, place_of_supply: 'IN-KA', auto_approve: approve,
    line_items: [{ name: 'Copier paper', hsn_or_sac: '4802', quantity, rate, tax_id: t18 }],
  })).invoice;
  const bill = async (date: string, due: string, rate: number, approve = true) => (await created('/bills', {
    vendor_id: vendorId, date, due_date: due, place_of_supply: 'IN-KA', auto_approve: approve, bill_number: `UDY/${date}`,
    line_items: [{ name: 'Pulp', hsn_or_sac: '4702', quantity: 1, rate, tax_id: t18 }],
  })).bill;

  const i1 = await invoice('2026-05-05', '2026-06-04', 1, 10000);
  expect(i1.total).toBe(11800);
  const b1 = await bill('2026-05-10', '2026-06-09', 5000);
  expect(b1.total).toBe(5900);
  const r1 = (await created('/payments', {
    flow: 'INCOMING', contact_id: customerId, date: '2026-05-20', amount: 8000, bank_account_id: bank, reference_number: 'UTR R1', allocations: [{ invoice_id: i1.invoice_id, amount: 8000 }],
  })).payment;
  const e1 = (await created('/expenses', {
    date: '2026-05-25', account_id: await accountId(org.api, 'General Expenses'), paid_through_account_id: bank, amount: 1000, tax_id: t18, place_of_supply: 'IN-KA', reference_number: 'E1',
  })).expense;
  expect(e1.total).toBe(1180);
  await created('/journals', { date: '2026-05-28', memo: 'Cash for the office', lines: [{ account_id: pettyCash, debit: 2000 }, { account_id: bank, credit: 2000 }] });

  const i2 = await invoice('2026-06-03', '2026-07-03', 10, 2000);
  expect(i2.total).toBe(23600);
  const c1 = (await created('/credit_notes', {
    customer_id: customerId, invoice_id: i2.invoice_id, date: '2026-06-10', place_of_supply: 'IN-KA',
    line_items: [{ invoice_line_item_id: i2.line_items[0].line_item_id, name: 'Copier paper', quantity: 1 }],
  })).credit_note;
  expect(c1.total).toBe(2360);
  expect((await bill('2026-06-12', '2026-07-12', 3000)).total).toBe(3540);
  await created('/payments', {
    flow: 'OUTGOING', contact_id: vendorId, date: '2026-06-15', amount: 5900, bank_account_id: bank, reference_number: 'UTR P1', allocations: [{ bill_id: b1.bill_id, amount: 5900 }],
  });
  await created('/payments', {
    flow: 'INCOMING', contact_id: customerId, date: '2026-06-18', amount: 1800, bank_account_id: bank, reference_number: 'UTR R2', allocations: [{ invoice_id: i1.invoice_id, amount: 1800 }],
  });
  expect((await invoice('2026-06-20', '2026-07-20', 2, 2000, false)).status).toBe('DRAFT');
  expect((await bill('2026-06-21', '2026-07-21', 1500, false)).status).toBe('DRAFT');
  await invoice('2026-07-02', '2026-08-01', 1, 1000);

  const [inR1, outE1, , inR2] = await seedBankLines(t, org.orgId, bank, [
    { date: '2026-05-20', narration: 'NEFT CR RAMAN TRADERS', amount: 8000, direction: 'IN' },
    { date: '2026-05-25', narration: 'POS BLUE DART', amount: 1180, direction: 'OUT' },
    { date: '2026-06-15', narration: 'NEFT DR UDYOG SUPPLIES', amount: 5900, direction: 'OUT' },
    { date: '2026-06-18', narration: 'NEFT CR RAMAN TRADERS', amount: 1800, direction: 'IN' },
    { date: '2026-07-03', narration: 'CASH DEPOSIT', amount: 500, direction: 'IN' },
  ]);
  await created(`/bank_transactions/${inR1}/match`, { entries: [{ source: 'PAYMENT', source_id: r1.payment_id }] });
  await created(`/bank_transactions/${outE1}/match`, { entries: [{ source: 'EXPENSE', source_id: e1.expense_id }] });
  expect((await org.api.post(`/bank_transactions/${inR2}/exclude`, { reason: 'Shown twice by the bank' }, { idempotencyKey: newKey() })).status).toBe(200);
});
afterAll(async () => { await t?.close(); });

const dashboard = async (query: string) => {
  const res = await org.api.get(`/reports/dashboard${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.dashboard;
};

describe('GET /reports/dashboard', () => {
  it('shows May and June as worked by hand', async () => {
    await expectBooksBalanced(org.api);
    expect(await dashboard('?from_date=2026-05-01&to_date=2026-06-30')).toEqual({
      from_date: '2026-05-01', to_date: '2026-06-30',
      months: [
        { month: '2026-05', sales: 10000, purchases: 6000, cash_in: 8000, cash_out: 1180 },
        { month: '2026-06', sales: 18000, purchases: 3000, cash_in: 1800, cash_out: 5900 },
      ],
      totals: { sales: 28000, purchases: 9000, cash_in: 9800, cash_out: 7080 },
      receivables: {
        as_of: '2026-06-30',
        buckets: [{ label: 'current', amount: 23600 }, { label: '1-30', amount: 2000 }, { label: '31-60', amount: 0 }, { label: '61-90', amount: 0 }, { label: 'over 90', amount: 0 }],
        outstanding: 25600, open_credits: 2360, net: 23240,
      },
      payables: {
        as_of: '2026-06-30',
        buckets: [{ label: 'current', amount: 3540 }, { label: '1-30', amount: 0 }, { label: '31-60', amount: 0 }, { label: '61-90', amount: 0 }, { label: 'over 90', amount: 0 }],
        outstanding: 3540, open_credits: 0, net: 3540,
      },
      gst_payable: { igst: -1440, cgst: 2430, sgst: 2430, cess: 0, total: 3420 },
      waiting: {
        draft_invoices: 1, draft_bills: 1, draft_credit_notes: 0, draft_debit_notes: 0,
        einvoices_pending: 4, unmatched_bank_lines: 1, itc_to_review: 0,
      },
      bank_accounts: [
        { account_id: bank, name: 'Bank', balance: 720, unmatched_lines: 1 },
        { account_id: pettyCash, name: 'Petty Cash', balance: 2000, unmatched_lines: 0 },
      ],
    });
  });

  it('shows one month alone: June, the balances as on its last day', async () => {
    const june = await dashboard('?from_date=2026-06-01&to_date=2026-06-30');
    expect(june.months).toEqual([{ month: '2026-06', sales: 18000, purchases: 3000, cash_in: 1800, cash_out: 5900 }]);
    // June's GST: output CGST 1,800 − 180 = 1,620, SGST the same; input IGST 540.
    expect(june.gst_payable).toEqual({ igst: -540, cgst: 1620, sgst: 1620, cess: 0, total: 2700 });
    expect(june.waiting.unmatched_bank_lines).toBe(1);
    expect(june.bank_accounts.map((a: { balance: number }) => a.balance)).toEqual([720, 2000]);
  });

  it('defaults to the financial year holding today, from 1 April to today, every month shown', async () => {
    const year = await dashboard('');
    expect([year.from_date, year.to_date]).toEqual(['2026-04-01', '2026-07-10']);
    // April has no postings; July has I3 (1,000) and nothing through the bank.
    expect(year.months).toEqual([
      { month: '2026-04', sales: 0, purchases: 0, cash_in: 0, cash_out: 0 },
      { month: '2026-05', sales: 10000, purchases: 6000, cash_in: 8000, cash_out: 1180 },
      { month: '2026-06', sales: 18000, purchases: 3000, cash_in: 1800, cash_out: 5900 },
      { month: '2026-07', sales: 1000, purchases: 0, cash_in: 0, cash_out: 0 },
    ]);
    expect(year.totals).toEqual({ sales: 29000, purchases: 9000, cash_in: 9800, cash_out: 7080 });
    // On 10 July I2 is 7 days past due (1-30), I1's 2,000 is 36 (31-60), I3's 1,180 not yet due.
    expect(year.receivables).toMatchObject({ as_of: '2026-07-10', outstanding: 26780, open_credits: 2360, net: 24420 });
    // The 3 July line is within the year: two unmatched.
    expect(year.waiting.unmatched_bank_lines).toBe(2);
    expect(year.gst_payable).toEqual({ igst: -1440, cgst: 2520, sgst: 2520, cess: 0, total: 3600 });
  });

  it('takes a period of 24 calendar months and refuses 25, or an end before the start, on to_date', async () => {
    expect((await dashboard('?from_date=2025-04-01&to_date=2027-03-31')).months).toHaveLength(24);
    for (const query of ['?from_date=2025-04-15&to_date=2027-04-01', '?from_date=2026-06-30&to_date=2026-06-01']) {
      const res = await org.api.get(`/reports/dashboard${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'to_date' });
    }
    const malformed = await org.api.get('/reports/dashboard?from_date=2026-13-01');
    expect(malformed.status).toBe(400);
    expect(malformed.body.field).toBe('from_date');
  });

  it("counts the rows of June's GSTR-2B reconciliation that are not matched, once it is uploaded", async () => {
    // June's 2B: B2 as booked (matched), and an invoice of Udyog's the books lack (missing in the books). May has no 2B,
    // so B1, booked in May, is no month's row to review.
    const june2b = gstr2bFile({
      gstin: SUPPLIER_GSTIN, period: '062026', gendt: '14-07-2026',
      b2b: [{ ctin: OTHER_STATE_GSTIN, trdnm: 'Udyog Supplies', supprd: '062026', supfildt: '11-07-2026', inv: [
        { inum: 'UDY/2026-06-12', dt: '12-06-2026', txval: 3000, igst: 540 },
        { inum: 'UDY/2026-06-25', dt: '25-06-2026', txval: 800, igst: 144 },
      ] }],
    });
    expect((await org.api.post('/gst/gstr2b', june2b, { idempotencyKey: newKey() })).status).toBe(201);
    expect((await dashboard('?from_date=2026-05-01&to_date=2026-06-30')).waiting.itc_to_review).toBe(1);
    expect((await dashboard('?from_date=2026-05-01&to_date=2026-05-31')).waiting.itc_to_review).toBe(0);
  });

  it('needs Svc.accounts.READ', async () => {
    const { token } = await t.given.token([org.orgId], { scopes: ['Svc.contacts.READ', 'Svc.banking.READ'] });
    const res = await t.api.get('/reports/dashboard', { token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'authz.scope_missing', details: { required_scope: 'Svc.accounts.READ' } });
  });
});
