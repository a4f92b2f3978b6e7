import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, accountId, expectBooksBalanced } from '../support/books';
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
    const unbalanced = await org.api.post('/journals', { date: '2026-04-01', lines: [{ account_id: bank, debit: 10 }, { account_id: equity, credit: 9.99 }] });
    expect(unbalanced.status).toBe(400);
    expect(unbalanced.body).toMatchObject({ code: 'validation.invalid_value', field: 'lines', details: { total_debit: 10, total_credit: 9.99 } });
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

  it('deletes a manual entry by posting its mirror, once', async () => {
    const before = await accountBalance(org.api, 'Bank');
    const created = await org.api.post('/journals', entry(250));
    const id = created.body.journal.journal_id;
    expect(await accountBalance(org.api, 'Bank')).toBe(before + 250);
    const deleted = await org.api.delete(`/journals/${id}`);
    expect(deleted.status).toBe(200);
    const reversal = await org.api.get(`/journals/${deleted.body.reversal_journal_id}`);
    expect(reversal.body.journal).toMatchObject({ kind: 'REVERSAL', reverses_journal_id: id });
    expect(reversal.body.journal.lines[0]).toMatchObject({ account_id: bank, debit: 0, credit: 250 });
    expect((await org.api.get(`/journals/${id}`)).body.journal.status).toBe('REVERSED');
    expect(await accountBalance(org.api, 'Bank')).toBe(before);
    const again = await org.api.delete(`/journals/${id}`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict.invalid_state');
    await expectBooksBalanced(org.api);
  });

  it('dates an entry given as an instant by its Asia/Kolkata calendar day', async () => {
    const res = await org.api.post('/journals', entry(1, { date: '2026-04-01T20:00:00Z' }));
    expect(res.body.journal.date).toBe('2026-04-02');
    await expectBooksBalanced(org.api);
  });
});
