import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, expectBooksBalanced } from '../support/books';
import type { HttpClient } from '../support/http-client';
import { readPdf } from '../support/pdf-reader';
import { createDebitNote, customer, taxId, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Purchases and GST credit: bill lines on accounts of their own, reverse charge on its own
 * ledgers (bills and imports of services), credit blocked by section 17(5) per line and the
 * report of it, and invoice lines that name their income account.
 */

let t: TestApp;
let org: OrgFixture;
let other: OrgFixture;
const acc: Record<string, string> = {};
const nameOf = new Map<string, string>();
let gst5: string;
let gst18: string;
const RCM_INPUT = 'Input GST under reverse charge';
const RCM_PAYABLE = 'GST payable under reverse charge';

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await t.given.org({ state_code: 'IN-KA' });
  other = await t.given.org({ state_code: 'IN-KA' });
  for (const a of (await org.api.get('/accounts?per_page=200')).body.accounts as { account_id: string; account_name: string }[]) {
    acc[a.account_name] = a.account_id;
    nameOf.set(a.account_id, a.account_name);
  }
  gst5 = await taxId(org.api, 5);
  gst18 = await taxId(org.api, 18);
});
afterAll(async () => { await t.close(); });

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely

const createBill = (body: Json, api: HttpClient = org.api) =>
  api.post('/bills', { date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true, reference_number: newKey().slice(-12), ...body });

async function postedBill(body: Json): Promise<Json> {
  const res = await createBill(body);
  if (res.status !== 201) throw new Error(`bill: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.bill;
}

/** A document's one posted entry as [account name, debit, credit], in posting order. */
async function entryOf(source: string, id: string) {
  const journals = (await org.api.get(`/journals?source=${source}&source_id=${id}`)).body.journals as Json[];
  expect(journals).toHaveLength(1);
  return journals[0]!.lines.map((l: Json) => [nameOf.get(l.account_id), l.debit, l.credit]);
}

const billsOf = async (vendorId: string) => (await org.api.get(`/bills?vendor_id=${vendorId}`)).body.bills as Json[];

describe('bill lines on accounts of their own', () => {
  it('posts each line to the account it names, an item-less line without one to Purchases', async () => {
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-KA' });
    const bill = await postedBill({
      vendor_id: vendorId,
      line_items: [
        { name: 'Laptop', rate: 50000, tax_id: gst18, account_id: acc['Fixed Assets'] },
        { name: 'Stationery', rate: 1000, tax_id: gst5 },
        { name: 'Courier', rate: 500, account_id: acc['General Expenses'] },
      ],
    });
    // Intra-state: 50000 × 9% = 4500 CGST and 4500 SGST; 1000 × 2.5% = 25 and 25; the courier untaxed.
    expect(bill).toMatchObject({ is_rcm: false, sub_total: 51500, tax_total: 9050, cgst_total: 4525, sgst_total: 4525, total: 60550 });
    expect(bill.line_items.map((l: Json) => [nameOf.get(l.account_id), l.itc_blocked_reason])).toEqual([
      ['Fixed Assets', null], ['Purchases', null], ['General Expenses', null],
    ]);
    expect(await entryOf('BILL', bill.bill_id)).toEqual([
      ['Fixed Assets', 50000, 0], ['Purchases', 1000, 0], ['General Expenses', 500, 0],
      ['CGST Input', 4525, 0], ['SGST Input', 4525, 0], ['Accounts Payable', 0, 60550],
    ]);
    await expectBooksBalanced(org.api);
  });

  it.each([
    ['Bank', 'BANK'], ['Sales', 'SALES'], ['Accounts Payable', 'ACCOUNTS_PAYABLE'], ['CGST Input', 'GST_ASSET'], ['Accumulated Depreciation', 'ACCUMULATED_DEPRECIATION'],
  ])('refuses a line on %s with 400 naming the allowed types, writing nothing', async (name, type) => {
    const vendorId = await vendor(org.api);
    const res = await createBill({ vendor_id: vendorId, line_items: [{ name: 'Misposted', rate: 10 }, { name: 'Misposted', rate: 10, account_id: acc[name] }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[1].account_id' });
    expect(res.body.message).toContain(type);
    expect(res.body.details.allowed).toEqual(['EXPENSE', 'OTHER_EXPENSE', 'COST_OF_GOODS_SOLD', 'STOCK', 'FIXED_ASSET', 'OTHER_CURRENT_ASSET']);
    expect(await billsOf(vendorId)).toEqual([]);
  });

  it("answers 404 on the line's account_id for another organisation's account", async () => {
    const vendorId = await vendor(org.api);
    const foreign = (await other.api.get('/accounts?account_type=EXPENSE')).body.accounts[0].account_id;
    const res = await createBill({ vendor_id: vendorId, line_items: [{ name: 'Borrowed', rate: 10, account_id: foreign }] });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found.resource', field: 'line_items[0].account_id' });
  });
});

describe('invoice lines on accounts of their own', () => {
  it('credits the income account a line names, and refuses one that is not income', async () => {
    const customerId = await customer(org.api, { place_of_contact: 'IN-KA' });
    const invoice = (line: Json) => org.api.post('/invoices', {
      customer_id: customerId, date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true, line_items: [line],
    }, { idempotencyKey: newKey() });
    const ok = await invoice({ name: 'Consulting', hsn_or_sac: '9983', rate: 1000, account_id: acc['Service Income'] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.invoice.line_items[0].account_id).toBe(acc['Service Income']);
    expect(await entryOf('INVOICE', ok.body.invoice.invoice_id)).toEqual([['Accounts Receivable', 1000, 0], ['Service Income', 0, 1000]]);
    for (const name of ['Bank', 'Purchases', 'CGST Output']) {
      const refused = await invoice({ name: 'Misposted', hsn_or_sac: '9983', rate: 10, account_id: acc[name] });
      expect(refused.status, name).toBe(400);
      expect(refused.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[0].account_id', details: { allowed: ['SALES', 'INCOME', 'OTHER_INCOME'] } });
    }
    await expectBooksBalanced(org.api);
  });
});

describe('nil-rated, exempt and non-GST supplies', () => {
  it('a line keeps the tax of its kind: 0% tax, and the tax id the returns tell the kinds apart by', async () => {
    const taxes = (await org.api.get('/taxes')).body.taxes as Json[];
    const kinds = Object.fromEntries(taxes.filter((x) => x.tax_percentage === 0).map((x) => [x.supply_type, x.tax_id]));
    expect(Object.keys(kinds).sort()).toEqual(['EXEMPT', 'NIL_RATED', 'NON_GST', 'TAXABLE']);
    const customerId = await customer(org.api, { place_of_contact: 'IN-KA' });
    const hsnOf: Record<string, string> = { TAXABLE: '4819', NIL_RATED: '0713', EXEMPT: '0401', NON_GST: '2710' };
    const res = await org.api.post('/invoices', {
      customer_id: customerId, date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true,
      line_items: ['TAXABLE', 'NIL_RATED', 'EXEMPT', 'NON_GST'].map((kind) => ({ name: kind, hsn_or_sac: hsnOf[kind], rate: 100, tax_id: kinds[kind] })),
    }, { idempotencyKey: newKey() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.invoice).toMatchObject({ sub_total: 400, tax_total: 0, total: 400 });
    expect(res.body.invoice.line_items.map((l: Json) => [l.tax_id, l.tax_percentage, l.tax_amount])).toEqual([
      [kinds.TAXABLE, 0, 0], [kinds.NIL_RATED, 0, 0], [kinds.EXEMPT, 0, 0], [kinds.NON_GST, 0, 0],
    ]);
    await expectBooksBalanced(org.api);
  });
});

describe('reverse charge on bills', () => {
  it('self-assesses the tax on its own ledgers; the vendor is owed the lines alone', async () => {
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-KA' });
    const [cgstIn, cgstOut] = [await accountBalance(org.api, 'CGST Input'), await accountBalance(org.api, 'CGST Output')];
    const bill = await postedBill({ vendor_id: vendorId, is_rcm: true, line_items: [{ name: 'Legal fees', rate: 20000, tax_id: gst18, account_id: acc['General Expenses'] }] });
    // 20000 × 9% = 1800 CGST and 1800 SGST, self-assessed; the vendor is owed 20000.
    expect(bill).toMatchObject({ is_rcm: true, sub_total: 20000, tax_total: 3600, cgst_total: 1800, sgst_total: 1800, total: 20000, balance: 20000 });
    expect(await entryOf('BILL', bill.bill_id)).toEqual([
      ['General Expenses', 20000, 0], [RCM_INPUT, 1800, 0], [RCM_INPUT, 1800, 0], [RCM_PAYABLE, 0, 1800], [RCM_PAYABLE, 0, 1800],
      ['Accounts Payable', 0, 20000],
    ]);
    // The ordinary input and output ledgers are untouched.
    expect([await accountBalance(org.api, 'CGST Input'), await accountBalance(org.api, 'CGST Output')]).toEqual([cgstIn, cgstOut]);
    expect((await org.api.get(`/bills/${bill.bill_id}`)).body.bill).toMatchObject({ is_rcm: true, total: 20000 });
    // Its PDF says the tax is payable on reverse charge (CGST Rule 46(p)); the total is the vendor's 20,000.00.
    const pdf = await fetch(`${t.baseUrl}/api/public/v1/bills/${bill.bill_id}/pdf`, { headers: { authorization: `Bearer ${org.token}`, accept: 'application/pdf' } });
    expect(pdf.status).toBe(200);
    const text = (await readPdf(new Uint8Array(await pdf.arrayBuffer()))).text.replace(/\s+/g, ' ');
    expect(text).toContain('Tax payable on reverse charge Yes');
    await expectBooksBalanced(org.api);
  });

  it('refuses tax-inclusive rates under reverse charge (the vendor charged none)', async () => {
    const vendorId = await vendor(org.api);
    const res = await createBill({ vendor_id: vendorId, is_rcm: true, is_inclusive_tax: true, line_items: [{ name: 'Fees', rate: 118, tax_id: gst18 }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'is_inclusive_tax' });
    expect(await billsOf(vendorId)).toEqual([]);
  });

  it('a bill from an OVERSEAS vendor is an import of services: IGST under reverse charge whatever the place of supply', async () => {
    const vendorId = await vendor(org.api, { gst_treatment: 'OVERSEAS', currency_code: 'USD' });
    const bill = await postedBill({
      vendor_id: vendorId, currency_code: 'USD', exchange_rate: 83.5,
      line_items: [{ name: 'Cloud hosting', rate: 1000, tax_id: gst18, account_id: acc['General Expenses'] }],
    });
    // Place of supply IN-KA, the branch's state, yet IGST: 1000 × 18% = 180 USD. The vendor is owed 1000 USD.
    expect(bill).toMatchObject({ is_rcm: true, place_of_supply: 'IN-KA', sub_total: 1000, igst_total: 180, cgst_total: 0, sgst_total: 0, total: 1000 });
    // In rupees: 1000 × 83.5 = 83500 owed; the tax 180 × 83.5 = 15030 self-assessed.
    expect(await entryOf('BILL', bill.bill_id)).toEqual([
      ['General Expenses', 83500, 0], [RCM_INPUT, 15030, 0], [RCM_PAYABLE, 0, 15030], ['Accounts Payable', 0, 83500],
    ]);
    const refused = await createBill({ vendor_id: vendorId, is_rcm: false, currency_code: 'USD', exchange_rate: 83.5, line_items: [{ name: 'Hosting', rate: 5 }] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation.invalid_value', field: 'is_rcm' });
    await expectBooksBalanced(org.api);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });
});

describe('credit blocked by section 17(5)', () => {
  it('adds a blocked line\'s tax to its account and claims the rest; the clause is on the line', async () => {
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-KA' });
    const bill = await postedBill({
      vendor_id: vendorId,
      line_items: [
        { name: 'Staff lunch', rate: 2000, tax_id: gst5, account_id: acc['General Expenses'], itc_blocked_reason: '17(5)(b)' },
        { name: 'Paper', rate: 1000, tax_id: gst18 },
      ],
    });
    // Lunch: 2000 × 2.5% = 50 CGST + 50 SGST, added to General Expenses (2100). Paper: 90 + 90 claimed.
    expect(bill).toMatchObject({ sub_total: 3000, tax_total: 280, total: 3280 });
    expect(bill.line_items.map((l: Json) => l.itc_blocked_reason)).toEqual(['17(5)(b)', null]);
    expect(await entryOf('BILL', bill.bill_id)).toEqual([
      ['General Expenses', 2100, 0], ['Purchases', 1000, 0], ['CGST Input', 90, 0], ['SGST Input', 90, 0], ['Accounts Payable', 0, 3280],
    ]);
    await expectBooksBalanced(org.api);
  });

  it('refuses a clause section 17(5) does not have', async () => {
    const vendorId = await vendor(org.api);
    const res = await createBill({ vendor_id: vendorId, line_items: [{ name: 'Gift', rate: 10, itc_blocked_reason: '17(5)(z)' }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[0].itc_blocked_reason' });
  });

  it('GET /reports/blocked_itc lists each blocked line of posted bills and recorded expenses in the range, with its clause and tax', async () => {
    const o = await t.given.org({ state_code: 'IN-KA' });
    const names = new Map<string, string>();
    for (const a of (await o.api.get('/accounts?per_page=200')).body.accounts as Json[]) names.set(a.account_name, a.account_id);
    const [o5, o18] = [await taxId(o.api, 5), await taxId(o.api, 18)];
    const vendorId = await vendor(o.api, { place_of_contact: 'IN-MH' });
    const bill = (date: string, extra: Json = {}) => o.api.post('/bills', {
      vendor_id: vendorId, date, place_of_supply: 'IN-KA', auto_approve: true, reference_number: newKey().slice(-12),
      line_items: [
        { name: 'Car repair', rate: 10000, tax_id: o18, account_id: names.get('General Expenses'), itc_blocked_reason: '17(5)(ab)' },
        { name: 'Paper', rate: 100, tax_id: o5 },
      ], ...extra,
    });
    const june = (await bill('2026-06-05')).body.bill;
    await bill('2026-05-31'); // before the range
    await bill('2026-06-06', { auto_approve: false }); // a draft: nothing posted
    const voided = (await bill('2026-06-07')).body.bill;
    expect((await o.api.post(`/bills/${voided.bill_id}/void`)).status).toBe(200);
    const expense = (await o.api.post('/expenses', {
      date: '2026-06-20', paid_through_account_id: names.get('Bank'), account_id: names.get('General Expenses'), reference_number: 'LUNCH-1',
      line_items: [{ amount: 400, tax_id: o5 }, { amount: 600, tax_id: o5 }], itc_blocked_reason: '17(5)(b)',
    }, { idempotencyKey: newKey() })).body.expense;

    const res = await o.api.get('/reports/blocked_itc?from_date=2026-06-01&to_date=2026-06-30');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = res.body.blocked_itc;
    expect(report).toMatchObject({ from_date: '2026-06-01', to_date: '2026-06-30' });
    // The bill is inter-state (vendor in Maharashtra): 10000 × 18% = 1800 IGST. The expense, intra: 400 × 2.5% = 10 + 10, 600 × 2.5% = 15 + 15.
    expect(report.lines.map((l: Json) => [l.document_type, l.document_id, l.document_number, l.date, l.line_item_id, l.itc_blocked_reason, l.is_rcm,
      l.taxable_value, l.cgst, l.sgst, l.igst, l.tax])).toEqual([
      ['BILL', june.bill_id, june.bill_number, '2026-06-05', june.line_items[0].line_item_id, '17(5)(ab)', false, 10000, 0, 0, 1800, 1800],
      ['EXPENSE', expense.expense_id, 'LUNCH-1', '2026-06-20', expense.line_items[0].line_item_id, '17(5)(b)', false, 400, 10, 10, 0, 20],
      ['EXPENSE', expense.expense_id, 'LUNCH-1', '2026-06-20', expense.line_items[1].line_item_id, '17(5)(b)', false, 600, 15, 15, 0, 30],
    ]);
    expect(report.lines[0]).toMatchObject({ vendor_id: vendorId, account_id: names.get('General Expenses') });
    expect(report.totals).toEqual({ taxable_value: 11000, cgst: 25, sgst: 25, igst: 1800, tax: 1850 });
    // Without a range, every posted one: the May bill too.
    expect((await o.api.get('/reports/blocked_itc')).body.blocked_itc.lines).toHaveLength(4);
    // Another organisation's report is its own.
    expect((await other.api.get('/reports/blocked_itc')).body.blocked_itc).toEqual({
      from_date: null, to_date: null, lines: [], totals: { taxable_value: 0, cgst: 0, sgst: 0, igst: 0, tax: 0 },
    });
    expect((await o.api.get('/reports/blocked_itc?from_date=June')).body).toMatchObject({ code: 'validation.invalid_value', field: 'from_date' });
    await expectBooksBalanced(o.api);
    expect(await t.app.reports.verify(o.orgId)).toEqual([]);
  });
});

describe('notes against reverse-charge bills and blocked lines', () => {
  it('are refused rather than posted as an ordinary input reversal; other lines of the bill can be corrected', async () => {
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-KA' });
    const debitNote = (body: Json) => createDebitNote(org.api, { vendor_id: vendorId, date: '2026-06-12', ...body });
    const rcm = await postedBill({ vendor_id: vendorId, is_rcm: true, line_items: [{ name: 'Legal fees', rate: 1000, tax_id: gst18 }] });
    const onRcm = await debitNote({ bill_id: rcm.bill_id, line_items: [{ bill_line_item_id: rcm.line_items[0].line_item_id, amount: 100 }] });
    expect(onRcm.status).toBe(400);
    expect(onRcm.body).toMatchObject({ code: 'validation.invalid_value', field: 'bill_id' });

    const mixed = await postedBill({
      vendor_id: vendorId,
      line_items: [{ name: 'Staff lunch', rate: 1000, tax_id: gst5, itc_blocked_reason: '17(5)(b)' }, { name: 'Paper', rate: 1000, tax_id: gst18 }],
    });
    const onBlocked = await debitNote({ bill_id: mixed.bill_id, line_items: [{ bill_line_item_id: mixed.line_items[0].line_item_id, amount: 100 }] });
    expect(onBlocked.status).toBe(400);
    expect(onBlocked.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[0].bill_line_item_id' });
    const onClaimed = await debitNote({ bill_id: mixed.bill_id, line_items: [{ bill_line_item_id: mixed.line_items[1].line_item_id, amount: 100 }] });
    expect(onClaimed.status, JSON.stringify(onClaimed.body)).toBe(201);
    expect((await org.api.get(`/debit_notes?bill_id=${rcm.bill_id}`)).body.debit_notes).toEqual([]);
    await expectBooksBalanced(org.api);
  });
});
