import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import type { HttpClient } from '../support/http-client';
import { newKey, startTestApp, type TestApp } from '../support/test-app';

/*
 * A trading company's month moved in from Tally (test/fixtures/tally/trading-month/README.md):
 * its masters, its April 2025 vouchers and Tally's own Trial Balance. Every figure below is the
 * README's, worked by hand from the openings and the vouchers.
 */

let t: TestApp;
let api: HttpClient;
let orgId: string;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const FIXTURES = path.join(import.meta.dirname, '../fixtures/tally/trading-month');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

/** Uploads a Tally export and waits for its run to finish. */
async function imported(file: string, trialBalance?: string): Promise<Json> {
  const form = new FormData();
  form.set('format', 'tally_xml');
  form.set('file', new Blob([fixture(file)]), file);
  if (trialBalance) form.set('trial_balance', new Blob([fixture(trialBalance)]), trialBalance);
  const res = await api.postForm('/imports', form, { idempotencyKey: newKey() });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const importId: string = res.body.import.import_id;
  return vi.waitFor(async () => {
    const run = await api.get(`/imports/${importId}`);
    expect(run.status).toBe(200);
    expect(run.body.import.status, JSON.stringify(run.body)).toBe('COMPLETED');
    return run.body.import as Json;
  }, { timeout: 60_000, interval: 200 });
}

const issuesOf = async (importId: string): Promise<Json[]> => {
  const res = await api.get(`/imports/${importId}/errors`);
  expect(res.status).toBe(200);
  return res.body.errors;
};

/** Each account's closing balance from Bahi's trial balance through 30 April 2025: debit positive, credit negative. */
async function bahiBalances(): Promise<Record<string, number>> {
  const res = await api.get('/reports/trial_balance?date=2025-04-30');
  expect(res.status).toBe(200);
  expect(res.body.trial_balance.balanced).toBe(true);
  const rows = res.body.trial_balance.accounts as { account_name: string; balance: number; balance_side: 'DEBIT' | 'CREDIT' }[];
  return Object.fromEntries(rows.filter((r) => r.balance !== 0).map((r) => [r.account_name, r.balance_side === 'DEBIT' ? r.balance : -r.balance]));
}

let vouchersRun: Json;

beforeAll(async () => {
  t = await startTestApp();
  const org = await t.admin.post('/orgs', { name: 'Shree Ganesh Traders', state_code: 'IN-MH', gstin: '27AJKPK4821M1ZU', books_start_date: '2025-04-01' });
  expect(org.status, JSON.stringify(org.body)).toBe(201);
  orgId = org.body.org.org_id;
  const user = await t.admin.post(`/orgs/${orgId}/users`, { name: 'Rajesh Kulkarni', email: 'rajesh@example.com' });
  const { token } = await t.given.token([orgId], { user_id: user.body.user.user_id });
  api = t.api.withToken(token);
});
afterAll(async () => { await t.close(); });

describe('moving a month in from Tally', () => {
  it('reads the masters from the UTF-16LE export: 7 parties, 5 items, the openings as on 1 April 2025', async () => {
    const run = await imported('masters-utf16.xml');
    expect(run).toMatchObject({ format: 'tally_xml', failed: 0 });
    expect(run.created).toBeGreaterThan(0);
    const contacts = (await api.get('/contacts?per_page=200')).body.contacts as Json[];
    expect(contacts.map((c) => c.contact_name).sort()).toEqual([
      'Deshmukh Steel Suppliers', 'Gujarat Fasteners LLP', 'Joshi Electricals', 'Karnataka Tools Pvt Ltd', 'Patil Hardware Stores', 'Ramesh Pawar', 'Sai Packaging',
    ]);
    const items = (await api.get('/items?per_page=200')).body.items as Json[];
    // Each unit's GSTREPUOM (NOS-NUMBERS, KGS-KILOGRAMS) names its UQC.
    expect(items.map((i) => [i.name, i.hsn_sac, i.unit]).sort()).toEqual([
      ['Coir Rope', '56071010', 'KGS'], ['Door Hinge 4in', '83021010', 'NOS'], ['GI Wire 12G', '72172000', 'KGS'], ['Padlock 50mm', '83011000', 'NOS'], ['Wire Nails 2in', '73170011', 'KGS'],
    ]);
    // The Purchases ledger (Purchase Accounts) is Bahi's own Purchases, not a second account of that name.
    const accounts = (await api.get('/accounts?per_page=200')).body.accounts as Json[];
    expect(accounts.filter((a) => a.account_name === 'Purchases')).toMatchObject([{ system_key: 'purchases' }]);
    // Openings (README, "Opening balances"): receivable 35,400 + 23,600 + 17,700 + 47,200 = 1,23,900; payable 70,800 + 11,800 = 82,600.
    expect(await bahiBalances()).toEqual({
      'Rajesh Kulkarni Capital': -384800, 'HDFC Bank Current A/c': 245000, 'Cash': 18500, 'Shop Rent Deposit': 60000,
      'Furniture & Fixtures': 120000, 'Loan from Suresh Mehta': -100000, 'Accounts Receivable': 123900, 'Accounts Payable': -82600,
    });
  });

  it('reads the same masters in UTF-8 a second time and creates nothing', async () => {
    const run = await imported('masters.xml');
    expect(run).toMatchObject({ created: 0, failed: 0 });
    expect(run.already_imported).toBeGreaterThan(0);
    expect((await api.get('/contacts?per_page=200')).body.contacts).toHaveLength(7);
  });

  it('imports the 40 vouchers: 38 written, the cancelled sale and the optional journal skipped and listed', async () => {
    vouchersRun = await imported('vouchers.xml', 'trial-balance.xml');
    expect(vouchersRun).toMatchObject({ created: 38, already_imported: 0, skipped: 2, failed: 0 });
    const issues = await issuesOf(vouchersRun.import_id);
    expect(issues.map((i) => i.outcome)).toEqual(['skipped', 'skipped']);
    expect(issues.map((i) => i.source).join(' | ')).toMatch(/SGT\/25-26\/011.*\|.*Journal 4/);
  });

  it('keeps each document as Tally issued it: numbers, tax to the paisa, the round-off within a rupee', async () => {
    // The openings' bills are invoices and bills too, dated before the books start, each settled in April by its receipt or payment.
    const openInvoices = (await api.get('/invoices?per_page=200&date_to=2025-03-31')).body.invoices as Json[];
    expect(openInvoices.map((i) => [i.invoice_number, i.total, i.balance]).sort()).toEqual([
      ['SGT/24-25/118', 35400, 0], ['SGT/24-25/125', 17700, 0], ['SGT/24-25/129', 47200, 0], ['SGT/24-25/131', 23600, 0],
    ]);
    const openBills = (await api.get('/bills?per_page=200&date_to=2025-03-31')).body.bills as Json[];
    expect(openBills.map((b) => [b.bill_number, b.total, b.balance]).sort()).toEqual([['DS/1187', 70800, 0], ['SP/455', 11800, 0]]);
    // The vouchers' documents, from 1 April.
    const invoices = (await api.get('/invoices?per_page=200&date_from=2025-04-01')).body.invoices as Json[];
    expect(invoices.map((i) => i.invoice_number).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => `SGT/25-26/${String(n).padStart(3, '0')}`));
    const byNumber = new Map(invoices.map((i) => [i.invoice_number, i]));
    // 900.00 + 399.45 + 104.97 + 104.97 = 1,509.39; Tally rounded it to 1,509.00.
    expect(byNumber.get('SGT/25-26/004')).toMatchObject({ sub_total: 1299.45, tax_total: 209.94, round_off: -0.39, total: 1509, balance: 0 });
    // 5,232.50 + 470.93 + 470.93 = 6,174.36, all open.
    expect(byNumber.get('SGT/25-26/008')).toMatchObject({ total: 6174.36, balance: 6174.36 });
    // 62,304 − 5,664 (CN/25-26/001) − 2,800 (Receipt 4) − 53,840 (Receipt 6) = 0.
    expect(byNumber.get('SGT/25-26/003')).toMatchObject({ total: 62304, balance: 0 });
    const bills = (await api.get('/bills?per_page=200&date_from=2025-04-01')).body.bills as Json[];
    expect(bills.map((b) => [b.bill_number, b.total, b.balance]).sort()).toEqual([
      ['DS/1203', 80476, 0], ['DS/1241', 14761.8, 14761.8], ['GF/25-26/014', 118944, 18944], ['GF/25-26/031', 20443.5, 20443.5], ['SP/0012', 10360, 0],
    ]);
    // 6,195 − 1,032.50 (CN/25-26/002) − 5,162.50 (Receipt 7) = 0: each note applied to the invoice of its Agst Ref.
    expect(byNumber.get('SGT/25-26/006')).toMatchObject({ total: 6195, balance: 0 });
    expect((await api.get('/credit_notes?per_page=200')).body.credit_notes.map((c: Json) => [c.total, c.balance_amount]).sort()).toEqual([[1032.5, 0], [5664, 0]]);
    expect((await api.get('/debit_notes?per_page=200')).body.debit_notes.map((d: Json) => d.total)).toEqual([4012]);
  });

  it("reconciles with Tally's Trial Balance, every ledger to the paisa", async () => {
    const res = await api.get(`/imports/${vouchersRun.import_id}/reconciliation`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { rows, balanced } = res.body.tally_reconciliation as { rows: Json[]; balanced: boolean };
    expect(balanced).toBe(true);
    // A row per ledger of the masters: 29, of which 28 with a balance (Salary Payable closes at 0 and Tally leaves it out).
    expect(rows).toHaveLength(29);
    expect(rows.filter((r) => r.tally_balance !== 0)).toHaveLength(28);
    expect(rows.find((r) => r.ledger === 'Salary Payable')).toMatchObject({ tally_balance: 0, bahi_balance: 0, balanced: true });
    for (const row of rows) expect([row.difference, row.balanced], row.ledger).toEqual([0, true]);
    expect(rows.find((r) => r.ledger === 'Patil Hardware Stores')).toMatchObject({ mapped_to: 'CONTACT', tally_balance: 10542.36, bahi_balance: 10542.36 });
    expect(rows.find((r) => r.ledger === 'Round Off')).toMatchObject({ mapped_to: 'SYSTEM_ACCOUNT', tally_balance: 0.39, bahi_balance: 0.39 });
  });

  it("ends with Bahi's trial balance equal to the hand-worked one, and ledger verify clean", async () => {
    // README, "Closing balances on 30 April 2025" and "The same books in Bahi"; debit positive.
    expect(await bahiBalances()).toEqual({
      'Rajesh Kulkarni Capital': -384800,
      'Loan from Suresh Mehta': -90000, // 1,00,000 − 10,000
      'CGST Output': -4437.65, // 765 + 846 + 104.97 + 819 + 472.50 + 470.93 + 1,038 − 78.75
      'SGST Output': -4437.65,
      'IGST Output': -12804, // 9,504 + 2,580 + 1,584 − 864
      'CGST Input': 7512.9, // 6,138 + 555 + 1,125.90 − 306
      'SGST Input': 7512.9,
      'IGST Input': 21262.5, // 18,144 + 3,118.50
      'Provision for Audit Fees': -15000,
      'Accounts Payable': -54149.3, // 14,761.80 + 18,944 + 20,443.50
      'Advances to Vendors': 5000, // ADV/SP/01
      'Furniture & Fixtures': 119000, // 1,20,000 − 1,000
      'HDFC Bank Current A/c': 116770.5, // 2,45,000 + 2,13,194.50 + 10,000 − 3,51,424
      'Cash': 12009, // 18,500 + 1,509 + 2,000 − 10,000
      'Shop Rent Deposit': 60000,
      'Accounts Receivable': 59752.36, // 10,738 + 6,174.36 + 14,676 + 17,780 + 10,384
      'Advances from Customers': -8370, // 6,370 on account + 2,000 advance
      'Sales Local': -50506.95, // 8,500 + 9,400 + 1,299.45 + 9,100 + 5,250 + 5,232.50 + 12,600 − 875
      'Sales Interstate': -72000, // 52,800 + 15,200 + 8,800 − 4,800
      'Purchases': 204685, // 68,200 + 1,00,800 + 9,250 + 12,510 + 17,325 − 3,400
      'Round Off': 0.39,
      'Rent': 25000,
      'Audit Fees': 15000,
      'Salaries': 42000, // the optional bonus journal left out
      'Depreciation': 1000,
    });
    expect(await t.app.reports.verify(orgId)).toEqual([]);
    await expectBooksBalanced(api);
  });

  it('imports both files again and creates nothing', async () => {
    const masters = await imported('masters.xml');
    expect(masters).toMatchObject({ created: 0, failed: 0 });
    const vouchers = await imported('vouchers.xml', 'trial-balance.xml');
    expect(vouchers).toMatchObject({ created: 0, already_imported: 38, skipped: 2, failed: 0 });
    // The openings' 4 open invoices and April's 10 sales, as before.
    expect((await api.get('/invoices?per_page=200')).body.invoices).toHaveLength(14);
    expect((await api.get('/bills?per_page=200')).body.bills).toHaveLength(7);
    expect((await api.get(`/imports/${vouchers.import_id}/reconciliation`)).body.tally_reconciliation.balanced).toBe(true);
    expect(await t.app.reports.verify(orgId)).toEqual([]);
    await expectBooksBalanced(api);
  });
});
