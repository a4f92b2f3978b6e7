import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBankLines } from '../support/bank';
import { lineState, postingOf } from '../support/bank-entries';
import { accountId, expectBooksBalanced } from '../support/books';
import { CUSTOMER_GSTIN, gstOrg, gstVendor, OTHER_STATE_GSTIN } from '../support/gst-documents';
import { customer, postedInvoice, taxId, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Entries made from bank lines of the Karnataka head office's Bank account, July 2026, every
 * figure worked by hand: the entry's journal, and its match to the line (+ in, − out of the account).
 */

let t: TestApp;
let org: OrgFixture;
let bank: string;
let gst18: string;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely

const create = (lineId: string, body: Json, api = org.api) => api.post(`/bank_transactions/${lineId}/create`, body, { idempotencyKey: newKey() });
const line = async (narration: string, amount: number, direction: 'IN' | 'OUT', extra: Json = {}) =>
  (await seedBankLines(t, org.orgId, bank, [{ date: '2026-07-10', narration, amount, direction, ...extra }]))[0]!;
const created = async (lineId: string, body: Json) => {
  const res = await create(lineId, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Json;
};

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-07-15T06:00:00Z'));
  org = await gstOrg(t);
  bank = await accountId(org.api, 'Bank');
  gst18 = await taxId(org.api, 18);
});
afterAll(async () => { await t.close(); });

describe('POST /bank_transactions/{id}/create', () => {
  it('makes a receipt from money in, applied to an invoice, and matches it', async () => {
    const raman = await customer(org.api, { contact_name: 'Raman Traders' });
    const invoice = await postedInvoice(org.api, raman, 1000, { date: '2026-07-01' });
    const id = await line('UPI/418802211/RAMAN TRADERS', 1000, 'IN', { reference: '418802211' });
    const body = await created(id, { type: 'PAYMENT', contact_id: raman, mode: 'UPI', allocations: [{ invoice_id: invoice.invoice_id, amount: 1000 }] });
    expect(body.created).toMatchObject({ bank_transaction_ids: [id], type: 'PAYMENT', source: 'PAYMENT', amount: 1000, bank_rule_id: null });
    expect(body.payment).toMatchObject({ flow: 'INCOMING', date: expect.stringMatching(/^2026-07-10/), amount: 1000, mode: 'UPI', reference_number: '418802211', bank_account_id: bank });
    // The receipt lands on the customer's advance, and the allocation moves it onto the invoice.
    expect(await postingOf(org.api, 'PAYMENT', body.payment.payment_id)).toEqual([['Advances from Customers', 0, 1000], ['Bank', 1000, 0]]);
    expect((await org.api.get(`/invoices/${invoice.invoice_id}`)).body.invoice).toMatchObject({ status: 'PAID', balance: 0 });
    expect(await lineState(t, org.orgId, id)).toEqual({
      status: 'MATCHED', bank_rule_id: null, matches: [{ match_group_id: body.created.match_group_id, source: 'PAYMENT', source_id: body.payment.payment_id, amount: 1000_00 }],
    });
  });

  it('makes a payment from money out', async () => {
    const supplier = await vendor(org.api, { contact_name: 'Udyog Supplies' });
    const id = await line('NEFT DR-UDYOG SUPPLIES-N191260012', 2500, 'OUT');
    const body = await created(id, { type: 'PAYMENT', contact_id: supplier });
    expect(body.payment).toMatchObject({ flow: 'OUTGOING', amount: 2500, mode: 'BANK_TRANSFER', description: 'NEFT DR-UDYOG SUPPLIES-N191260012' });
    expect(body.created.amount).toBe(-2500);
    expect(await postingOf(org.api, 'PAYMENT', body.payment.payment_id)).toEqual([['Advances to Vendors', 2500, 0], ['Bank', 0, 2500]]);
  });

  it('makes an untaxed expense, a transfer to petty cash, and journals against one account or with their own lines', async () => {
    const fee = await created(await line('ATM CASH WDL FEE', 25, 'OUT'), { type: 'EXPENSE', account_id: await accountId(org.api, 'Bank Charges') });
    expect(await postingOf(org.api, 'EXPENSE', fee.expense.expense_id)).toEqual([['Bank', 0, 25], ['Bank Charges', 25, 0]]);

    const transfer = await created(await line('SELF CHQ 000114', 5000, 'OUT'), { type: 'TRANSFER', account_id: await accountId(org.api, 'Petty Cash') });
    expect(transfer.created).toMatchObject({ source: 'MANUAL', source_id: transfer.journal.source_id, amount: -5000 });
    expect(await postingOf(org.api, 'MANUAL', transfer.journal.source_id)).toEqual([['Bank', 0, 5000], ['Petty Cash', 5000, 0]]);

    const interest = await created(await line('INT.PD:01-04-2026 TO 30-06-2026', 412.5, 'IN'), { type: 'JOURNAL', account_id: await accountId(org.api, 'Other Income') });
    expect(await postingOf(org.api, 'MANUAL', interest.journal.source_id)).toEqual([['Bank', 412.5, 0], ['Other Income', 0, 412.5]]);

    // A deposit of ₹10,000 split by hand: ₹9,000 from sales, ₹1,000 back from petty cash.
    const split = await created(await line('CASH DEP BR 0041', 10000, 'IN'), {
      type: 'JOURNAL', lines: [
        { account_id: bank, debit: 10000 }, { account_id: await accountId(org.api, 'Service Income'), credit: 9000 }, { account_id: await accountId(org.api, 'Petty Cash'), credit: 1000 },
      ],
    });
    expect(split.created.amount).toBe(10000);
  });

  it('makes a rule\'s entry when rule_id names it, the body overriding the rule', async () => {
    const rule = await org.api.post('/bank_rules', {
      name: 'Locker rent', condition: { contains: 'LOCKER' }, action: 'SUGGEST', target: { type: 'EXPENSE', account_id: await accountId(org.api, 'Bank Charges') },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const body = await created(await line('LOCKER RENT 2026-27', 1770, 'OUT'), { rule_id: rule.body.bank_rule.bank_rule_id, description: 'Locker rent for the year' });
    expect(body.created).toMatchObject({ type: 'EXPENSE', amount: -1770, bank_rule_id: rule.body.bank_rule.bank_rule_id });
    expect(body.expense).toMatchObject({ notes: 'Locker rent for the year', total: 1770 });
  });
});

describe('bank charges with GST', () => {
  it('takes CGST and SGST out of a tax-inclusive charge from a bank registered in the branch\'s state', async () => {
    const hdfc = await gstVendor(org.api, {
      contact_name: 'HDFC Bank Ltd (Karnataka)', gst_no: CUSTOMER_GSTIN, billing_address: { address: 'MG Road', city: 'Bengaluru', state_code: 'IN-KA', zip: '560001', country: 'India' },
    });
    const body = await created(await line('SMS ALERT CHGS QTR INCL GST', 590, 'OUT'), { type: 'EXPENSE', account_id: await accountId(org.api, 'Bank Charges'), contact_id: hdfc, tax_id: gst18 });
    // 590 × 100 / 118 = 500 net; 18% of 500 = 90, half CGST and half SGST: 45 + 45.
    expect(body.expense).toMatchObject({ is_inclusive_tax: true, sub_total: 500, cgst_total: 45, sgst_total: 45, igst_total: 0, total: 590 });
    expect(await postingOf(org.api, 'EXPENSE', body.expense.expense_id)).toEqual([['Bank', 0, 590], ['Bank Charges', 500, 0], ['CGST Input', 45, 0], ['SGST Input', 45, 0]]);
  });

  it('takes IGST from a bank registered in another state, the charge paired with its separate GST line: one expense matched to both', async () => {
    const bankMh = await gstVendor(org.api, { contact_name: 'Udyog Bank (Maharashtra)', gst_no: OTHER_STATE_GSTIN });
    const [charge, gst] = await seedBankLines(t, org.orgId, bank, [
      { date: '2026-07-12', narration: 'NEFT CHGS 12-07', amount: 200, direction: 'OUT' }, { date: '2026-07-12', narration: 'IGST ON NEFT CHGS 12-07', amount: 36, direction: 'OUT' },
    ]);
    const body = await created(charge!, { type: 'EXPENSE', account_id: await accountId(org.api, 'Bank Charges'), contact_id: bankMh, tax_id: gst18, gst_line_id: gst });
    // 200 net + IGST 18% of 200 = 36: 236 left the account, the two lines' 200 + 36.
    expect(body.expense).toMatchObject({ is_inclusive_tax: false, sub_total: 200, igst_total: 36, cgst_total: 0, total: 236 });
    expect(await postingOf(org.api, 'EXPENSE', body.expense.expense_id)).toEqual([['Bank', 0, 236], ['Bank Charges', 200, 0], ['IGST Input', 36, 0]]);
    expect(body.created).toMatchObject({ bank_transaction_ids: [charge, gst], amount: -236 });
    for (const id of [charge!, gst!]) expect((await lineState(t, org.orgId, id)).matches).toEqual([expect.objectContaining({ source: 'EXPENSE', amount: -236_00 })]);
  });

  it('takes no credit without the bank\'s GSTIN: the GST stays in the charge\'s cost', async () => {
    const unregistered = await vendor(org.api, { contact_name: 'Co-operative Bank' });
    const body = await created(await line('CHQ BOOK ISSUE CHGS', 118, 'OUT'), { type: 'EXPENSE', account_id: await accountId(org.api, 'Bank Charges'), contact_id: unregistered, tax_id: gst18 });
    // No tax invoice with a GSTIN, no credit (CGST s.16(2)(a)): all 118 is the cost.
    expect(body.expense).toMatchObject({ tax_id: null, tax_total: 0, total: 118 });
    expect(await postingOf(org.api, 'EXPENSE', body.expense.expense_id)).toEqual([['Bank', 0, 118], ['Bank Charges', 118, 0]]);
  });

  it('refuses a GST line that does not come to the tax on the charge, writing nothing', async () => {
    const hdfc = await gstVendor(org.api, { contact_name: 'HDFC Bank Ltd (Maharashtra)', gst_no: OTHER_STATE_GSTIN });
    const [charge, gst] = await seedBankLines(t, org.orgId, bank, [
      { date: '2026-07-13', narration: 'IMPS CHGS', amount: 100, direction: 'OUT' }, { date: '2026-07-13', narration: 'GST ON IMPS CHGS', amount: 20, direction: 'OUT' },
    ]);
    const before = (await org.api.get('/expenses?per_page=200')).body.expenses.length;
    // 18% of 100 is 18, not 20.
    const res = await create(charge!, { type: 'EXPENSE', account_id: await accountId(org.api, 'Bank Charges'), contact_id: hdfc, tax_id: gst18, gst_line_id: gst });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'gst_line_id', details: { entry_amount: -118, lines_amount: -120 } });
    expect((await org.api.get('/expenses?per_page=200')).body.expenses).toHaveLength(before);
    expect((await lineState(t, org.orgId, charge!)).status).toBe('UNMATCHED');
  });
});

describe('refusals', () => {
  it('answers 400 with the field, 404 for a line or account not found or another organisation\'s, 409 for a matched or reconciled line, 403 without the resource\'s scope; writing nothing', async () => {
    const raman = await customer(org.api);
    const id = await line('UPI/RAMAN', 300, 'IN');
    expect((await create(id, { contact_id: raman })).body).toMatchObject({ code: 'validation.required_field', field: 'type' });
    expect((await create(id, { type: 'PAYMENT' })).body).toMatchObject({ code: 'validation.required_field', field: 'contact_id' });
    expect((await create(id, { type: 'EXPENSE', account_id: bank, allocations: [] })).body).toMatchObject({ code: 'validation.invalid_value', field: 'allocations' });
    expect((await create(id, { type: 'PAYMENT', contact_id: 'con_nope' })).body).toMatchObject({ code: 'not_found.resource', field: 'contact_id' });
    // The payment's own refusal, as the payments API answers it.
    const invoice = await postedInvoice(org.api, raman, 100, { date: '2026-07-01' });
    expect((await create(id, { type: 'PAYMENT', contact_id: raman, allocations: [{ invoice_id: invoice.invoice_id, amount: 400 }] })).body)
      .toMatchObject({ code: 'validation.invalid_value', field: 'allocations' });
    expect((await create(id, { type: 'TRANSFER', account_id: await accountId(org.api, 'Service Income') })).body).toMatchObject({ code: 'not_found.resource', field: 'account_id' });
    expect((await create(id, { type: 'JOURNAL', lines: [{ account_id: bank, debit: 200 }, { account_id: await accountId(org.api, 'Other Income'), credit: 200 }] })).body)
      .toMatchObject({ code: 'validation.invalid_value', field: 'lines', details: { entry_amount: 200, lines_amount: 300 } });
    const out = await line('ATM WDL', 100, 'OUT');
    expect((await create(id, { type: 'EXPENSE', account_id: await accountId(org.api, 'Bank Charges'), gst_line_id: out })).body).toMatchObject({ code: 'validation.invalid_value', field: 'gst_line_id' });
    expect((await create('btx_nope', { type: 'PAYMENT', contact_id: raman })).status).toBe(404);
    const other = await gstOrg(t, { name: 'Other Org' });
    expect((await create(id, { type: 'PAYMENT', contact_id: raman }, other.api)).body).toMatchObject({ code: 'not_found.resource' });
    // A token that may touch the bank but not record payments.
    const { token } = await t.given.token([org.orgId], { scopes: ['Svc.banking.CREATE', 'Svc.banking.READ'] });
    const refused = await create(id, { type: 'PAYMENT', contact_id: raman }, t.api.withToken(token));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'authz.scope_missing', details: { required_scope: 'Svc.payments.CREATE' } });
    expect(await lineState(t, org.orgId, id)).toEqual({ status: 'UNMATCHED', bank_rule_id: null, matches: [] });
    expect((await org.api.get('/payments?per_page=200')).body.payments.filter((p: Json) => p.contact_id === raman)).toEqual([]);

    await created(id, { type: 'PAYMENT', contact_id: raman });
    expect((await create(id, { type: 'PAYMENT', contact_id: raman })).body).toMatchObject({ code: 'conflict.invalid_state' });
    const settled = await line('UPI/RECONCILED', 50, 'IN');
    await t.app.database.db.updateTable('bank_transactions').set({ reconciliation_id: 'brc_closed' }).where('bank_transaction_id', '=', settled).execute();
    const reconciled = await create(settled, { type: 'PAYMENT', contact_id: raman });
    expect(reconciled.status).toBe(409);
    expect(reconciled.body).toMatchObject({ code: 'conflict.reconciled' });
    await expectBooksBalanced(org.api);
  });
});
