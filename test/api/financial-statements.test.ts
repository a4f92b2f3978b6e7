import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import { expectHledgerAgrees, HLEDGER, withoutHledger } from '../support/hledger';
import { sayWhySkipped } from '../support/skip-note';
import { postedBill, postedInvoice, customer, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * One business over two financial years, every figure worked by hand (rupees):
 * FY 2025-26: 1 May capital 1,00,000 into the bank; 10 Jun invoice 10,000 (untaxed);
 *             1 Jul bill 4,000 to Purchases. Profit 6,000.
 * FY 2026-27: 15 Apr the customer pays the 10,000 invoice; 1 May an expense of 1,500 from the bank;
 *             10 May invoice 20,000; 20 May a customer advance of 3,000, unapplied; 1 Jun bill 5,000.
 *             Profit to 30 Jun: 20,000 − 5,000 − 1,500 = 13,500.
 */
let t: TestApp;
let org: OrgFixture;
let customerId: string;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-30T06:00:00Z'));
  org = await t.given.org();
  customerId = await customer(org.api);
  const vendorId = await vendor(org.api);
  const bank = await accountId(org.api, 'Bank');
  const posted = (res: { status: number; body: unknown }) => { if (res.status !== 201) throw new Error(JSON.stringify(res.body)); return res; };
  posted(await org.api.post('/journals', {
    date: '2025-05-01', memo: 'Capital introduced',
    lines: [{ account_id: bank, debit: 100000 }, { account_id: await accountId(org.api, "Owner's Equity"), credit: 100000 }],
  }));
  const first = await postedInvoice(org.api, customerId, 10000, { date: '2025-06-10', due_date: '2025-07-10' });
  await postedBill(org.api, vendorId, 4000, { date: '2025-07-01', due_date: '2025-07-31' });
  posted(await org.api.post('/payments', { flow: 'INCOMING', contact_id: customerId, date: '2026-04-15', amount: 10000, allocations: [{ invoice_id: first.invoice_id, amount: 10000 }] }, { idempotencyKey: newKey() }));
  posted(await org.api.post('/expenses', {
    date: '2026-05-01', account_id: await accountId(org.api, 'General Expenses'), paid_through_account_id: bank, amount: 1500,
  }, { idempotencyKey: newKey() }));
  await postedInvoice(org.api, customerId, 20000, { date: '2026-05-10', due_date: '2026-06-10' });
  posted(await org.api.post('/payments', { flow: 'INCOMING', contact_id: customerId, date: '2026-05-20', amount: 3000, reference_number: 'UTR-ADV' }, { idempotencyKey: newKey() }));
  await postedBill(org.api, vendorId, 5000, { date: '2026-06-01', due_date: '2026-06-30' });
});
afterAll(async () => { await t.close(); });

type Row = { account_name: string; opening_balance: number; opening_balance_side: string; debit: number; credit: number; balance: number; balance_side: string };
type Section = { amount: number; previous_amount: number | null; accounts: { account_name: string; amount: number; previous_amount: number | null }[] };
const pairs = (s: Section) => s.accounts.map((a) => [a.account_name, a.amount, a.previous_amount]);

describe('trial balance over a period', () => {
  it('opens FY 2026-27 with income and expenses at zero and FY 2025-26\'s profit in Retained Earnings; every column balances', async () => {
    const res = await org.api.get('/reports/trial_balance?from_date=2026-04-01&to_date=2026-06-30');
    expect(res.status).toBe(200);
    const tb = res.body.trial_balance;
    expect(tb.accounts.map((a: Row) => [a.account_name, a.opening_balance, a.opening_balance_side, a.debit, a.credit, a.balance, a.balance_side])).toEqual([
      ['Bank', 100000, 'DEBIT', 13000, 1500, 111500, 'DEBIT'],
      ['Accounts Receivable', 10000, 'DEBIT', 20000, 10000, 20000, 'DEBIT'],
      // A receipt passes through advances on its way to the invoice: Cr then Dr 10,000.
      ['Advances from Customers', 0, 'DEBIT', 10000, 13000, 3000, 'CREDIT'],
      ['Accounts Payable', 4000, 'CREDIT', 0, 5000, 9000, 'CREDIT'],
      ["Owner's Equity", 100000, 'CREDIT', 0, 0, 100000, 'CREDIT'],
      // FY 2025-26: sales 10,000 less purchases 4,000.
      ['Retained Earnings', 6000, 'CREDIT', 0, 0, 6000, 'CREDIT'],
      ['Sales', 0, 'DEBIT', 0, 20000, 20000, 'CREDIT'],
      ['Purchases', 0, 'DEBIT', 5000, 0, 5000, 'DEBIT'],
      ['General Expenses', 0, 'DEBIT', 1500, 0, 1500, 'DEBIT'],
    ]);
    expect(tb).toMatchObject({
      from_date: '2026-04-01', date: '2026-06-30', opening_debit: 110000, opening_credit: 110000,
      total_debit: 49500, total_credit: 49500, closing_debit: 138000, closing_credit: 138000, balanced: true,
    });
  });

  it('opens mid-year with the year\'s income and expenses so far, and a period of FY 2025-26 as it was', async () => {
    const may = (await org.api.get('/reports/trial_balance?from_date=2026-05-15&to_date=2026-06-30')).body.trial_balance;
    const opening = (name: string) => may.accounts.find((a: Row) => a.account_name === name);
    expect(opening('Sales')).toMatchObject({ opening_balance: 20000, opening_balance_side: 'CREDIT' });
    expect(opening('Purchases')).toMatchObject({ opening_balance: 0, debit: 5000 });
    expect(opening('Retained Earnings')).toMatchObject({ opening_balance: 6000, opening_balance_side: 'CREDIT' });
    const lastYear = (await org.api.get('/reports/trial_balance?from_date=2025-07-01&to_date=2026-03-31')).body.trial_balance;
    expect(lastYear.accounts.find((a: Row) => a.account_name === 'Sales')).toMatchObject({ opening_balance: 10000, opening_balance_side: 'CREDIT' });
    expect(lastYear.accounts.map((a: Row) => a.account_name)).not.toContain('Retained Earnings');
  });

  it('keeps the form through a date as it was, and refuses the two forms together or a period that ends before it starts', async () => {
    const through = (await org.api.get('/reports/trial_balance?date=2026-03-31')).body.trial_balance;
    expect(through).toMatchObject({ date: '2026-03-31', total_debit: 114000, total_credit: 114000, balanced: true });
    expect(through).not.toHaveProperty('from_date');
    const both = await org.api.get('/reports/trial_balance?date=2026-03-31&from_date=2026-04-01');
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ code: 'validation.invalid_value', field: 'date' });
    const backwards = await org.api.get('/reports/trial_balance?from_date=2026-06-01&to_date=2026-05-01');
    expect(backwards.body).toMatchObject({ code: 'validation.invalid_value', field: 'to_date' });
  });
});

describe('the openings of the ledger books', () => {
  it("open FY 2026-27's general ledger with Sales at zero and Retained Earnings holding FY 2025-26's profit", async () => {
    const ledger = async (name: string) => {
      const res = await org.api.get(`/reports/general_ledger?account_id=${await accountId(org.api, name)}&from_date=2026-04-01&to_date=2026-06-30`);
      expect(res.status).toBe(200);
      return res.body.general_ledger;
    };
    expect(await ledger('Sales')).toMatchObject({ opening_balance: 0, opening_balance_side: 'DEBIT', total_credit: 20000, closing_balance: 20000, closing_balance_side: 'CREDIT' });
    expect(await ledger('Purchases')).toMatchObject({ opening_balance: 0, total_debit: 5000, closing_balance: 5000, closing_balance_side: 'DEBIT' });
    expect(await ledger('Retained Earnings')).toMatchObject({ opening_balance: 6000, opening_balance_side: 'CREDIT', closing_balance: 6000, closing_balance_side: 'CREDIT', lines: [] });
    expect(await ledger('Bank')).toMatchObject({ opening_balance: 100000, opening_balance_side: 'DEBIT', closing_balance: 111500 });
  });

  it("open FY 2026-27's ledger export, in both forms, with no income or expense and FY 2025-26's profit in Retained Earnings", async () => {
    const csv = await org.api.get('/exports/ledger?format=csv&from_date=2026-04-01&to_date=2026-06-30');
    expect(csv.status).toBe(200);
    const opening = (account: string, debit: string, credit: string) => `2026-04-01,,,Opening balances,${account},${debit},${credit}`;
    expect((csv.body as string).split('\r\n').filter((row) => row.includes('Opening balances'))).toEqual([
      opening('Assets:Bank', '100000.00', '0.00'),
      opening('Assets:Accounts Receivable', '10000.00', '0.00'),
      opening('Liabilities:Accounts Payable', '0.00', '4000.00'),
      opening("Equity:Owner's Equity", '0.00', '100000.00'),
      opening('Equity:Retained Earnings', '0.00', '6000.00'),
    ]);
    const journal = (await org.api.get('/exports/ledger?from_date=2026-04-01&to_date=2026-06-30')).body as string;
    const openingBlock = journal.split('\n\n').find((block) => block.startsWith('2026-04-01 Opening balances'))!;
    expect(openingBlock.trim().split('\n').map((line) => line.trim().replace(/\s+/g, ' '))).toEqual([
      '2026-04-01 Opening balances', 'Assets:Bank INR 100000.00', 'Assets:Accounts Receivable INR 10000.00',
      'Liabilities:Accounts Payable INR -4000.00', "Equity:Owner's Equity INR -100000.00", 'Equity:Retained Earnings INR -6000.00',
    ]);
  });
});

describe('profit and loss', () => {
  it('reads the quarter beside the same quarter a year earlier, in Schedule III order', async () => {
    const res = await org.api.get('/reports/profit_and_loss?from_date=2026-04-01&to_date=2026-06-30&compare=previous_year');
    expect(res.status).toBe(200);
    const pl = res.body.profit_and_loss;
    expect(pl).toMatchObject({ from_date: '2026-04-01', to_date: '2026-06-30', previous_from_date: '2025-04-01', previous_to_date: '2025-06-30', compare: 'previous_year' });
    expect(pairs(pl.revenue_from_operations)).toEqual([['Sales', 20000, 10000]]);
    expect(pl.other_income).toMatchObject({ amount: 0, previous_amount: 0, accounts: [] });
    expect(pl.total_income).toEqual({ amount: 20000, previous_amount: 10000 });
    expect(pairs(pl.expenses.cost_of_goods_sold)).toEqual([['Purchases', 5000, 0]]);
    expect(pairs(pl.expenses.expenses)).toEqual([['General Expenses', 1500, 0]]);
    expect(pl.total_expenses).toEqual({ amount: 6500, previous_amount: 0 });
    expect(pl.profit_before_tax).toEqual({ amount: 13500, previous_amount: 10000 });
    expect(pl.tax_expense).toEqual({ amount: 0, previous_amount: 0, accounts: [] });
    expect(pl.net_profit).toEqual({ amount: 13500, previous_amount: 10000 });
    expect(pl.gross_profit).toEqual({ amount: 15000, previous_amount: 10000 });
  });

  it('takes a booked income tax off profit before tax for net_profit, keeping it out of other expenses', async () => {
    const taxed = await t.given.org();
    await postedInvoice(taxed.api, await customer(taxed.api), 10000, { date: '2026-05-10', due_date: '2026-06-10' });
    const booked = await taxed.api.post('/journals', {
      date: '2026-06-15', memo: 'Advance tax, first instalment',
      lines: [{ account_id: await accountId(taxed.api, 'Income Tax Expense'), debit: 2500 }, { account_id: await accountId(taxed.api, 'Bank'), credit: 2500 }],
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const pl = (await taxed.api.get('/reports/profit_and_loss?from_date=2026-04-01&to_date=2026-06-30')).body.profit_and_loss;
    expect(pl.total_expenses).toEqual({ amount: 0, previous_amount: null });
    expect(pl.expenses.other_expenses.accounts).toEqual([]);
    expect(pl.profit_before_tax).toEqual({ amount: 10000, previous_amount: null });
    expect(pairs(pl.tax_expense)).toEqual([['Income Tax Expense', 2500, null]]);
    expect(pl.net_profit).toEqual({ amount: 7500, previous_amount: null });
    await expectBooksBalanced(taxed.api);
  });

  it('compares with the period just before and defaults to the financial year to date', async () => {
    const res = await org.api.get('/reports/profit_and_loss?from_date=2026-04-01&to_date=2026-06-30&compare=previous_period');
    // 31 Dec 2025 – 31 Mar 2026 holds nothing; the bill of July 2025 falls outside it.
    expect(res.body.profit_and_loss).toMatchObject({ previous_from_date: '2025-12-31', previous_to_date: '2026-03-31', profit_before_tax: { amount: 13500, previous_amount: 0 } });
    const year = (await org.api.get('/reports/profit_and_loss')).body.profit_and_loss;
    expect(year).toMatchObject({ from_date: '2026-04-01', to_date: '2026-06-30', compare: null, profit_before_tax: { amount: 13500, previous_amount: null } });
    const lastYear = (await org.api.get('/reports/profit_and_loss?from_date=2025-04-01&to_date=2026-03-31')).body.profit_and_loss;
    expect(lastYear.profit_before_tax.amount).toBe(6000);
  });
});

describe('balance sheet', () => {
  it('balances at the end of the first year, its profit on the current year line', async () => {
    const bs = (await org.api.get('/reports/balance_sheet?date=2026-03-31')).body.balance_sheet;
    expect(pairs(bs.assets.current_assets.cash_and_bank)).toEqual([['Bank', 100000, null]]);
    expect(pairs(bs.assets.current_assets.trade_receivables)).toEqual([['Accounts Receivable', 10000, null]]);
    expect(pairs(bs.liabilities.current_liabilities.trade_payables)).toEqual([['Accounts Payable', 4000, null]]);
    expect(bs.equity.retained_earnings).toMatchObject({ amount: 0, earlier_years_profit: { amount: 0 } });
    expect(bs.equity.current_year_profit.amount).toBe(6000);
    expect(bs.total_assets).toEqual({ amount: 110000, previous_amount: null });
    expect(bs.total_equity_and_liabilities).toEqual({ amount: 110000, previous_amount: null });
  });

  it('opens the next year with that profit in retained earnings, the advance apart from receivables, beside a year earlier', async () => {
    const res = await org.api.get('/reports/balance_sheet?date=2026-06-30&compare=previous_year');
    expect(res.status).toBe(200);
    const bs = res.body.balance_sheet;
    expect(bs).toMatchObject({ date: '2026-06-30', previous_date: '2025-06-30', compare: 'previous_year' });
    expect(pairs(bs.assets.current_assets.cash_and_bank)).toEqual([['Bank', 111500, 100000]]);
    expect(pairs(bs.assets.current_assets.trade_receivables)).toEqual([['Accounts Receivable', 20000, 10000]]);
    expect(bs.assets.current_assets).toMatchObject({ amount: 131500, previous_amount: 110000 });
    expect(pairs(bs.liabilities.current_liabilities.trade_payables)).toEqual([['Accounts Payable', 9000, 0]]);
    expect(pairs(bs.liabilities.current_liabilities.other_current_liabilities)).toEqual([['Advances from Customers', 3000, 0]]);
    expect(bs.liabilities).toMatchObject({ amount: 12000, previous_amount: 0 });
    expect(pairs(bs.equity.owners_equity)).toEqual([["Owner's Equity", 100000, 100000]]);
    expect(bs.equity.retained_earnings).toMatchObject({ amount: 6000, previous_amount: 0, earlier_years_profit: { amount: 6000, previous_amount: 0 } });
    expect(bs.equity.current_year_profit).toEqual({ amount: 13500, previous_amount: 10000 });
    expect(bs.equity).toMatchObject({ amount: 119500, previous_amount: 110000 });
    expect(bs.total_assets).toEqual({ amount: 131500, previous_amount: 110000 });
    expect(bs.total_equity_and_liabilities).toEqual({ amount: 131500, previous_amount: 110000 });
  });

  it('balances on every date, a branch alone too', async () => {
    const branch = (await org.api.get('/branches')).body.branches[0].branch_id;
    for (const date of ['2025-04-30', '2025-05-01', '2025-06-10', '2025-07-01', '2026-03-31', '2026-04-01', '2026-04-15', '2026-05-20', '2026-06-30']) {
      for (const query of [`date=${date}`, `date=${date}&branch_id=${branch}`]) {
        const bs = (await org.api.get(`/reports/balance_sheet?${query}`)).body.balance_sheet;
        expect(bs.total_assets.amount, query).toBe(bs.total_equity_and_liabilities.amount);
      }
    }
    expect((await org.api.get('/reports/balance_sheet?date=2026-04-15')).body.balance_sheet.total_assets.amount).toBe(110000);
  });
});

describe('access and input', () => {
  it('needs Svc.accounts.READ, answers 404 for another organisation’s branch and 400 for a bad date', async () => {
    const narrow = await t.given.token([org.orgId], { scopes: ['Svc.contacts.READ'], user_id: org.userId });
    for (const path of ['/reports/profit_and_loss', '/reports/balance_sheet', '/reports/trial_balance?from_date=2026-04-01']) {
      const res = await t.api.get(path, { token: narrow.token });
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe('authz.scope_missing');
    }
    const other = await t.given.org();
    const foreignBranch = (await other.api.get('/branches')).body.branches[0].branch_id;
    expect((await org.api.get(`/reports/profit_and_loss?branch_id=${foreignBranch}`)).status).toBe(404);
    expect((await org.api.get('/reports/balance_sheet?date=2026-02-30')).body).toMatchObject({ code: 'validation.invalid_value', field: 'date' });
    expect((await org.api.get('/reports/profit_and_loss?from_date=2026-13-01')).body).toMatchObject({ code: 'validation.invalid_value', field: 'from_date' });
    expect((await org.api.get('/reports/profit_and_loss?compare=last_week')).body).toMatchObject({ code: 'validation.invalid_value', field: 'compare' });
    await expectBooksBalanced(org.api);
  });
});

describe('the books in hledger', () => {
  sayWhySkipped(!HLEDGER, withoutHledger('financial statements: the books in hledger'));
  it.skipIf(!HLEDGER)('pass hledger check --strict and agree with the trial balance, both years and the second opening on the first', async () => {
    await expectHledgerAgrees(org.api, '2025-04-01', '2026-06-30');
    await expectHledgerAgrees(org.api, '2026-04-01', '2026-06-30');
  });
});
