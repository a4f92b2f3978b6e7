import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, accountId, expectBooksBalanced } from '../support/books';
import { postedBill, vendor } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

let t: TestApp;
let org: OrgFixture;
let bank: string;
let equity: string;
beforeAll(async () => {
  t = await startTestApp();
  org = await t.given.org();
  bank = await accountId(org.api, 'Bank');
  equity = await accountId(org.api, "Owner's Equity");
});
afterAll(async () => { await t.close(); });

const entry = (amount: number, extra: Record<string, unknown> = {}) => ({
  date: '2026-04-01', memo: 'Capital introduced',
  lines: [{ account_id: bank, debit: amount }, { account_id: equity, credit: amount }],
  ...extra,
});

describe('manual journals', () => {
  it('posts a balanced entry with its lines, lists it, and the books balance', async () => {
    const res = await org.api.post('/journals', entry(1000.5));
    expect(res.status).toBe(201);
    expect(res.body.journal).toMatchObject({ source: 'MANUAL', date: '2026-04-01', total: 1000.5, status: 'POSTED' });
    expect(res.body.journal.lines).toEqual([
      expect.objectContaining({ account_id: bank, debit: 1000.5, credit: 0 }),
      expect.objectContaining({ account_id: equity, debit: 0, credit: 1000.5 }),
    ]);
    const one = await org.api.get(`/journals/${res.body.journal.journal_id}`);
    expect(one.body.journal.lines).toHaveLength(2);
    const list = await org.api.get('/journals?source=MANUAL');
    expect(list.body.journals.map((j: { journal_id: string }) => j.journal_id)).toContain(res.body.journal.journal_id);
    expect(await accountBalance(org.api, 'Bank')).toBe(1000.5);
    await expectBooksBalanced(org.api);
  });

  it('refuses fewer than two lines, an unbalanced entry, a two-sided line and a foreign account, writing nothing', async () => {
    const before = await org.api.get('/journals?per_page=200');
    const one = await org.api.post('/journals', { date: '2026-04-01', lines: [{ account_id: bank, debit: 1 }] });
    expect(one.status).toBe(400);
    expect(one.body).toMatchObject({ code: 'validation.invalid_value', field: 'lines' });
    const unbalanced = await org.api.post('/journals', { date: '2026-04-01', lines: [{ account_id: bank, debit: 10 }, { account_id: equity, credit: 9.98 }] });
    expect(unbalanced.status).toBe(400);
    expect(unbalanced.body).toMatchObject({ code: 'validation.invalid_value', field: 'lines', details: { total_debit: 10, total_credit: 9.98 } });
    const twoSided = await org.api.post('/journals', { date: '2026-04-01', lines: [{ account_id: bank, debit: 10, credit: 10 }, { account_id: equity, credit: 0 }] });
    expect(twoSided.status).toBe(400);
    const other = await t.given.org();
    const foreignAccount = await accountId(other.api, 'Bank');
    const foreign = await org.api.post('/journals', { date: '2026-04-01', lines: [{ account_id: foreignAccount, debit: 5 }, { account_id: equity, credit: 5 }] });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'not_found.resource', field: 'lines[0].account_id' });
    const after = await org.api.get('/journals?per_page=200');
    expect(after.body.journals).toHaveLength(before.body.journals.length);
    await expectBooksBalanced(org.api);
  });

  it('closes a difference of at most 0.01 with a Round Off line on the short side, so the stored entry balances exactly', async () => {
    const roundOff = await accountId(org.api, 'Round Off');
    const roundOffBefore = await accountBalance(org.api, 'Round Off');
    // Debits 1,000.00 against credits 999.99: 0.01 more debit, so Round Off is credited 0.01.
    const short = await org.api.post('/journals', { date: '2026-04-01', lines: [{ account_id: bank, debit: 1000 }, { account_id: equity, credit: 999.99 }] });
    expect(short.status).toBe(201);
    expect(short.body.journal.total).toBe(1000);
    expect(short.body.journal.lines).toEqual([
      expect.objectContaining({ account_id: bank, debit: 1000, credit: 0 }),
      expect.objectContaining({ account_id: equity, debit: 0, credit: 999.99 }),
      expect.objectContaining({ account_id: roundOff, debit: 0, credit: 0.01 }),
    ]);
    // Debits 500.00 against credits 500.01: Round Off is debited 0.01, and the entry totals 500.01.
    const over = await org.api.post('/journals', { date: '2026-04-01', lines: [{ account_id: bank, debit: 500 }, { account_id: equity, credit: 500.01 }] });
    expect(over.status).toBe(201);
    expect(over.body.journal.total).toBe(500.01);
    expect(over.body.journal.lines[2]).toMatchObject({ account_id: roundOff, debit: 0.01, credit: 0 });
    expect((await org.api.get(`/journals/${over.body.journal.journal_id}`)).body.journal.lines).toHaveLength(3);
    // −0.01 then +0.01 on Round Off.
    expect(await accountBalance(org.api, 'Round Off')).toBe(roundOffBefore);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });

  it('deletes a manual entry by its reversal on the entry\'s own date; the pair leaves the resource and the trial balance', async () => {
    const o = await t.given.org();
    const [oBank, oEquity] = [await accountId(o.api, 'Bank'), await accountId(o.api, "Owner's Equity")];
    // Each account's balance; the debit and credit columns are turnover, which the pair adds to on both sides.
    const trial = async (date?: string) => (await o.api.get(`/reports/trial_balance${date ? `?date=${date}` : ''}`)).body.trial_balance.accounts
      .map((a: { account_id: string; balance: number; balance_side: string }) => [a.account_id, a.balance, a.balance_side]);
    const kept = await o.api.post('/journals', { date: '2025-11-20', lines: [{ account_id: oBank, debit: 40 }, { account_id: oEquity, credit: 40 }] });
    const [before, beforeOnDay] = [await trial(), await trial('2025-11-20')];
    const created = await o.api.post('/journals', { date: '2025-11-20', memo: 'Posted in error', lines: [{ account_id: oBank, debit: 250 }, { account_id: oEquity, credit: 250 }] });
    const id = created.body.journal.journal_id as string;
    expect(await accountBalance(o.api, 'Bank')).toBe(290);

    const deleted = await o.api.delete(`/journals/${id}`);
    expect(deleted.status).toBe(200);
    const reversalId = deleted.body.reversal_journal_id as string;
    // The ledger keeps both: the original untouched, its mirror dated 20 November 2025 (not the day of deletion).
    const rows = await t.app.database.db.selectFrom('journals').selectAll().where('org_id', '=', o.orgId).where('journal_id', 'in', [id, reversalId]).orderBy('journal_id').execute();
    expect(rows.map((r) => [r.journal_id, r.kind, r.entry_date])).toEqual([[id, 'POSTING', '2025-11-20'], [reversalId, 'REVERSAL', '2025-11-20']]);
    const lines = await t.app.database.db.selectFrom('journal_lines').selectAll().where('org_id', '=', o.orgId).where('journal_id', '=', reversalId).orderBy('position').execute();
    expect(lines.map((l) => [l.account_id, Number(l.debit), Number(l.credit)])).toEqual([[oBank, 0, 25000], [oEquity, 25000, 0]]);

    expect((await o.api.get(`/journals/${id}`)).status).toBe(404);
    expect((await o.api.get(`/journals/${reversalId}`)).status).toBe(404);
    const listed = (await o.api.get('/journals?per_page=200')).body.journals.map((j: { journal_id: string }) => j.journal_id);
    expect(listed).toEqual([kept.body.journal.journal_id]);
    expect(await trial()).toEqual(before);
    expect(await trial('2025-11-20')).toEqual(beforeOnDay);
    const again = await o.api.delete(`/journals/${id}`);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('not_found.resource');
    expect(await t.app.reports.verify(o.orgId)).toEqual([]);
    await expectBooksBalanced(o.api);
  });

  it('refuses to delete an auto-posted entry: its document is voided instead', async () => {
    const o = await t.given.org();
    await postedBill(o.api, await vendor(o.api), 300);
    const billEntry = (await o.api.get('/journals?source=BILL')).body.journals[0];
    const res = await o.api.delete(`/journals/${billEntry.journal_id}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict.invalid_state', details: { source: 'BILL' } });
    expect((await o.api.get(`/journals/${billEntry.journal_id}`)).status).toBe(200);
    await expectBooksBalanced(o.api);
  });

  it('dates an entry given as an instant by its Asia/Kolkata calendar day', async () => {
    const res = await org.api.post('/journals', entry(1, { date: '2026-04-01T20:00:00Z' }));
    expect(res.body.journal.date).toBe('2026-04-02');
    await expectBooksBalanced(org.api);
  });
});
