import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import { databaseBefore, insertRow, type DatabaseBefore } from '../support/migration-fixture';
import { customer, postedInvoice, taxId } from '../support/sales';
import { newKey, startTestApp, type TestApp } from '../support/test-app';

/*
 * Per account, branch and day, the sums of the journal lines, kept in each posting's
 * transaction (ledger_balances): what the trial balance and the statements read.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
});
afterAll(async () => { await t.close(); });

/** An organisation's day balances as [account name, branch, day, debit paise, credit paise], in key order. */
async function balancesOf(orgId: string) {
  const rows = await t.app.database.db.selectFrom('ledger_balances as b')
    .innerJoin('accounts as a', (j) => j.onRef('a.org_id', '=', 'b.org_id').onRef('a.account_id', '=', 'b.account_id'))
    .select(['a.account_name', 'b.branch_id', 'b.entry_date', 'b.debit', 'b.credit']).where('b.org_id', '=', orgId)
    .orderBy('a.account_name').orderBy('b.branch_id').orderBy('b.entry_date').execute();
  return rows.map((r) => [r.account_name, r.branch_id, r.entry_date, Number(r.debit), Number(r.credit)]);
}

describe('day balances', () => {
  it('sum each account per branch and day as postings, reversals and a second branch land', async () => {
    const org = await t.given.org({ state_code: 'IN-KA' });
    const gst18 = await taxId(org.api, 18);
    const head = org.defaultBranchId;
    const customerId = await customer(org.api);
    // 10 June: ₹1,000.00 at 18% within Karnataka; 11 June: ₹500.00 without tax, voided (reversed on its own date).
    await postedInvoice(org.api, customerId, 1000, { date: '2026-06-10', line_items: [{ name: 'Steel', hsn_or_sac: '7214', rate: 1000, tax_id: gst18 }] });
    const second = await postedInvoice(org.api, customerId, 500, { date: '2026-06-11' });
    expect((await org.api.post(`/invoices/${second.invoice_id}/void`)).status).toBe(200);
    // 12 June: capital into the Mumbai branch's bank, a journal of another branch.
    const mumbai = (await t.admin.post(`/orgs/${org.orgId}/branches`, { name: 'Mumbai', state_code: 'IN-MH' })).body.branch.branch_id as string;
    const journal = await org.api.post('/journals', {
      date: '2026-06-12', branch_id: mumbai, lines: [{ account_id: await accountId(org.api, 'Bank'), debit: 250 }, { account_id: await accountId(org.api, "Owner's Equity"), credit: 250 }],
    }, { idempotencyKey: newKey() });
    expect(journal.status).toBe(201);

    const rows = await balancesOf(org.orgId);
    expect(rows).toEqual(expect.arrayContaining([
      ['Accounts Receivable', head, '2026-06-10', 118_000, 0],
      ['Accounts Receivable', head, '2026-06-11', 50_000, 50_000],
      ['CGST Output', head, '2026-06-10', 0, 9_000],
      ['SGST Output', head, '2026-06-10', 0, 9_000],
      ['Sales', head, '2026-06-10', 0, 100_000],
      ['Sales', head, '2026-06-11', 50_000, 50_000],
      ['Bank', mumbai, '2026-06-12', 25_000, 0],
      ["Owner's Equity", mumbai, '2026-06-12', 0, 25_000],
    ]));
    expect(rows).toHaveLength(8);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });

  it('ledger verify names a day balance that disagrees with its lines', async () => {
    const org = await t.given.org({ state_code: 'IN-KA' });
    await postedInvoice(org.api, await customer(org.api), 700, { date: '2026-06-09' });
    const receivable = await accountId(org.api, 'Accounts Receivable');
    const tamper = (by: number) => t.app.database.db.updateTable('ledger_balances').set((eb) => ({ debit: eb('debit', '+', by) }))
      .where('org_id', '=', org.orgId).where('account_id', '=', receivable).execute();
    await tamper(1);
    const problems = await t.app.reports.verify(org.orgId);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`account ${receivable}`);
    expect(problems[0]).toContain('on 2026-06-09 is debits 70001, credits 0; its lines sum to 70000 and 0');
    await tamper(-1);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });

  it('parallel invoices of one day, all touching the same rows, leave every sum exact', async () => {
    const org = await t.given.org({ state_code: 'IN-KA' });
    const customerId = await customer(org.api);
    const created = await Promise.all(Array.from({ length: 12 }, (_, i) => org.api.post('/invoices', {
      customer_id: customerId, date: '2026-06-14', place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Part', hsn_or_sac: '8487', rate: 100 + i }],
    }, { idempotencyKey: newKey() })));
    expect(created.map((r) => r.status)).toEqual(Array(12).fill(201));
    // 100 + 101 + … + 111 = 1,266.00 on receivables and sales.
    const rows = await balancesOf(org.orgId);
    expect(rows.filter(([, , day]) => day === '2026-06-14').map(([name, , , debit, credit]) => [name, debit, credit]))
      .toEqual([['Accounts Receivable', 126_600, 0], ['Sales', 0, 126_600]]);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });
});

describe('migration 031 on books posted before it', () => {
  let before: DatabaseBefore;
  afterAll(async () => { await before?.close(); });

  it('fills the day balances from the lines already there', async () => {
    before = await databaseBefore('031-ledger-balances');
    const line = (id: string, account: string, day: string, debit: number, credit: number) => insertRow(before, 'journal_lines', {
      org_id: 'org_OLD', line_id: id, journal_id: `jnl_${day}`, position: Number(id.slice(-1)), account_id: account, debit, credit,
      description: null, contact_id: null, entry_date: day, branch_id: 'br_OLD',
    });
    await line('jl_1', 'acc_AR', '2026-04-01', 11_800, 0);
    await line('jl_2', 'acc_SALES', '2026-04-01', 0, 11_800);
    await line('jl_3', 'acc_AR', '2026-04-01', 500, 0);
    await line('jl_4', 'acc_SALES', '2026-04-01', 0, 500);
    await line('jl_5', 'acc_AR', '2026-04-02', 0, 12_300);
    await line('jl_6', 'acc_BANK', '2026-04-02', 12_300, 0);
    await before.database.migrate();
    const rows = await before.database.db.selectFrom('ledger_balances').select(['account_id', 'entry_date', 'debit', 'credit'])
      .orderBy('account_id').orderBy('entry_date').execute();
    expect(rows.map((r) => [r.account_id, r.entry_date, Number(r.debit), Number(r.credit)])).toEqual([
      ['acc_AR', '2026-04-01', 12_300, 0], ['acc_AR', '2026-04-02', 0, 12_300], ['acc_BANK', '2026-04-02', 12_300, 0], ['acc_SALES', '2026-04-01', 0, 12_300],
    ]);
  }, 60_000);
});
