import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import { createInvoice, customer } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';
import { sealingKeyEnv } from '../support/test-database';

let t: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-30T06:00:00Z'));
  org = await t.given.org();
});
afterAll(async () => { await t.close(); });

const invoice = (customerId: string, date: string, rate: number) =>
  createInvoice(org.api, { customer_id: customerId, date, place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Item', hsn_or_sac: '8471', rate }] });

describe('customer ledger', () => {
  it('lists postings in date order with a running balance, opening from everything before from_date', async () => {
    const customerId = await customer(org.api);
    const first = await invoice(customerId, '2026-06-01', 100);
    await invoice(customerId, '2026-06-10', 50);
    const draft = await createInvoice(org.api, { customer_id: customerId, date: '2026-06-05', place_of_supply: 'IN-KA', line_items: [{ name: 'Draft', rate: 999 }] });
    const receivable = await accountId(org.api, 'Accounts Receivable');
    const sales = await accountId(org.api, 'Sales');
    await org.api.post('/journals', {
      date: '2026-06-12', memo: 'Goodwill discount', contact_id: customerId,
      lines: [{ account_id: sales, debit: 30 }, { account_id: receivable, credit: 30 }],
    });
    await org.api.post(`/invoices/${first.body.invoice.invoice_id}/void`);

    const all = await org.api.get(`/reports/customer_ledger?contact_id=${customerId}`);
    expect(all.status).toBe(200);
    const ledger = all.body.customer_ledger;
    expect(ledger.entries.map((e: { date: string; debit: number; credit: number; balance: number }) => [e.date, e.debit, e.credit, e.balance])).toEqual([
      // The void's reversal is dated on the invoice (docs/rules/ledger-and-periods.md, "Dates of reversals and applications"): the pair nets to 0 on 1 June.
      ['2026-06-01', 100, 0, 100],
      ['2026-06-01', 0, 100, 0],
      ['2026-06-10', 50, 0, 50],
      ['2026-06-12', 0, 30, 20],
    ]);
    expect(ledger.entries[0]).toMatchObject({ source: 'INVOICE', document_number: first.body.invoice.invoice_number });
    expect(ledger.entries.some((e: { source_id: string }) => e.source_id === draft.body.invoice.invoice_id)).toBe(false);
    expect(ledger).toMatchObject({ opening_balance: 0, closing_balance: 20 });

    const window = await org.api.get(`/reports/customer_ledger?contact_id=${customerId}&from_date=2026-06-05&to_date=2026-06-12`);
    expect(window.body.customer_ledger).toMatchObject({ opening_balance: 0, closing_balance: 20 });
    expect(window.body.customer_ledger.entries).toHaveLength(2);
    await expectBooksBalanced(org.api);
  });

  it('answers 404 for another organisation’s contact and 400 without contact_id', async () => {
    const other = await t.given.org();
    const foreign = await customer(other.api);
    expect((await org.api.get(`/reports/customer_ledger?contact_id=${foreign}`)).status).toBe(404);
    const missing = await org.api.get('/reports/customer_ledger');
    expect(missing.body).toMatchObject({ code: 'validation.required_field', field: 'contact_id' });
  });
});

describe('trial balance', () => {
  it('lists accounts in account-code order, those without a code last, on both engines alike', async () => {
    const own = await t.given.org();
    const add = async (body: Record<string, unknown>) => (await t.admin.post(`/orgs/${own.orgId}/accounts`, body)).body.account.account_id as string;
    const tin = await add({ account_name: 'Petty Cash Tin', account_type: 'CASH' });
    const axis = await add({ account_name: 'Axis Bank', account_type: 'BANK', account_code: '1005' });
    const journal = await own.api.post('/journals', {
      date: '2026-06-01', memo: 'Capital',
      lines: [{ account_id: tin, debit: 200 }, { account_id: axis, debit: 500 }, { account_id: await accountId(own.api, "Owner's Equity"), credit: 700 }],
    });
    expect(journal.status).toBe(201);
    const res = await own.api.get('/reports/trial_balance');
    expect(res.body.trial_balance.accounts.map((a: { account_code: string | null; account_name: string }) => [a.account_code, a.account_name]))
      .toEqual([['1005', 'Axis Bank'], ['3100', "Owner's Equity"], [null, 'Petty Cash Tin']]);
    await expectBooksBalanced(own.api);
  });
});

describe('ledger verify', () => {
  it('finds nothing wrong in sound books, and names an invoice whose postings were tampered with', async () => {
    const customerId = await customer(org.api);
    const inv = await invoice(customerId, '2026-06-20', 10);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await t.app.database.db.updateTable('journal_lines').set({ debit: 1 })
      .where('org_id', '=', org.orgId).where('debit', '=', 1000).execute();
    const problems = await t.app.reports.verify(org.orgId);
    expect(problems.some((p) => p.includes('does not balance'))).toBe(true);
    expect(problems.some((p) => p.includes(inv.body.invoice.invoice_number))).toBe(true);
  });

  it('is what `bahi ledger verify` runs, and it exits 1 on a problem', async () => {
    const run = promisify(execFile);
    const failure = await run('node', ['bin/bahi.js', 'ledger', 'verify'], { env: { ...process.env, BAHI_DATA_DIR: t.db.dataDir, DATABASE_URL: t.db.databaseUrl ?? '', ...sealingKeyEnv(t.db.databaseUrl), BAHI_ADMIN_TOKEN: 'x' } })
      .then(() => null, (error: { code: number; stdout: string }) => error);
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain('does not balance');
  });
});
