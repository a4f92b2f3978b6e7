import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import { CUSTOMER_GSTIN, gstCustomer, gstVendor, SUPPLIER_ADDRESS, SUPPLIER_GSTIN } from '../support/gst-documents';
import { customer, taxId } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * A Karnataka trading company whose books start on 1 July 2026, mid-year; the opening entry is
 * dated 30 June. Its balances then, every figure by hand:
 *  INV-OB-1  Asha (registered, Karnataka), 10 May 2026, due 9 June: ₹10,000 at 18% (CGST 900 + SGST 900) = 11,800, all open.
 *  INV-OB-2  Bala (unregistered), 15 June 2026, due 15 July: ₹5,000 at 18% (CGST 450 + SGST 450) = 5,900; 3,000 paid, 2,900 open.
 *  V-778     Udyog (Maharashtra), 10 January 2026, due 9 February: ₹20,000 at 18% (IGST 3,600) = 23,600, all open.
 *  Advances: Asha paid ₹1,000 ahead; we paid Udyog ₹500 ahead.
 * So Accounts Receivable 11,800 + 2,900 = 14,700 Dr; Advances from Customers 1,000 Cr; Accounts
 * Payable 23,600 Cr; Advances to Vendors 500 Dr; Bank 50,000 Dr and Inventory 30,000 Dr; the
 * Owner's Equity balances them: 14,700 + 500 + 50,000 + 30,000 − 1,000 − 23,600 = 70,600 Cr.
 * Both sides total 95,200.
 */

let t: TestApp;
let org: OrgFixture;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const ids = {} as Record<'asha' | 'bala' | 'udyog' | 'bank' | 'inventory' | 'equity' | 'receivable' | 'payable' | 'advancesIn' | 'advancesOut' | 'gst18', string>;

const BOOKS_START = '2026-07-01';

async function companyOrg(): Promise<OrgFixture> {
  const created = await t.admin.post('/orgs', { name: 'Kaveri Traders', state_code: 'IN-KA', gstin: SUPPLIER_GSTIN, address: SUPPLIER_ADDRESS, books_start_date: BOOKS_START });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const orgId: string = created.body.org.org_id;
  const user = await t.admin.post(`/orgs/${orgId}/users`, { name: 'Owner', email: 'owner@example.com' });
  const { token, tokenId } = await t.given.token([orgId], { user_id: user.body.user.user_id });
  return { orgId, userId: user.body.user.user_id, token, tokenId, defaultBranchId: created.body.org.default_branch_id, api: t.api.withToken(token) };
}

const accounts = (over: Partial<Record<'bank' | 'equity' | 'receivable', number>> = {}) => [
  { account_id: ids.receivable, debit: over.receivable ?? 14700 },
  { account_id: ids.advancesIn, credit: 1000 },
  { account_id: ids.payable, credit: 23600 },
  { account_id: ids.advancesOut, debit: 500 },
  { account_id: ids.bank, debit: over.bank ?? 50000 },
  { account_id: ids.inventory, debit: 30000 },
  { account_id: ids.equity, credit: over.equity ?? 70600 },
];
const openItems = () => [
  { type: 'INVOICE', contact_id: ids.asha, number: 'INV-OB-1', date: '2026-05-10', due_date: '2026-06-09', place_of_supply: 'IN-KA', taxes: [{ rate: 18, taxable_value: 10000, cgst: 900, sgst: 900 }], open_amount: 11800 },
  { type: 'INVOICE', contact_id: ids.bala, number: 'INV-OB-2', date: '2026-06-15', due_date: '2026-07-15', place_of_supply: 'IN-KA', taxes: [{ rate: 18, taxable_value: 5000, cgst: 450, sgst: 450 }], open_amount: 2900 },
  { type: 'BILL', contact_id: ids.udyog, number: 'V-778', date: '2026-01-10', due_date: '2026-02-09', place_of_supply: 'IN-KA', taxes: [{ rate: 18, taxable_value: 20000, igst: 3600 }], open_amount: 23600 },
];
const advances = () => [
  { type: 'CUSTOMER', contact_id: ids.asha, amount: 1000, reference: 'ADV-17' },
  { type: 'VENDOR', contact_id: ids.udyog, amount: 500 },
];
const body = (over: Json = {}) => ({ accounts: accounts(), open_items: openItems(), advances: advances(), ...over });
const setOpening = (b: Json, api = org.api) => api.post('/opening_balances', b, { idempotencyKey: newKey() });

/** The trial balance on a date as [account name, debit, credit] of the accounts with a balance. */
async function trialBalance(date: string) {
  const res = await org.api.get(`/reports/trial_balance?date=${date}`);
  expect(res.status).toBe(200);
  return {
    rows: res.body.trial_balance.accounts.filter((a: Json) => a.balance !== 0)
      .map((a: Json) => [a.account_name, a.balance_side === 'DEBIT' ? a.balance : 0, a.balance_side === 'CREDIT' ? a.balance : 0]),
    totals: [res.body.trial_balance.total_debit, res.body.trial_balance.total_credit],
  };
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-07-20T06:00:00Z'));
  org = await companyOrg();
  const api = org.api;
  ids.asha = await gstCustomer(api, { contact_name: 'Asha Traders', gst_no: CUSTOMER_GSTIN });
  ids.bala = await customer(api, { contact_name: 'Bala Stores', place_of_contact: 'IN-KA' });
  ids.udyog = await gstVendor(api);
  for (const [key, name] of [['bank', 'Bank'], ['inventory', 'Inventory'], ['equity', "Owner's Equity"], ['receivable', 'Accounts Receivable'],
    ['payable', 'Accounts Payable'], ['advancesIn', 'Advances from Customers'], ['advancesOut', 'Advances to Vendors']] as const) ids[key] = await accountId(api, name);
  ids.gst18 = await taxId(api, 18);
});
afterAll(async () => { await t.close(); });

describe('POST /opening_balances refuses, writing nothing', () => {
  it('accounts whose debits and credits differ: 400 on accounts with the difference', async () => {
    const res = await setOpening(body({ accounts: accounts({ equity: 70000 }) }));
    // Debits 95,200, credits 1,000 + 23,600 + 70,000 = 94,600: 600 apart.
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'accounts', details: { debits: 95200, credits: 94600, difference: 600 } });
  });

  it('a receivable that is not its open items: 400 on open_items naming the account, the balance given, the items and the difference', async () => {
    // Receivable 14,000 (not 14,700) and equity 69,900 to keep the entry balanced: 94,500 a side.
    const res = await setOpening(body({ accounts: accounts({ receivable: 14000, equity: 69900 }) }));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({
      code: 'validation.invalid_value', field: 'open_items',
      details: { account_id: ids.receivable, account_name: 'Accounts Receivable', given: 14000, items: 14700, difference: -700 },
    });
  });

  it('a payable whose items are missing, an advance on the wrong side, an item dated in the books, a foreign contact or account', async () => {
    const payableOnly = await setOpening(body({ open_items: openItems().slice(0, 2) }));
    expect(payableOnly.body).toMatchObject({ code: 'validation.invalid_value', field: 'open_items', details: { account_name: 'Accounts Payable', given: 23600, items: 0, difference: 23600 } });
    const wrongSide = await setOpening(body({ advances: [{ type: 'VENDOR', contact_id: ids.asha, amount: 1000 }, advances()[1]] }));
    expect(wrongSide).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'advances[0].contact_id' } });
    const inTheBooks = await setOpening(body({ open_items: [{ ...openItems()[0], date: '2026-07-02' }, ...openItems().slice(1)] }));
    expect(inTheBooks).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'open_items[0].date' } });
    const overpaid = await setOpening(body({ open_items: [{ ...openItems()[0], total: 11000 }, ...openItems().slice(1)] }));
    expect(overpaid).toMatchObject({ status: 400, body: { field: 'open_items[0].open_amount' } });
    const other = await t.given.org();
    const foreignContact = await setOpening(body({ open_items: [{ ...openItems()[0], contact_id: await customer(other.api) }, ...openItems().slice(1)] }));
    expect(foreignContact).toMatchObject({ status: 404, body: { code: 'not_found.resource', field: 'open_items[0].contact_id' } });
    const foreignAccount = await setOpening(body({ accounts: [...accounts(), { account_id: await accountId(other.api, 'Bank'), debit: 0 }] }));
    expect(foreignAccount).toMatchObject({ status: 404, body: { code: 'not_found.resource', field: 'accounts[7].account_id' } });
    expect((await org.api.get('/opening_balances')).status).toBe(404);
    expect((await org.api.get('/invoices')).body.invoices).toEqual([]);
  });
});

describe('the opening of a company moving in', () => {
  let first: Json;
  let opening: Json;
  const itemOf = (number: string) => opening.open_items.find((i: Json) => i.number === number);

  it('is set: one entry dated the day before the books start, the items as invoices, a bill and advances', async () => {
    const res = await setOpening(body());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    first = res.body.opening_balances;
    expect(first).toMatchObject({ date: '2026-06-30', version: 1, open_items: [
      { type: 'INVOICE', contact_id: ids.asha, number: 'INV-OB-1', date: '2026-05-10', due_date: '2026-06-09', total: 11800, open_amount: 11800, bill_id: null },
      { type: 'INVOICE', contact_id: ids.bala, number: 'INV-OB-2', total: 5900, open_amount: 2900 },
      { type: 'BILL', contact_id: ids.udyog, number: 'V-778', total: 23600, open_amount: 23600, invoice_id: null },
    ], advances: [{ type: 'CUSTOMER', contact_id: ids.asha, amount: 1000, reference: 'ADV-17', date: '2026-06-30' }, { type: 'VENDOR', amount: 500 }] });
    const journal = (await org.api.get(`/journals?source=OPENING_BALANCE`)).body.journals;
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({ journal_id: first.journal_id, date: '2026-06-30', source: 'OPENING_BALANCE' });
    // What was paid before the books started shows as paid: 5,900 − 3,000 = 2,900 due, since 15 July (today is 20 July).
    const invoice = (await org.api.get(`/invoices/${first.open_items[1].invoice_id}`)).body.invoice;
    expect(invoice).toMatchObject({ invoice_number: 'INV-OB-2', status: 'OVERDUE', total: 5900, payment_made: 3000, balance: 2900 });
    expect((await org.api.get('/opening_balances')).body.opening_balances).toEqual(first);
  });

  it('is replaced whole before the books are locked: the old entry reversed, new items in place of the old', async () => {
    // Bank 49,000 and Inventory 31,000 this time: the same 95,200 a side.
    const res = await setOpening(body({ accounts: [...accounts({ bank: 49000 }).filter((a) => a.account_id !== ids.inventory), { account_id: ids.inventory, debit: 31000 }] }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    opening = res.body.opening_balances;
    expect(opening).toMatchObject({ opening_balance_id: first.opening_balance_id, version: 2 });
    expect(opening.journal_id).not.toBe(first.journal_id);
    expect(itemOf('INV-OB-1').invoice_id).not.toBe(first.open_items[0].invoice_id);
    expect((await org.api.get(`/invoices/${first.open_items[0].invoice_id}`)).status).toBe(404);
    const kinds = (await org.api.get('/journals?source=OPENING_BALANCE')).body.journals.map((j: Json) => [j.date, j.kind]);
    expect(kinds).toHaveLength(3); // the first entry, its reversal (dated on it) and the new one
    expect(kinds.every(([date]: [string]) => date === '2026-06-30')).toBe(true);
  });

  it('shows in the trial balance on 30 June, figure by figure', async () => {
    expect(await trialBalance('2026-06-30')).toEqual({
      rows: expect.arrayContaining([
        ['Bank', 49000, 0], ['Accounts Receivable', 14700, 0], ['Advances from Customers', 0, 1000], ['Inventory', 31000, 0],
        ['Accounts Payable', 0, 23600], ['Advances to Vendors', 500, 0], ["Owner's Equity", 0, 70600],
      ]),
      // The totals add up every entry's lines: the first opening, its reversal and the new one, 95,200 each: 285,600.
      totals: [285600, 285600],
    });
    expect((await trialBalance('2026-06-30')).rows).toHaveLength(7);
    expect((await trialBalance('2026-06-29')).rows).toEqual([]);
  });

  it("makes each contact's opening_balance its items', and refuses another one", async () => {
    // Asha: 11,800 open less 1,000 advance; Udyog: 23,600 owed less 500 paid ahead.
    expect((await org.api.get(`/contacts/${ids.asha}`)).body.contact.opening_balance).toBe(10800);
    expect((await org.api.get(`/contacts/${ids.udyog}`)).body.contact.opening_balance).toBe(23100);
    const changed = await org.api.put(`/contacts/${ids.asha}`, { opening_balance: 5 });
    expect(changed).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'opening_balance', details: { opening_balance: 10800 } } });
    expect((await org.api.put(`/contacts/${ids.asha}`, { opening_balance: 10800, phone: '080 4000 1000' })).status).toBe(200);
    const fresh = await org.api.post('/contacts', { contact_name: 'New Customer', opening_balance: 100 });
    expect(fresh).toMatchObject({ status: 400, body: { field: 'opening_balance' } });
  });

  it('puts the items in the receivables ageing and the party ledgers', async () => {
    const ageing = (await org.api.get('/reports/receivables_ageing?date=2026-07-31&buckets=0,30,60,90')).body.receivables_ageing;
    // INV-OB-1 fell due on 9 June: 52 days by 31 July (21 + 31); INV-OB-2 on 15 July: 16 days.
    expect(ageing.contacts.map((c: Json) => [c.contact_name, c.by_bucket, c.outstanding, c.open_credits, c.net])).toEqual([
      ['Asha Traders', [0, 0, 11800, 0, 0], 11800, 1000, 10800],
      ['Bala Stores', [0, 2900, 0, 0, 0], 2900, 0, 2900],
    ]);
    const ledger = (await org.api.get(`/reports/customer_ledger?contact_id=${ids.asha}`)).body.customer_ledger;
    // The first opening, its reversal, then the one that stands: each a receivable line and an advance line of Asha's.
    expect(ledger.entries.map((e: Json) => [e.date, e.source, e.debit, e.credit]).slice(-2)).toEqual([['2026-06-30', 'OPENING_BALANCE', 11800, 0], ['2026-06-30', 'OPENING_BALANCE', 0, 1000]]);
    expect(ledger.entries).toHaveLength(6);
    expect(ledger.closing_balance).toBe(10800);
    const payables = (await org.api.get('/reports/payables_ageing?date=2026-07-31&buckets=0,30,60,90')).body.payables_ageing;
    // V-778 fell due on 9 February: 172 days by 31 July.
    expect(payables.contacts.map((c: Json) => [c.outstanding, c.open_credits, c.by_bucket[4]])).toEqual([[23600, 500, 23600]]);
  });

  it('keeps the numbers: a later invoice of the same registration and year cannot take INV-OB-1', async () => {
    const res = await org.api.post('/invoices', {
      customer_id: ids.asha, invoice_number: 'INV-OB-1', date: '2026-07-05', place_of_supply: 'IN-KA',
      line_items: [{ name: 'Goods', hsn_or_sac: '8471', rate: 100, quantity: 1, tax_id: ids.gst18 }],
    }, { idempotencyKey: newKey() });
    expect(res).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'invoice_number' } });
  });

  it('refuses to void an opening invoice, or to make its e-invoice or e-way bill here (409): it was issued in the old books', async () => {
    const invoiceId = itemOf('INV-OB-1').invoice_id;
    expect((await org.api.post(`/invoices/${invoiceId}/void`, {})).body.code).toBe('conflict.invalid_state');
    expect((await org.api.get(`/invoices/${invoiceId}/einvoice`)).body.code).toBe('conflict.invalid_state');
    expect((await org.api.get(`/invoices/${invoiceId}/ewaybill?transport_mode=road&distance_km=10&vehicle_no=KA01AB1234`)).body.code).toBe('conflict.invalid_state');
    expect((await org.api.delete(`/payments/${opening.advances[0].payment_id}`)).body.code).toBe('conflict.invalid_state');
  });

  it('lets an opening invoice be paid, and its opening advance applied', async () => {
    const paid = await org.api.post('/payments', {
      flow: 'INCOMING', contact_id: ids.bala, date: '2026-07-10', amount: 2900, allocations: [{ invoice_id: itemOf('INV-OB-2').invoice_id, amount: 2900 }],
    }, { idempotencyKey: newKey() });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect((await org.api.get(`/invoices/${itemOf('INV-OB-2').invoice_id}`)).body.invoice).toMatchObject({ status: 'PAID', balance: 0 });
    const advance = opening.advances[0];
    const applied = await org.api.post(`/payments/${advance.payment_id}/apply`, { invoice_id: itemOf('INV-OB-1').invoice_id, amount: 1000 }, { idempotencyKey: newKey() });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    // 11,800 − 1,000 = 10,800 still due.
    expect((await org.api.get(`/invoices/${itemOf('INV-OB-1').invoice_id}`)).body.invoice).toMatchObject({ status: 'OVERDUE', balance: 10800 });
  });

  it('reports a credit note against an opening invoice in GSTR-1 cdnr, while the invoice is in no table', async () => {
    const note = await org.api.post('/credit_notes', {
      customer_id: ids.asha, invoice_id: itemOf('INV-OB-1').invoice_id, date: '2026-07-12',
      line_items: [{ name: 'Rate difference', hsn_or_sac: '8471', rate: 1000, quantity: 1, tax_id: ids.gst18 }],
    }, { idempotencyKey: newKey() });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const july = (await org.api.get(`/gst/gstr1?gstin=${SUPPLIER_GSTIN}&period=072026`)).body.gstr1;
    // ₹1,000 at 18%: CGST 90 + SGST 90, 1,180 in all.
    expect(july.cdnr).toEqual([{ ctin: CUSTOMER_GSTIN, nt: [expect.objectContaining({ ntty: 'C', nt_num: note.body.credit_note.credit_note_number, val: 1180 })] }]);
    expect(july.b2b).toEqual([]);
    const may = (await org.api.get(`/gst/gstr1?gstin=${SUPPLIER_GSTIN}&period=052026`)).body.gstr1;
    expect(may.b2b).toEqual([]);
    expect(may.b2cs ?? []).toEqual([]);
    const june3b = (await org.api.get(`/gst/gstr3b?gstin=${SUPPLIER_GSTIN}&period=062026`)).body.gstr3b;
    expect(june3b.sup_details.osup_det).toMatchObject({ txval: 0, camt: 0, samt: 0 });
  });

  it('refuses to replace the opening once an item is paid or credited (409, naming it)', async () => {
    const res = await setOpening(body());
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict.invalid_state', details: { document_id: expect.any(String), used_by: expect.stringMatching(/^payment |^credit note /) } });
  });

  it('counts the opening bill for Rule 37: unpaid on day 181, its IGST to reverse', async () => {
    // 10 January + 180 days is 9 July (21 + 28 + 31 + 30 + 31 + 30 + 9): due on 10 July.
    const r = (await org.api.get(`/gst/itc_reversals?gstin=${SUPPLIER_GSTIN}&as_of=2026-07-10`)).body.itc_reversal_report;
    expect(r.to_reverse).toEqual([expect.objectContaining({ bill_number: 'V-778', bill_date: '2026-01-10', total: 23600, unpaid: 23600, credit: { igst: 3600, cgst: 0, sgst: 0, cess: 0 } })]);
  });

  it('can no longer be set once the books are locked on or after their start (409)', async () => {
    expect((await t.admin.put(`/orgs/${org.orgId}/lock`, { lock_date: '2026-07-01' })).status).toBe(200);
    const res = await setOpening(body());
    expect(res).toMatchObject({ status: 409, body: { code: 'conflict.period_locked', details: { lock_date: '2026-07-01', books_start_date: BOOKS_START } } });
    expect((await t.admin.put(`/orgs/${org.orgId}/lock`, { lock_date: null })).status).toBe(200);
  });

  it('leaves the books balanced, and ledger verify clean', async () => {
    await expectBooksBalanced(org.api);
    // `bahi ledger verify`: every entry balances and every document agrees with its postings (an opening item posts none of its own).
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });
});
