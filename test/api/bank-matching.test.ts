import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMatchOnImport } from '../../src/modules/banking';
import { systemContext } from '../../src/platform/context';
import { seedBankLines } from '../support/bank';
import { accountId, expectBooksBalanced } from '../support/books';
import { gstOrg } from '../support/gst-documents';
import { customer, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * June 2026 in the Bank account of one organisation, every amount worked by hand.
 *  P1 receipt from Asha Textiles (UPI ashatx99@okicici), 10 June: 10,000 less bank charges 50 and TDS 1,000 = 8,950 into the bank.
 *  P2 payment to Kaveri Paper Mills Pvt Ltd, 11 June, UTR HDFCN52026061100123456: 5,000 less TDS 500 plus charges 20 = 4,520 out.
 *  P3 a receipt of 8,950 from Asha on 10 June, deleted: no entry.
 *  E1 an expense by cheque 000777, 12 June: 1,180 out.            E2 an expense from Petty Cash: not the bank's.
 *  J1 capital brought in, 13 June: Dr Bank 2,500, Cr Owner's Equity.  J2 the same on 25 May for 8,950.
 *  T1 cash drawn for petty cash, 14 June: Dr Petty Cash 3,000, Cr Bank 3,000.
 *  P4 1,000 from Asha and P5 2,000 from Ravi Stores, 16 June: three cheques' deposit of 3,000 is both.
 *  P6 1,000 to Kaveri, 17 June: paid by the bank in two transfers of 600 and 400.
 * The lines (seeded as an import stores them):
 *  L1 11 June IN 8,950 UPI with Asha's handle; L2 11 June OUT 4,520 NEFT with the UTR and Kaveri's name cut short;
 *  L3 15 June OUT 1,180 the cheque 000777 cleared; L4 13 June IN 2,500; L5 14 June OUT 3,000;
 *  L6 16 June IN 3,000; L7 and L8 17 June OUT 600 and 400. LP 14 June IN 3,000 on Petty Cash.
 */

let t: TestApp;
let org: OrgFixture;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const ids = {} as Record<'P1' | 'P2' | 'P3' | 'P4' | 'P5' | 'P6' | 'E1' | 'E2' | 'J1' | 'J2' | 'T1', string>;
let L: string[];
let LP: string;
let bank: string;
let petty: string;

const created = async (path: string, body: Json, key: string) => {
  const res = await org.api.post(path, body, { idempotencyKey: newKey() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body[key] as Json;
};
const pay = async (body: Json) => (await created('/payments', { bank_account_id: bank, ...body }, 'payment')).payment_id as string;
const journal = async (date: string, debit: string, credit: string, amount: number, memo: string) =>
  (await created('/journals', { date, memo, lines: [{ account_id: debit, debit: amount }, { account_id: credit, credit: amount }] }, 'journal')).source_id as string;
const match = (lineId: string, body: Json, api = org.api) => api.post(`/bank_transactions/${lineId}/match`, body, { idempotencyKey: newKey() });
const unmatch = (lineId: string) => org.api.delete(`/bank_transactions/${lineId}/match`, { idempotencyKey: newKey() });
const suggestions = async (lineId: string) => {
  const res = await org.api.get(`/bank_transactions/${lineId}/suggestions`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.suggestions as Json[];
};
const setPreferences = async (prefs: Json) => expect((await t.admin.put(`/orgs/${org.orgId}/preferences`, prefs)).status).toBe(200);
const entry = (source: string, id: string) => ({ source, source_id: id });

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-20T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  [bank, petty] = [await accountId(api, 'Bank'), await accountId(api, 'Petty Cash')];
  const [general, equity] = [await accountId(api, 'General Expenses'), await accountId(api, "Owner's Equity")];
  const asha = await customer(api, { contact_name: 'Asha Textiles', upi_vpa: 'ashatx99@okicici' });
  const ravi = await customer(api, { contact_name: 'Ravi Stores' });
  const kaveri = await vendor(api, { contact_name: 'Kaveri Paper Mills Pvt Ltd' });
  ids.P1 = await pay({ flow: 'INCOMING', contact_id: asha, date: '2026-06-10', amount: 10000, bank_charges: 50, tds_amount: 1000 });
  ids.P2 = await pay({ flow: 'OUTGOING', contact_id: kaveri, date: '2026-06-11', amount: 5000, tds_amount: 500, bank_charges: 20, reference_number: 'HDFCN52026061100123456' });
  ids.P3 = await pay({ flow: 'INCOMING', contact_id: asha, date: '2026-06-10', amount: 8950 });
  expect((await api.delete(`/payments/${ids.P3}`, { idempotencyKey: newKey() })).status).toBe(200);
  ids.E1 = (await created('/expenses', { date: '2026-06-12', paid_through_account_id: bank, account_id: general, amount: 1180, reference_number: '000777' }, 'expense')).expense_id;
  ids.E2 = (await created('/expenses', { date: '2026-06-12', paid_through_account_id: petty, account_id: general, amount: 1180 }, 'expense')).expense_id;
  ids.J1 = await journal('2026-06-13', bank, equity, 2500, 'Capital');
  ids.J2 = await journal('2026-05-25', bank, equity, 8950, 'Capital in May');
  ids.T1 = await journal('2026-06-14', petty, bank, 3000, 'Cash for petty cash');
  ids.P4 = await pay({ flow: 'INCOMING', contact_id: asha, date: '2026-06-16', amount: 1000 });
  ids.P5 = await pay({ flow: 'INCOMING', contact_id: ravi, date: '2026-06-16', amount: 2000 });
  ids.P6 = await pay({ flow: 'OUTGOING', contact_id: kaveri, date: '2026-06-17', amount: 1000 });
  L = await seedBankLines(t, org.orgId, bank, [
    { date: '2026-06-11', direction: 'IN', amount: 8950, narration: 'UPI/312345678901/ashatx99@okicici/Payment' },
    { date: '2026-06-11', direction: 'OUT', amount: 4520, narration: 'NEFT/HDFCN52026061100123456/KAVERI PAPER MI' },
    { date: '2026-06-15', direction: 'OUT', amount: 1180, narration: 'CLG CHQ 000777' },
    { date: '2026-06-13', direction: 'IN', amount: 2500, narration: 'CASH DEP BRANCH' },
    { date: '2026-06-14', direction: 'OUT', amount: 3000, narration: 'ATM WDL' },
    { date: '2026-06-16', direction: 'IN', amount: 3000, narration: 'CHQ DEP 3 CHQS' },
    { date: '2026-06-17', direction: 'OUT', amount: 600, narration: 'IMPS KAVERI PAPER' },
    { date: '2026-06-17', direction: 'OUT', amount: 400, narration: 'IMPS KAVERI PAPER' },
  ]);
  LP = (await seedBankLines(t, org.orgId, petty, [{ date: '2026-06-14', direction: 'IN', amount: 3000, narration: 'CASH FROM BANK' }]))[0]!;
});
afterAll(async () => { await t.close(); });

const candidate = (source: string, id: string, kind: string, flow: string | null, date: string, amount: number, score: number, reasons: string[]) =>
  expect.objectContaining({ source, source_id: id, kind, flow, date, amount, score, reasons });

describe('contacts.upi_vpa', () => {
  it('is taken on create and update, shown on get, cleared with null, and refused when not name@psp', async () => {
    const res = await org.api.post('/contacts', { contact_name: 'Meera Handlooms', upi_vpa: 'meera.h@oksbi' }, { idempotencyKey: newKey() });
    expect(res.body.contact.upi_vpa).toBe('meera.h@oksbi');
    const id = res.body.contact.contact_id;
    expect((await org.api.put(`/contacts/${id}`, { upi_vpa: 'meera@ybl' })).body.contact.upi_vpa).toBe('meera@ybl');
    expect((await org.api.get(`/contacts/${id}`)).body.contact.upi_vpa).toBe('meera@ybl');
    expect((await org.api.put(`/contacts/${id}`, { upi_vpa: null })).body.contact.upi_vpa).toBeNull();
    expect((await org.api.post('/contacts', { contact_name: 'Bad', upi_vpa: 'meera at sbi' }, { idempotencyKey: newKey() })).body).toMatchObject({ code: 'validation.invalid_value', field: 'upi_vpa' });
  });
});

describe('GET /bank_transactions/{id}/suggestions', () => {
  it('suggests each kind of entry by its posting to the bank, with its score and reasons', async () => {
    // P1's bank leg 8,950: amount 50 + a day apart 8 + the UPI handle 15 = 73. The deleted P3 and May's J2 (17 days away) are not suggested.
    expect(await suggestions(L[0]!)).toEqual([expect.objectContaining({
      source: 'PAYMENT', source_id: ids.P1, kind: 'PAYMENT', flow: 'INCOMING', date: '2026-06-10', amount: 8950, reference: null,
      party_name: 'Asha Textiles', score: 73, reasons: ['amount', 'date', 'upi'],
    })]);
    // P2's −4,520: amount 50 + same day 10 + the UTR 25 + the name (KAVERI PAPER) 15 = 100.
    expect(await suggestions(L[1]!)).toEqual([candidate('PAYMENT', ids.P2, 'PAYMENT', 'OUTGOING', '2026-06-11', -4520, 100, ['amount', 'date', 'reference', 'party'])]);
    // E1's −1,180 three days before, its cheque in the narration: 50 + 5 + 25 = 80. E2 is Petty Cash's.
    expect(await suggestions(L[2]!)).toEqual([candidate('EXPENSE', ids.E1, 'EXPENSE', null, '2026-06-12', -1180, 80, ['amount', 'date', 'reference'])]);
    // J1's +2,500 and T1's −3,000 on their own days: 50 + 10 = 60.
    expect(await suggestions(L[3]!)).toEqual([candidate('MANUAL', ids.J1, 'JOURNAL', null, '2026-06-13', 2500, 60, ['amount', 'date'])]);
    expect(await suggestions(L[4]!)).toEqual([candidate('MANUAL', ids.T1, 'TRANSFER', null, '2026-06-14', -3000, 60, ['amount', 'date'])]);
    // The transfer is Petty Cash's +3,000 too.
    expect(await suggestions(LP)).toEqual([candidate('MANUAL', ids.T1, 'TRANSFER', null, '2026-06-14', 3000, 60, ['amount', 'date'])]);
  });

  it('widens to the preference bankMatchWindowDays, ranking the better fit first', async () => {
    await setPreferences({ bankMatchWindowDays: 20 });
    // J2 of 25 May is 17 days from 11 June: amount 50 + within the window 2 = 52, after P1's 73.
    expect((await suggestions(L[0]!)).map((s) => [s.source_id, s.score])).toEqual([[ids.P1, 73], [ids.J2, 52]]);
    await setPreferences({ bankMatchWindowDays: 7 });
    expect((await suggestions(L[0]!)).map((s) => s.source_id)).toEqual([ids.P1]);
  });

  it('lists every entry in the window as a candidate for a match of several, best first', async () => {
    const res = await org.api.get(`/bank_transactions/${L[5]}/candidates`);
    expect(res.status).toBe(200);
    // For 16 June: P5 and P4 the same day (10; P5's 2,000 nearer 3,000), P6 a day after (8), T1 and J1 two and three days
    // before (5), then E1, P2 and P1 four to six days before (2). No amount is 3,000 exactly (T1 is −3,000).
    expect(res.body.candidates.map((c: Json) => [c.source_id, c.amount, c.score])).toEqual([
      [ids.P5, 2000, 10], [ids.P4, 1000, 10], [ids.P6, -1000, 8], [ids.T1, -3000, 5], [ids.J1, 2500, 5], [ids.E1, -1180, 2], [ids.P2, -4520, 2], [ids.P1, 8950, 2],
    ]);
  });

  it('refuses a foreign line with 404', async () => {
    const other = await gstOrg(t, { name: 'Other Traders' });
    for (const path of ['suggestions', 'candidates']) {
      expect((await other.api.get(`/bank_transactions/${L[0]}/${path}`)).body).toMatchObject({ code: 'not_found.resource', field: 'bank_transaction_id' });
    }
  });
});

describe('GET /bank_accounts/{account_id}/suggestions', () => {
  it('pages the unmatched lines in the bank\'s order, each with its suggestions', async () => {
    const first = await org.api.get(`/bank_accounts/${bank}/suggestions?from_date=2026-06-11&to_date=2026-06-15&per_page=3`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.bank_transactions.map((l: Json) => [l.bank_transaction_id, l.direction, l.amount, l.suggestions.map((s: Json) => s.source_id)])).toEqual([
      [L[0], 'IN', 8950, [ids.P1]], [L[1], 'OUT', 4520, [ids.P2]], [L[2], 'OUT', 1180, [ids.E1]],
    ]);
    expect(first.body.page_context).toMatchObject({ per_page: 3, has_more_page: true });
    const next = await org.api.get(`/bank_accounts/${bank}/suggestions?from_date=2026-06-11&to_date=2026-06-15&per_page=3&cursor=${encodeURIComponent(first.body.page_context.next_cursor)}`);
    expect(next.body.bank_transactions.map((l: Json) => [l.bank_transaction_id, l.suggestions.map((s: Json) => s.source_id)])).toEqual([[L[3], [ids.J1]], [L[4], [ids.T1]]]);
    expect(next.body.page_context).toMatchObject({ has_more_page: false, next_cursor: null });
  });

  it('refuses an account that is not BANK or CASH with 400 and another organisation\'s with 404', async () => {
    const general = await accountId(org.api, 'General Expenses');
    expect((await org.api.get(`/bank_accounts/${general}/suggestions`)).body).toMatchObject({ code: 'validation.invalid_value', field: 'account_id' });
    const other = await gstOrg(t, { name: 'Other Traders' });
    expect((await other.api.get(`/bank_accounts/${bank}/suggestions`)).body).toMatchObject({ code: 'not_found.resource', field: 'account_id' });
    expect((await org.api.get(`/bank_accounts/${bank}/suggestions?from_date=2026-02-30`)).status).toBe(400);
  });
});

describe('POST and DELETE /bank_transactions/{id}/match', () => {
  it('matches a line to its entry, and then suggests it no more', async () => {
    const res = await match(L[0]!, { entries: [entry('PAYMENT', ids.P1)] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.bank_match).toEqual({
      match_id: expect.stringMatching(/^bmt_/), bank_transaction_ids: [L[0]], entries: [{ source: 'PAYMENT', source_id: ids.P1, amount: 8950 }], created_time: expect.any(String),
    });
    expect(await suggestions(L[0]!)).toEqual([]);
    const row = await t.app.database.db.selectFrom('bank_transactions').select('status').where('bank_transaction_id', '=', L[0]!).executeTakeFirstOrThrow();
    expect(row.status).toBe('MATCHED');
  });

  it('matches one line with several entries: three cheques deposited as one', async () => {
    // 2,000 + 1,000 = 3,000, the line's amount.
    const res = await match(L[5]!, { entries: [entry('PAYMENT', ids.P5), entry('PAYMENT', ids.P4)] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.bank_match.entries).toEqual([{ source: 'PAYMENT', source_id: ids.P5, amount: 2000 }, { source: 'PAYMENT', source_id: ids.P4, amount: 1000 }]);
  });

  it('matches several lines with one entry: a payment made in two transfers', async () => {
    // −600 − 400 = −1,000, P6's bank leg.
    const res = await match(L[6]!, { entries: [entry('PAYMENT', ids.P6)], bank_transaction_ids: [L[7]] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.bank_match).toMatchObject({ bank_transaction_ids: [L[6], L[7]], entries: [{ source: 'PAYMENT', source_id: ids.P6, amount: -1000 }] });
  });

  it('matches a transfer once on each of its accounts', async () => {
    expect((await match(L[4]!, { entries: [entry('MANUAL', ids.T1)], bank_transaction_ids: [LP] })).body).toMatchObject({ code: 'validation.invalid_value', field: 'bank_transaction_ids[0]' });
    expect((await match(L[4]!, { entries: [entry('MANUAL', ids.T1)] })).status).toBe(201);
    expect((await match(LP, { entries: [entry('MANUAL', ids.T1)] })).status).toBe(201);
  });

  it('refuses what a match cannot be, writing nothing', async () => {
    const before = await t.app.database.db.selectFrom('bank_matches').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', org.orgId).executeTakeFirstOrThrow();
    // Amounts that do not add up: −4,520 against −4,520 − 1,180 = −5,700, a difference of 1,180.
    expect((await match(L[1]!, { entries: [entry('PAYMENT', ids.P2), entry('EXPENSE', ids.E1)] })).body).toMatchObject({
      code: 'validation.invalid_value', field: 'entries', details: { lines_total: -4520, entries_total: -5700, difference: 1180 },
    });
    // Several lines with several entries.
    expect((await match(L[1]!, { entries: [entry('PAYMENT', ids.P2), entry('EXPENSE', ids.E1)], bank_transaction_ids: [L[2]] })).body)
      .toMatchObject({ code: 'validation.invalid_value', field: 'entries' });
    // An entry twice, a line twice.
    expect((await match(L[1]!, { entries: [entry('PAYMENT', ids.P2), entry('PAYMENT', ids.P2)] })).body).toMatchObject({ field: 'entries[1]' });
    expect((await match(L[1]!, { entries: [entry('PAYMENT', ids.P2)], bank_transaction_ids: [L[1]] })).body).toMatchObject({ field: 'bank_transaction_ids[0]' });
    // An entry that does not post to the bank (Petty Cash's expense), one deleted, one unknown.
    expect((await match(L[2]!, { entries: [entry('EXPENSE', ids.E2)] })).body).toMatchObject({ code: 'validation.invalid_value', field: 'entries[0]' });
    expect((await match(L[0]!, { entries: [entry('PAYMENT', ids.P3)] })).status).toBe(409);
    expect((await match(L[1]!, { entries: [entry('PAYMENT', ids.P3)] })).body).toMatchObject({ code: 'not_found.resource', field: 'entries[0].source_id' });
    expect((await match(L[1]!, { entries: [entry('PAYMENT', 'pay_unknown')] })).body).toMatchObject({ code: 'not_found.resource', field: 'entries[0].source_id' });
    // Schema: no entries, an unknown source.
    expect((await match(L[1]!, {})).body).toMatchObject({ code: 'validation.required_field', field: 'entries' });
    expect((await match(L[1]!, { entries: [] })).body).toMatchObject({ code: 'validation.invalid_value', field: 'entries' });
    expect((await match(L[1]!, { entries: [entry('BANK', ids.P2)] })).body).toMatchObject({ code: 'validation.invalid_value', field: 'entries[0].source' });
    // A line matched already, an entry matched already to another line, an excluded line.
    expect((await match(L[0]!, { entries: [entry('PAYMENT', ids.P1)] })).body).toMatchObject({ code: 'conflict.invalid_state', details: { status: 'MATCHED' } });
    expect((await match(L[3]!, { entries: [entry('PAYMENT', ids.P1)] })).body).toMatchObject({ code: 'conflict.invalid_state', details: { source: 'PAYMENT', source_id: ids.P1 } });
    expect((await match(L[1]!, { entries: [entry('PAYMENT', ids.P2)], bank_transaction_ids: [L[0]] })).body).toMatchObject({ code: 'conflict.invalid_state', details: { bank_transaction_id: L[0] } });
    const [excluded] = await seedBankLines(t, org.orgId, bank, [{ date: '2026-06-18', direction: 'OUT', amount: 10, narration: 'CHARGES' }]);
    await t.app.database.db.updateTable('bank_transactions').set({ status: 'EXCLUDED', exclude_reason: 'test' }).where('bank_transaction_id', '=', excluded!).execute();
    expect((await match(excluded!, { entries: [entry('PAYMENT', ids.P2)] })).body).toMatchObject({ code: 'conflict.invalid_state', details: { status: 'EXCLUDED' } });
    // Another organisation's line, and its own line with this organisation's entry.
    const other = await gstOrg(t, { name: 'Other Traders' });
    expect((await match(L[1]!, { entries: [entry('PAYMENT', ids.P2)] }, other.api)).body).toMatchObject({ code: 'not_found.resource', field: 'bank_transaction_id' });
    const [own] = await seedBankLines(t, other.orgId, await accountId(other.api, 'Bank'), [{ date: '2026-06-11', direction: 'OUT', amount: 4520, narration: 'NEFT' }]);
    expect((await match(own!, { entries: [entry('PAYMENT', ids.P2)] }, other.api)).body).toMatchObject({ code: 'not_found.resource', field: 'entries[0].source_id' });
    expect((await match(L[1]!, { entries: [entry('PAYMENT', ids.P2)], bank_transaction_ids: [own] })).body).toMatchObject({ code: 'not_found.resource', field: 'bank_transaction_ids[0]' });
    const after = await t.app.database.db.selectFrom('bank_matches').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', org.orgId).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('unmatches the whole match from any of its lines, and refuses a line not matched', async () => {
    const res = await unmatch(L[7]!);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.bank_match).toMatchObject({ bank_transaction_ids: [L[6], L[7]], entries: [{ source: 'PAYMENT', source_id: ids.P6, amount: -1000 }] });
    const statuses = await t.app.database.db.selectFrom('bank_transactions').select('status').where('bank_transaction_id', 'in', [L[6]!, L[7]!]).execute();
    expect(statuses.map((s) => s.status)).toEqual(['UNMATCHED', 'UNMATCHED']);
    expect((await unmatch(L[6]!)).body).toMatchObject({ code: 'conflict.invalid_state', details: { bank_transaction_id: L[6] } });
    const other = await gstOrg(t, { name: 'Other Traders' });
    expect((await other.api.delete(`/bank_transactions/${L[0]}/match`, { idempotencyKey: newKey() })).body).toMatchObject({ code: 'not_found.resource', field: 'bank_transaction_id' });
  });

  it('refuses to unmatch a line in a closed reconciliation with 409 conflict.reconciled', async () => {
    expect((await match(L[1]!, { entries: [entry('PAYMENT', ids.P2)] })).status).toBe(201);
    await t.app.database.db.updateTable('bank_transactions').set({ reconciliation_id: 'brc_closed' }).where('bank_transaction_id', '=', L[1]!).execute();
    expect((await unmatch(L[1]!)).body).toMatchObject({ code: 'conflict.reconciled', details: { bank_transaction_id: L[1], reconciliation_id: 'brc_closed' } });
  });

  it('writes a MATCHED and an UNMATCHED activity row for each line, with the entries', async () => {
    const res = await org.api.get(`/activity?entity_type=BANK_TRANSACTION&entity_id=${L[7]}`);
    expect(res.body.activity.map((a: Json) => [a.action, a.metadata.entries])).toEqual([
      ['BANK_TRANSACTION_UNMATCHED', [{ source: 'PAYMENT', source_id: ids.P6, amount: -1000 }]],
      ['BANK_TRANSACTION_MATCHED', [{ source: 'PAYMENT', source_id: ids.P6, amount: -1000 }]],
    ]);
    await expectBooksBalanced(org.api);
  });
});

describe('autoMatchOnImport', () => {
  it('matches, when the preference is on, each new line whose one exact entry is no other new line\'s', async () => {
    const api = org.api;
    const { deps } = t.app;
    const walkIn = await customer(api, { contact_name: 'Walk-in Buyer' });
    // Q1 700 on 19 June; Q2 and Q3 both 900 on 19 June.
    const q1 = await pay({ flow: 'INCOMING', contact_id: walkIn, date: '2026-06-19', amount: 700 });
    await pay({ flow: 'INCOMING', contact_id: walkIn, date: '2026-06-19', amount: 900 });
    await pay({ flow: 'INCOMING', contact_id: walkIn, date: '2026-06-19', amount: 900 });
    const lines = await seedBankLines(t, org.orgId, bank, [
      { date: '2026-06-19', direction: 'IN', amount: 700, narration: 'UPI' }, { date: '2026-06-19', direction: 'IN', amount: 900, narration: 'UPI' },
    ]);
    const run = () => t.app.database.transaction((tx) => autoMatchOnImport(deps)(tx, systemContext(org.orgId, 'req_auto_match'), { accountId: bank, statementId: 'bst_test', lineIds: lines }));
    expect(await run()).toBe(0);
    await setPreferences({ bankAutoMatchOnImport: true });
    // The 700 line has one exact entry; the 900 line has two: left to a person.
    expect(await run()).toBe(1);
    const rows = await t.app.database.db.selectFrom('bank_matches').select(['bank_transaction_id', 'source_id']).where('bank_transaction_id', 'in', lines).execute();
    expect(rows).toEqual([{ bank_transaction_id: lines[0], source_id: q1 }]);
    const activity = await api.get(`/activity?entity_type=BANK_TRANSACTION&entity_id=${lines[0]}`);
    expect(activity.body.activity[0]).toMatchObject({ action: 'BANK_TRANSACTION_MATCHED', metadata: { automatic: true, statement_id: 'bst_test' } });
    expect(await run()).toBe(0);
    await expectBooksBalanced(api);
  });
});
