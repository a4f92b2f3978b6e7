import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import { expectHledgerAgrees, HLEDGER, withoutHledger } from '../support/hledger';
import { sayWhySkipped } from '../support/skip-note';
import { customer, postedBill, postedInvoice, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * The account types a real chart needs, in one company's June 2026 (rupees, every line untaxed):
 *   1 Jun  capital 2,00,000 into the bank
 *   2 Jun  a term loan of 5,00,000 from Mehta Finance (a customer too), a journal naming them
 *   3 Jun  a security deposit of 60,000 paid to Sharma Estates (the landlord, a vendor), a journal naming them
 *   5 Jun  a fixed deposit of 1,50,000 from the bank
 *  10 Jun  an invoice of 5,000 to Mehta Finance; Sharma Estates' rent bill of 12,000 (General Expenses)
 *  15 Jun  a year's insurance of 24,000 paid ahead (an expense to Prepaid Insurance, an other current asset)
 *  20 Jun  2,500 left the bank for a reason not yet known: Suspense
 *  30 Jun  salaries of 40,000 owed (Salary Payable) and a bonus of 8,000 provided for
 * Bank: 2,00,000 + 5,00,000 − 60,000 − 1,50,000 − 24,000 − 2,500 = 4,63,500.
 */
const TYPES = [
  ['Fixed Deposit - SBI', 'INVESTMENT', '1550'], ['Security Deposit', 'OTHER_CURRENT_ASSET', '1450'],
  ['Prepaid Insurance', 'OTHER_CURRENT_ASSET', '1460'], ['Salary Payable', 'OTHER_CURRENT_LIABILITY', '2450'],
  ['Term Loan - Mehta Finance', 'LONG_TERM_LIABILITY', '2600'], ['Provision for Bonus', 'PROVISION', '2700'], ['Suspense', 'SUSPENSE', '2900'],
] as const;

/** The answer, or the test fails with its body. */
const ok = <T extends { status: number; body: unknown }>(res: T) => { if (res.status >= 300) throw new Error(JSON.stringify(res.body)); return res; };

let t: TestApp;
let org: OrgFixture;
const acc: Record<string, string> = {};
let mehta: string;
let sharma: string;
let loanJournal: string;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-30T06:00:00Z'));
  org = await t.given.org();
  for (const [name, type, code] of TYPES) {
    acc[name] = ok(await t.admin.post(`/orgs/${org.orgId}/accounts`, { account_name: name, account_type: type, account_code: code })).body.account.account_id;
  }
  for (const name of ['Bank', "Owner's Equity", 'General Expenses']) acc[name] = await accountId(org.api, name);
  mehta = await customer(org.api, { contact_name: 'Mehta Finance' });
  sharma = await vendor(org.api, { contact_name: 'Sharma Estates' });
  const journal = async (date: string, memo: string, debit: string, credit: string, amount: number, contactId?: string) =>
    ok(await org.api.post('/journals', {
      date, memo, ...(contactId && { contact_id: contactId }),
      lines: [{ account_id: acc[debit], debit: amount }, { account_id: acc[credit], credit: amount }],
    })).body;
  await journal('2026-06-01', 'Capital introduced', 'Bank', "Owner's Equity", 200000);
  loanJournal = (await journal('2026-06-02', 'Term loan received', 'Bank', 'Term Loan - Mehta Finance', 500000, mehta)).journal.journal_id;
  await journal('2026-06-03', 'Security deposit for the office', 'Security Deposit', 'Bank', 60000, sharma);
  await journal('2026-06-05', 'Fixed deposit opened', 'Fixed Deposit - SBI', 'Bank', 150000);
  await postedInvoice(org.api, mehta, 5000, { date: '2026-06-10', due_date: '2026-07-10' });
  await postedBill(org.api, sharma, 12000, {
    date: '2026-06-10', due_date: '2026-07-10', line_items: [{ name: 'Office rent, June', rate: 12000, quantity: 1, account_id: acc['General Expenses'] }],
  });
  ok(await org.api.post('/expenses', {
    date: '2026-06-15', account_id: acc['Prepaid Insurance'], paid_through_account_id: acc.Bank, amount: 24000, notes: 'Insurance, July 2026 to June 2027',
  }, { idempotencyKey: newKey() }));
  await journal('2026-06-20', 'Unidentified bank debit', 'Suspense', 'Bank', 2500);
  await journal('2026-06-30', 'Salaries for June', 'General Expenses', 'Salary Payable', 40000);
  await journal('2026-06-30', 'Bonus provided for', 'General Expenses', 'Provision for Bonus', 8000);
});
afterAll(async () => { await t.close(); });

type Section = { amount: number; accounts: { account_name: string; account_type: string; amount: number }[] };
const lines = (s: Section) => s.accounts.map((a) => [a.account_name, a.account_type, a.amount]);

describe('accounts of the six types', () => {
  it('are created through the admin API and read back with their type, and the list filters by them', async () => {
    for (const [name, type] of TYPES) {
      expect((await org.api.get(`/accounts/${acc[name]}`)).body.account, name).toMatchObject({ account_name: name, account_type: type, system_key: null, is_active: true });
    }
    const res = await org.api.get('/accounts?account_type=INVESTMENT,LONG_TERM_LIABILITY,PROVISION,SUSPENSE,OTHER_CURRENT_LIABILITY');
    expect(res.status).toBe(200);
    expect(res.body.accounts.map((a: { account_name: string }) => a.account_name).sort())
      .toEqual(['Fixed Deposit - SBI', 'Provision for Bonus', 'Salary Payable', 'Suspense', 'Term Loan - Mehta Finance']);
    expect((await org.api.get('/accounts?account_type=OTHER_CURRENT_ASSET')).body.accounts.map((a: { account_name: string }) => a.account_name).sort())
      .toEqual(['Prepaid Insurance', 'Security Deposit']);
  });

  it('refuses an unknown type (400 on account_type) and another organisation\'s account (404), writing nothing', async () => {
    const bad = await t.admin.post(`/orgs/${org.orgId}/accounts`, { account_name: 'Deposits', account_type: 'DEPOSIT' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation.invalid_value', field: 'account_type' });
    expect((await org.api.get('/accounts?account_type=DEPOSIT')).body).toMatchObject({ code: 'validation.invalid_value', field: 'account_type' });
    const other = await t.given.org();
    const foreign = ok(await t.admin.post(`/orgs/${other.orgId}/accounts`, { account_name: 'Their Loan', account_type: 'LONG_TERM_LIABILITY' })).body.account.account_id;
    expect((await org.api.get(`/accounts/${foreign}`)).status).toBe(404);
    const posted = await org.api.post('/journals', { date: '2026-06-30', lines: [{ account_id: acc.Bank, debit: 100 }, { account_id: foreign, credit: 100 }] });
    expect(posted.status).toBe(404);
    expect(posted.body).toMatchObject({ code: 'not_found.resource', field: 'lines[1].account_id' });
    expect((await org.api.get('/accounts?per_page=200')).body.accounts.map((a: { account_name: string }) => a.account_name)).not.toContain('Deposits');
  });

  it('takes a purchase on an other current asset (a cost paid ahead) but refuses one on a loan, a provision or suspense', async () => {
    for (const name of ['Term Loan - Mehta Finance', 'Provision for Bonus', 'Suspense', 'Fixed Deposit - SBI']) {
      const res = await org.api.post('/bills', {
        vendor_id: sharma, date: '2026-06-30', due_date: '2026-07-30', place_of_supply: 'IN-KA', reference_number: newKey().slice(-12),
        line_items: [{ name: 'Misposted', rate: 100, quantity: 1, account_id: acc[name] }],
      }, { idempotencyKey: newKey() });
      expect(res.status, name).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[0].account_id' });
      expect(res.body.details.allowed).toContain('OTHER_CURRENT_ASSET');
    }
    const bills = (await org.api.get(`/bills?vendor_id=${sharma}`)).body.bills;
    expect(bills).toHaveLength(1);
  });
});

describe('loans and deposits with a party', () => {
  it('keep the contact on the journal', async () => {
    const journal = (await org.api.get(`/journals/${loanJournal}`)).body.journal;
    expect(journal).toMatchObject({ contact_id: mehta, source: 'MANUAL' });
  });

  it('never land in ageing: each party ages by its invoice or bill alone', async () => {
    const receivables = (await org.api.get('/reports/receivables_ageing?date=2026-06-30')).body.receivables_ageing;
    expect(receivables.contacts.map((c: { contact_name: string; outstanding: number }) => [c.contact_name, c.outstanding])).toEqual([['Mehta Finance', 5000]]);
    expect(receivables.total).toMatchObject({ outstanding: 5000, net: 5000 });
    const payables = (await org.api.get('/reports/payables_ageing?date=2026-06-30')).body.payables_ageing;
    expect(payables.contacts.map((c: { contact_name: string; outstanding: number }) => [c.contact_name, c.outstanding])).toEqual([['Sharma Estates', 12000]]);
    expect(payables.total).toMatchObject({ outstanding: 12000, net: 12000 });
  });

  it("never land in the party's statement: the lender's shows its invoice, the landlord's its bill", async () => {
    const lender = (await org.api.get(`/reports/customer_ledger?contact_id=${mehta}`)).body.customer_ledger;
    expect(lender.entries.map((e: { source: string; debit: number; credit: number }) => [e.source, e.debit, e.credit])).toEqual([['INVOICE', 5000, 0]]);
    expect(lender.closing_balance).toBe(5000);
    const landlord = (await org.api.get(`/reports/vendor_ledger?contact_id=${sharma}`)).body.vendor_ledger;
    expect(landlord.entries.map((e: { source: string; debit: number; credit: number }) => [e.source, e.debit, e.credit])).toEqual([['BILL', 0, 12000]]);
    expect(landlord.closing_balance).toBe(12000);
  });
});

describe('the balance sheet by Schedule III', () => {
  it('puts each type on its line: investments non-current, the loan a long-term borrowing, the provision short-term, suspense on its own line', async () => {
    const res = await org.api.get('/reports/balance_sheet?date=2026-06-30');
    expect(res.status).toBe(200);
    const bs = res.body.balance_sheet;
    expect(lines(bs.assets.non_current_assets.non_current_investments)).toEqual([['Fixed Deposit - SBI', 'INVESTMENT', 150000]]);
    expect(bs.assets.non_current_assets).toMatchObject({ amount: 150000, fixed_assets: { amount: 0, accounts: [] } });
    // Other current assets: the deposit 60,000 and the insurance paid ahead 24,000 = 84,000.
    expect(lines(bs.assets.current_assets.other_current_assets)).toEqual([['Security Deposit', 'OTHER_CURRENT_ASSET', 60000], ['Prepaid Insurance', 'OTHER_CURRENT_ASSET', 24000]]);
    expect(lines(bs.assets.current_assets.cash_and_bank)).toEqual([['Bank', 'BANK', 463500]]);
    expect(lines(bs.assets.current_assets.trade_receivables)).toEqual([['Accounts Receivable', 'ACCOUNTS_RECEIVABLE', 5000]]);
    // 5,000 + 4,63,500 + 84,000 = 5,52,500; with the deposit of 1,50,000, 7,02,500.
    expect(bs.assets.current_assets.amount).toBe(552500);
    expect(bs.total_assets).toEqual({ amount: 702500, previous_amount: null });

    expect(lines(bs.liabilities.non_current_liabilities.long_term_borrowings)).toEqual([['Term Loan - Mehta Finance', 'LONG_TERM_LIABILITY', 500000]]);
    expect(bs.liabilities.non_current_liabilities.amount).toBe(500000);
    const current = bs.liabilities.current_liabilities;
    expect(lines(current.trade_payables)).toEqual([['Accounts Payable', 'ACCOUNTS_PAYABLE', 12000]]);
    expect(lines(current.other_current_liabilities)).toEqual([['Salary Payable', 'OTHER_CURRENT_LIABILITY', 40000]]);
    expect(lines(current.short_term_provisions)).toEqual([['Provision for Bonus', 'PROVISION', 8000]]);
    // A debit balance on the liabilities side shows negative.
    expect(lines(current.suspense)).toEqual([['Suspense', 'SUSPENSE', -2500]]);
    // 12,000 + 40,000 + 8,000 − 2,500 = 57,500; with the loan, 5,57,500.
    expect(current.amount).toBe(57500);
    expect(bs.liabilities.amount).toBe(557500);
    // Sales 5,000 less rent 12,000, salaries 40,000 and bonus 8,000: a loss of 55,000; 2,00,000 − 55,000 = 1,45,000.
    expect(bs.equity.current_year_profit.amount).toBe(-55000);
    expect(bs.equity.amount).toBe(145000);
    expect(bs.total_equity_and_liabilities).toEqual({ amount: 702500, previous_amount: null });
  });

  it('writes the new lines in its CSV, and a year earlier they stand at zero', async () => {
    const csv = (await org.api.get('/reports/balance_sheet?date=2026-06-30&compare=previous_year&format=csv')).body as string;
    expect(csv.split('\r\n')).toEqual(expect.arrayContaining([
      'liabilities.non_current_liabilities.long_term_borrowings,2600,Term Loan - Mehta Finance,500000.00,0.00',
      'liabilities.current_liabilities.short_term_provisions,2700,Provision for Bonus,8000.00,0.00',
      'liabilities.current_liabilities.suspense,2900,Suspense,-2500.00,0.00',
      'assets.non_current_assets.non_current_investments,1550,Fixed Deposit - SBI,150000.00,0.00',
      'assets.non_current_assets,,,150000.00,0.00',
    ]));
  });

  it('leaves the profit and loss alone: none of the six types is income or expense', async () => {
    const pl = (await org.api.get('/reports/profit_and_loss?from_date=2026-04-01&to_date=2026-06-30')).body.profit_and_loss;
    expect(pl.total_income.amount).toBe(5000);
    expect(pl.total_expenses.amount).toBe(60000);
    expect(pl.net_profit.amount).toBe(-55000);
    await expectBooksBalanced(org.api);
  });
});

describe('the ledger export', () => {
  it('names each account under the side the balance sheet puts it on', async () => {
    const csv = (await org.api.get('/exports/ledger?format=csv&from_date=2026-06-01&to_date=2026-06-30')).body as string;
    for (const name of ['Assets:Fixed Deposit - SBI', 'Assets:Security Deposit', 'Assets:Prepaid Insurance', 'Liabilities:Term Loan - Mehta Finance',
      'Liabilities:Salary Payable', 'Liabilities:Provision for Bonus', 'Liabilities:Suspense']) expect(csv, name).toContain(`,${name},`);
  });

  sayWhySkipped(!HLEDGER, withoutHledger('account types: the books in hledger'));
  it.skipIf(!HLEDGER)('passes hledger check --strict and agrees with the trial balance', async () => {
    await expectHledgerAgrees(org.api, '2026-04-01', '2026-06-30');
  });
});
