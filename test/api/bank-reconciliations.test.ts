import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankMatchesStore } from '../../src/modules/banking/bank-matches.store';
import { seedBankLines } from '../support/bank';
import { accountId, expectBooksBalanced } from '../support/books';
import { customer, postedInvoice, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * May 2026 at the Bank account, every figure worked by hand (rupees).
 * Books: the opening ₹1,00,000 (journal, 30 April); a UPI receipt A of ₹25,000 (3 May); an
 * NEFT payment B of ₹12,000 to a vendor (6 May); rent C ₹15,000 paid through the bank (10 May);
 * F, ₹2,000 to petty cash (journal, 15 May); a cheque D of ₹4,000 (28 May) not yet presented;
 * a deposit E of ₹6,000 (31 May) not yet credited.
 * Bank, opening ₹1,00,000: L1 4 May +25,000 → 1,25,000; L2 6 May −12,000 → 1,13,000;
 * L3 10 May −15,000 → 98,000; L4 15 May −2,000 → 96,000; L5 20 May charges −118 → 95,882;
 * L6 25 May −500 → 95,382 and L7 26 May +500 → 95,882 (a debit in error and its reversal, both
 * excluded); L8 31 May interest +250 → 96,132.
 * Matches (made through bankMatchesStore: the match endpoint is another part's): A–L1, B–L2, C–L3, F–L4.
 */

let t: TestApp;
let org: OrgFixture;
let other: OrgFixture;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const acc: Record<string, string> = {};
const entry = {} as Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F', Json>;
let lines: string[] = [];
let june: string[] = [];
let may: Json;

const created = async (res: Promise<{ status: number; body: Json }>, status = 201) => {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
};
const post = (path: string, body: Json, o = org) => o.api.post(path, body, { idempotencyKey: newKey() });
const payment = async (flow: 'INCOMING' | 'OUTGOING', contactId: string, date: string, amount: number, mode: string) =>
  (await created(post('/payments', { flow, contact_id: contactId, date, amount, mode, bank_account_id: acc.Bank }))).payment;
const journal = async (date: string, debit: string, credit: string, amount: number) =>
  (await created(post('/journals', { date, lines: [{ account_id: acc[debit], debit: amount }, { account_id: acc[credit], credit: amount }] }))).journal;

/** Matches lines with entries as the match endpoint records them. */
async function match(lineIds: string[], ...entries: { source: string; sourceId: string; amount: number }[]) {
  let n = 0;
  const ids = { next: (prefix: string) => `${prefix}_${lineIds[0]}_${++n}` };
  await t.app.database.transaction((tx) => bankMatchesStore.record(tx, ids as never, { orgId: org.orgId, now: t.clock.now().toISOString() }, lineIds, entries));
}
const paid = (p: Json, sign: 1 | -1) => ({ source: 'PAYMENT', sourceId: p.payment_id, amount: sign * p.amount * 100 });

const base = () => `/bank_accounts/${acc.Bank}/reconciliations`;
const report = async (date: string, o = org) => (await created(o.api.get(`/reports/bank_reconciliation?account_id=${acc.Bank}&date=${date}`), 200)).bank_reconciliation;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-05T06:00:00Z'));
  org = await t.given.org({ state_code: 'IN-KA' });
  other = await t.given.org({ state_code: 'IN-KA' });
  for (const name of ['Bank', 'Petty Cash', 'Opening Balance Equity', 'Bank Charges', 'General Expenses', 'Sales']) acc[name] = await accountId(org.api, name);
  const buyer = await customer(org.api);
  const supplier = await vendor(org.api);
  await journal('2026-04-30', 'Bank', 'Opening Balance Equity', 100000);
  entry.A = await payment('INCOMING', buyer, '2026-05-03', 25000, 'UPI');
  entry.B = await payment('OUTGOING', supplier, '2026-05-06', 12000, 'BANK_TRANSFER');
  entry.C = (await created(post('/expenses', { date: '2026-05-10', paid_through_account_id: acc.Bank, account_id: acc['General Expenses'], amount: 15000, notes: 'Rent for May' }))).expense;
  entry.F = await journal('2026-05-15', 'Petty Cash', 'Bank', 2000);
  entry.D = await payment('OUTGOING', supplier, '2026-05-28', 4000, 'CHEQUE');
  entry.E = await payment('INCOMING', buyer, '2026-05-31', 6000, 'CHEQUE');
  lines = await seedBankLines(t, org.orgId, acc.Bank!, [
    { date: '2026-05-04', narration: 'UPI/CR/614233/RAMAN TRADERS', amount: 25000, direction: 'IN', balance: 125000 },
    { date: '2026-05-06', narration: 'NEFT/DR/N126260/KAVERI SUPPLY', amount: 12000, direction: 'OUT', balance: 113000 },
    { date: '2026-05-10', narration: 'IMPS/DR/RENT MAY', amount: 15000, direction: 'OUT', balance: 98000 },
    { date: '2026-05-15', narration: 'SELF/PETTY CASH', amount: 2000, direction: 'OUT', balance: 96000 },
    { date: '2026-05-20', narration: 'SMS CHARGES INCL GST', amount: 118, direction: 'OUT', balance: 95882 },
    { date: '2026-05-25', narration: 'DEBIT IN ERROR', amount: 500, direction: 'OUT', balance: 95382 },
    { date: '2026-05-26', narration: 'REVERSAL OF DEBIT IN ERROR', amount: 500, direction: 'IN', balance: 95882 },
    { date: '2026-05-31', narration: 'INTEREST CREDIT', amount: 250, direction: 'IN', balance: 96132 },
  ]);
  await match([lines[0]!], paid(entry.A, 1));
  await match([lines[1]!], paid(entry.B, -1));
  await match([lines[2]!], { source: 'EXPENSE', sourceId: entry.C.expense_id, amount: -15000_00 });
  await match([lines[3]!], { source: 'MANUAL', sourceId: entry.F.source_id, amount: -2000_00 });
  // The line exclusion endpoint is another part's: its rows, as it writes them.
  await t.app.database.db.updateTable('bank_transactions').set({ status: 'EXCLUDED', exclude_reason: 'Bank error, reversed' })
    .where('org_id', '=', org.orgId).where('bank_transaction_id', 'in', [lines[5]!, lines[6]!]).execute();
});
afterAll(async () => { await t.close(); });

describe('GET /reports/bank_reconciliation', () => {
  it('goes from the books to the bank: deposits not yet credited, cheques not yet presented, charges and interest the books lack', async () => {
    const r = await report('2026-05-31');
    // Books: 1,00,000 + 25,000 − 12,000 − 15,000 − 2,000 − 4,000 + 6,000 = 98,000.
    expect(r.balance_per_books).toBe(98000);
    expect(r.deposits_not_yet_credited).toEqual({ total: 6000, items: [expect.objectContaining({ source: 'PAYMENT', source_id: entry.E.payment_id, date: '2026-05-31', amount: 6000 })] });
    expect(r.cheques_not_yet_presented).toEqual({ total: 4000, items: [expect.objectContaining({ source: 'PAYMENT', source_id: entry.D.payment_id, date: '2026-05-28', amount: 4000 })] });
    expect(r.bank_credits_not_in_books).toEqual({ total: 250, items: [{ bank_transaction_id: lines[7], date: '2026-05-31', narration: 'INTEREST CREDIT', reference: null, amount: 250 }] });
    expect(r.bank_debits_not_in_books).toEqual({ total: 118, items: [{ bank_transaction_id: lines[4], date: '2026-05-20', narration: 'SMS CHARGES INCL GST', reference: null, amount: 118 }] });
    // 98,000 − 6,000 + 4,000 + 250 − 118 = 96,132: the last line's balance.
    expect([r.balance_per_bank, r.bank_stated_balance, r.holds, r.difference]).toEqual([96132, 96132, true, 0]);
    // −500 + 500: the pair cancels.
    expect(r.excluded_lines.total).toBe(0);
    expect(r.excluded_lines.items.map((i: Json) => [i.bank_transaction_id, i.amount])).toEqual([[lines[5], -500], [lines[6], 500]]);
    // Before 4 May the bank held 1,25,000 − 25,000; the books' opening journal is the entry before it.
    expect(r.opening).toEqual({ first_line_date: '2026-05-04', bank: 100000, books: 100000 });
  });

  it('answers CSV: a row per figure and per item', async () => {
    const res = await org.api.get(`/reports/bank_reconciliation?account_id=${acc.Bank}&date=2026-05-31&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = String(res.body).trim().split('\r\n');
    expect(rows[0]).toBe('section,date,id,reference,description,amount');
    expect(rows[1]).toBe('BALANCE_PER_BOOKS,2026-05-31,,,,98000');
    expect(rows).toContain('LESS_DEPOSITS_NOT_YET_CREDITED,,,,,6000');
    expect(rows).toContain(`LESS_BANK_DEBITS_NOT_IN_BOOKS,2026-05-20,${lines[4]},,SMS CHARGES INCL GST,118`);
    expect(rows).toContain('BALANCE_PER_BANK,2026-05-31,,,,96132');
    expect(rows).toContain('DIFFERENCE,2026-05-31,,,,0');
  });

  it('refuses a missing or malformed query (400), and another organisation\'s or a non-bank account (404)', async () => {
    const missing = await org.api.get('/reports/bank_reconciliation?date=2026-05-31');
    expect([missing.status, missing.body.code, missing.body.field]).toEqual([400, 'validation.required_field', 'account_id']);
    const badDate = await org.api.get(`/reports/bank_reconciliation?account_id=${acc.Bank}&date=31-05-2026`);
    expect([badDate.status, badDate.body.field]).toEqual([400, 'date']);
    const foreign = await other.api.get(`/reports/bank_reconciliation?account_id=${acc.Bank}&date=2026-05-31`);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'not_found.resource']);
    const sales = await org.api.get(`/reports/bank_reconciliation?account_id=${acc.Sales}&date=2026-05-31`);
    expect([sales.status, sales.body.field]).toEqual([404, 'account_id']);
  });
});

describe('reconciliations', () => {
  it('refuses a body without a date, a balance that is not money, a date after today (400), another organisation\'s account (404)', async () => {
    const none = await post(base(), { closing_balance: 1 });
    expect([none.status, none.body.code, none.body.field]).toEqual([400, 'validation.required_field', 'statement_date']);
    const odd = await post(base(), { statement_date: '2026-05-31', closing_balance: 1.234 });
    expect([odd.status, odd.body.code, odd.body.field]).toEqual([400, 'validation.invalid_value', 'closing_balance']);
    const later = await post(base(), { statement_date: '2026-06-06', closing_balance: 1 });
    expect([later.status, later.body.code, later.body.field]).toEqual([400, 'validation.invalid_value', 'statement_date']);
    const foreign = await post(base(), { statement_date: '2026-05-31', closing_balance: 1 }, other);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'not_found.resource']);
    expect((await created(org.api.get(base()), 200)).reconciliations).toEqual([]);
  });

  it('shows the cleared balance and difference, and refuses to close while the difference is not 0 (409)', async () => {
    may = (await created(post(base(), { statement_date: '2026-05-31', closing_balance: 96000 }))).reconciliation;
    // Posting again while it is open sets its balance: the same reconciliation.
    const again = (await created(post(base(), { statement_date: '2026-05-31', closing_balance: 96132 }))).reconciliation;
    expect(again.reconciliation_id).toBe(may.reconciliation_id);
    // Cleared: the bank's opening 1,00,000 + 25,000 − 12,000 − 15,000 − 2,000 = 96,000; 96,132 − 96,000 = 132.
    expect(again).toMatchObject({ status: 'OPEN', statement_date: '2026-05-31', closing_balance: 96132, cleared_balance: 96000, difference: 132, line_count: 6 });
    // The matched lines, and the excluded pair.
    expect(again.lines.map((l: Json) => l.bank_transaction_id)).toEqual([lines[0], lines[1], lines[2], lines[3], lines[5], lines[6]]);
    const refused = await post(`${base()}/${may.reconciliation_id}/close`, {});
    expect([refused.status, refused.body.code, refused.body.details]).toEqual([409, 'conflict.invalid_state', { difference: 132, cleared_balance: 96000, closing_balance: 96132 }]);
  });

  it('closes at difference 0 once the charges and the interest are booked and matched: its lines settled, the event and the activity', async () => {
    const charges = (await created(post('/expenses', { date: '2026-05-20', paid_through_account_id: acc.Bank, account_id: acc['Bank Charges'], amount: 118, notes: 'SMS charges' }))).expense;
    const interest = await journal('2026-05-31', 'Bank', 'Opening Balance Equity', 250);
    await match([lines[4]!], { source: 'EXPENSE', sourceId: charges.expense_id, amount: -118_00 });
    await match([lines[7]!], { source: 'MANUAL', sourceId: interest.source_id, amount: 250_00 });
    const open = (await created(org.api.get(`${base()}/${may.reconciliation_id}`), 200)).reconciliation;
    // 96,000 − 118 + 250 = 96,132.
    expect([open.cleared_balance, open.difference, open.line_count]).toEqual([96132, 0, 8]);
    const closed = (await created(post(`${base()}/${may.reconciliation_id}/close`, {}), 200)).reconciliation;
    expect(closed).toMatchObject({ status: 'CLOSED', cleared_balance: 96132, difference: 0, line_count: 8, closed_time: expect.stringMatching(/^2026-06-05T06:00/) });
    expect(closed.lines).toHaveLength(8);
    const stamped = await t.app.database.db.selectFrom('bank_transactions').select('bank_transaction_id').where('org_id', '=', org.orgId).where('reconciliation_id', '=', may.reconciliation_id).execute();
    expect(stamped).toHaveLength(8);
    const events = await t.app.database.db.selectFrom('outbox_events').select('payload').where('org_id', '=', org.orgId).where('event_type', '=', 'BANK_RECONCILIATION_CLOSED').execute();
    expect(events.map((e) => JSON.parse(e.payload).data)).toEqual([{ account_id: acc.Bank, reconciliation_id: may.reconciliation_id, date: '2026-05-31', closing_balance: 96132 }]);
    const activity = (await created(org.api.get(`/activity?entity_type=BANK_RECONCILIATION&entity_id=${may.reconciliation_id}`), 200)).activity;
    expect(activity.map((a: Json) => a.action)).toEqual(['BANK_RECONCILIATION_CLOSED']);
    const again = await post(`${base()}/${may.reconciliation_id}/close`, {});
    expect([again.status, again.body.code]).toEqual([409, 'conflict.invalid_state']);
    // The report now has only the deposit and the cheque outstanding: 98,132 − 6,000 + 4,000 = 96,132.
    const r = await report('2026-05-31');
    expect([r.balance_per_books, r.bank_credits_not_in_books.total, r.bank_debits_not_in_books.total, r.balance_per_bank, r.holds]).toEqual([98132, 0, 0, 96132, true]);
  });

  it('refuses (409 conflict.reconciled) an edit or delete of a payment, expense or journal matched to a reconciled line; allows an allocation and what is not reconciled', async () => {
    const refusals = [
      await org.api.put(`/payments/${entry.A.payment_id}`, { description: 'UPI receipt' }),
      await org.api.delete(`/payments/${entry.B.payment_id}`),
      await org.api.put(`/expenses/${entry.C.expense_id}`, { amount: 14000 }),
      await org.api.delete(`/expenses/${entry.C.expense_id}`),
      await org.api.delete(`/journals/${entry.F.journal_id}`),
    ];
    for (const res of refusals) {
      expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([409, 'conflict.reconciled']);
      expect(res.body.details.reconciliation_id).toBe(may.reconciliation_id);
    }
    // Applying the receipt to an invoice moves only receivables and advances: the bank leg stands.
    const invoice = await postedInvoice(org.api, entry.A.contact_id, 1000);
    await created(post(`/payments/${entry.A.payment_id}/apply`, { invoice_id: invoice.invoice_id, amount: invoice.total }), 200);
    // The cheque not yet presented is matched to nothing: it may change.
    await created(org.api.put(`/payments/${entry.D.payment_id}`, { reference_number: 'CHQ 000417' }), 200);
  });

  it('moves forward: a date on or before the last closed one is refused (400); June closes after May', async () => {
    const stale = await post(base(), { statement_date: '2026-05-31', closing_balance: 96132 });
    expect([stale.status, stale.body.field, stale.body.details]).toEqual([400, 'statement_date', { last_closed_date: '2026-05-31' }]);
    june = await seedBankLines(t, org.orgId, acc.Bank!, [
      { date: '2026-06-02', narration: 'CLG/CR/DEPOSIT', amount: 6000, direction: 'IN', balance: 102132 },
      { date: '2026-06-03', narration: 'CHQ PAID 000417', amount: 4000, direction: 'OUT', balance: 98132 },
    ]);
    await match([june[0]!], paid(entry.E, 1));
    await match([june[1]!], paid(entry.D, -1));
    const opened = (await created(post(base(), { statement_date: '2026-06-03', closing_balance: 98132 }))).reconciliation;
    // 96,132 + 6,000 − 4,000 = 98,132; only June's lines are left to settle.
    expect([opened.cleared_balance, opened.difference, opened.lines.map((l: Json) => l.bank_transaction_id)]).toEqual([98132, 0, june]);
    await created(post(`${base()}/${opened.reconciliation_id}/close`, {}), 200);
    const list = (await created(org.api.get(base()), 200)).reconciliations;
    expect(list.map((r: Json) => [r.statement_date, r.status, r.cleared_balance, r.line_count])).toEqual([['2026-06-03', 'CLOSED', 98132, 2], ['2026-05-31', 'CLOSED', 96132, 8]]);
    expect(list[0]).not.toHaveProperty('lines');
  });

  it('reopens the latest closed one only (409 for an earlier one), and then its entries may change', async () => {
    const [latest] = (await created(org.api.get(base()), 200)).reconciliations;
    const earlier = await post(`${base()}/${may.reconciliation_id}/reopen`, {});
    expect([earlier.status, earlier.body.code, earlier.body.details]).toEqual([409, 'conflict.invalid_state', { latest_reconciliation_id: latest.reconciliation_id }]);
    expect((await org.api.put(`/payments/${entry.D.payment_id}`, { description: 'Cheque to Kaveri' })).body.code).toBe('conflict.reconciled');
    const reopened = (await created(post(`${base()}/${latest.reconciliation_id}/reopen`, {}), 200)).reconciliation;
    expect(reopened).toMatchObject({ status: 'OPEN', cleared_balance: 98132, difference: 0, reopened_time: expect.stringMatching(/^2026-06-05T06:00/) });
    expect(reopened.lines.map((l: Json) => l.bank_transaction_id)).toEqual(june);
    await created(org.api.put(`/payments/${entry.D.payment_id}`, { description: 'Cheque to Kaveri' }), 200);
    const open = await post(`${base()}/${latest.reconciliation_id}/reopen`, {});
    expect([open.status, open.body.code]).toEqual([409, 'conflict.invalid_state']);
    const activity = (await created(org.api.get(`/activity?entity_type=BANK_RECONCILIATION&entity_id=${latest.reconciliation_id}`), 200)).activity;
    expect(activity.map((a: Json) => a.action).sort()).toEqual(['BANK_RECONCILIATION_CLOSED', 'BANK_RECONCILIATION_REOPENED']);
    // May is now the latest closed: reopening it takes the open June reconciliation's place.
    await created(post(`${base()}/${may.reconciliation_id}/reopen`, {}), 200);
    const gone = await org.api.get(`${base()}/${latest.reconciliation_id}`);
    expect([gone.status, gone.body.code]).toEqual([404, 'not_found.resource']);
    await created(org.api.put(`/payments/${entry.A.payment_id}`, { description: 'UPI receipt' }), 200);
  });

  it("answers 404 for another organisation's reconciliation, account or a reconciliation under another account", async () => {
    const foreign = [
      await other.api.get(`${base()}/${may.reconciliation_id}`),
      await other.api.get(base()),
      await other.api.post(`${base()}/${may.reconciliation_id}/close`, {}, { idempotencyKey: newKey() }),
      await other.api.post(`${base()}/${may.reconciliation_id}/reopen`, {}, { idempotencyKey: newKey() }),
      await org.api.get(`/bank_accounts/${acc['Petty Cash']}/reconciliations/${may.reconciliation_id}`),
      await org.api.get(`${base()}/brc_nothing`),
    ];
    for (const res of foreign) expect([res.status, res.body.code]).toEqual([404, 'not_found.resource']);
    await expectBooksBalanced(org.api);
  });
});
