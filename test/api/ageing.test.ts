import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../src/kernel/csv';
import { expectBooksBalanced } from '../support/books';
import { createCreditNote, createDebitNote, customer, postedBill, postedInvoice, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Receivables, in rupees (due dates give the days past due on 30 June 2026):
 *   Asha  A 10,000 of 1 Apr, due 30 Apr (61 days); 3,000 received for it on 15 May: 7,000 open
 *         B  5,000 of 20 May, due 19 Jun (11 days)
 *         a credit note of 1,000 on 5 Jun and an advance of 2,000 on 10 Jun, both unapplied
 *   Bala  C  4,000 of 20 Jun, due 20 Jul (not yet due)
 *         D  1,500 of 1 Mar, due 31 Mar (91 days), paid on 5 Jul: open on 30 Jun, settled on 10 Jul
 *         E    800 of 2 Jun, voided: never open
 *         F  2,500 of 25 Jun in the Mumbai branch, due the same day (5 days)
 * Payables:
 *   Vasu  P  6,000 of 1 May, due 31 May (30 days); 2,000 paid for it on 15 Jun: 4,000 open
 *         Q  3,000 of 28 Jun, due 28 Jul (not yet due)
 *         a debit note of 500 on 20 Jun and an advance of 1,000 paid on 25 Jun, both unapplied
 */
/** The answer, or the test fails with its body. */
const ok = <T extends { status: number; body: unknown }>(res: T) => { if (res.status >= 300) throw new Error(JSON.stringify(res.body)); return res; };

let t: TestApp;
let org: OrgFixture;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-07-10T06:00:00Z'));
  org = await t.given.org();
  const pay = async (flow: string, contactId: string, date: string, amount: number, allocations: Record<string, unknown>[] = []) =>
    ok(await org.api.post('/payments', { flow, contact_id: contactId, date, amount, reference_number: newKey().slice(-10), allocations }, { idempotencyKey: newKey() }));
  const mumbai = (await t.admin.post(`/orgs/${org.orgId}/branches`, { name: 'Mumbai', state_code: 'IN-MH' })).body.branch.branch_id;
  ids.asha = await customer(org.api, { contact_name: 'Asha Traders' });
  ids.bala = await customer(org.api, { contact_name: 'Bala Stores' });
  ids.vasu = await vendor(org.api, { contact_name: 'Vasu Supplies' });
  const a = await postedInvoice(org.api, ids.asha, 10000, { date: '2026-04-01', due_date: '2026-04-30' });
  ids.a = a.invoice_id;
  await pay('INCOMING', ids.asha, '2026-05-15', 3000, [{ invoice_id: a.invoice_id, amount: 3000 }]);
  ids.b = (await postedInvoice(org.api, ids.asha, 5000, { date: '2026-05-20', due_date: '2026-06-19' })).invoice_id;
  ids.note = ok(await createCreditNote(org.api, { customer_id: ids.asha, date: '2026-06-05', line_items: [{ name: 'Allowance', hsn_or_sac: '8471', rate: 1000, quantity: 1 }] })).body.credit_note.credit_note_id;
  ids.advance = (await pay('INCOMING', ids.asha, '2026-06-10', 2000)).body.payment.payment_id;
  ids.c = (await postedInvoice(org.api, ids.bala, 4000, { date: '2026-06-20', due_date: '2026-07-20' })).invoice_id;
  const d = await postedInvoice(org.api, ids.bala, 1500, { date: '2026-03-01', due_date: '2026-03-31' });
  ids.d = d.invoice_id;
  const e = await postedInvoice(org.api, ids.bala, 800, { date: '2026-06-02', due_date: '2026-07-02' });
  ok(await org.api.post(`/invoices/${e.invoice_id}/void`, {}, { idempotencyKey: newKey() }));
  ids.f = (await postedInvoice(org.api, ids.bala, 2500, { date: '2026-06-25', due_date: '2026-06-25', branch_id: mumbai, place_of_supply: 'IN-MH' })).invoice_id;
  await pay('INCOMING', ids.bala, '2026-07-05', 1500, [{ invoice_id: d.invoice_id, amount: 1500 }]);
  const p = await postedBill(org.api, ids.vasu, 6000, { date: '2026-05-01', due_date: '2026-05-31' });
  ids.p = p.bill_id;
  await pay('OUTGOING', ids.vasu, '2026-06-15', 2000, [{ bill_id: p.bill_id, amount: 2000 }]);
  ids.q = (await postedBill(org.api, ids.vasu, 3000, { date: '2026-06-28', due_date: '2026-07-28' })).bill_id;
  ids.debitNote = ok(await createDebitNote(org.api, { vendor_id: ids.vasu, date: '2026-06-20', line_items: [{ name: 'Short supply', rate: 500, quantity: 1 }] })).body.debit_note.debit_note_id;
  ids.vendorAdvance = (await pay('OUTGOING', ids.vasu, '2026-06-25', 1000)).body.payment.payment_id;
});
afterAll(async () => { await t.close(); });

type Row = { contact_name: string; by_bucket: number[]; outstanding: number; open_credits: number; net: number };
const rows = (r: { contacts: Row[] }) => r.contacts.map((c) => [c.contact_name, c.by_bucket, c.outstanding, c.open_credits, c.net]);

/** The receivable (payable) accounts' balance on a date, advances included, from the trial balance: debit positive. */
async function controlBalance(date: string, names: string[]) {
  const tb = (await org.api.get(`/reports/trial_balance?date=${date}`)).body.trial_balance;
  return tb.accounts.filter((a: { account_name: string }) => names.includes(a.account_name))
    .reduce((s: number, a: { balance: number; balance_side: string }) => s + (a.balance_side === 'DEBIT' ? a.balance : -a.balance), 0);
}
const RECEIVABLES = ['Accounts Receivable', 'Advances from Customers'];
const PAYABLES = ['Accounts Payable', 'Advances to Vendors'];

describe('receivables ageing', () => {
  it('ages each customer on a period-end date, a payment made after it not counting, credits apart; the total equals the receivable accounts', async () => {
    const res = await org.api.get('/reports/receivables_ageing?date=2026-06-30&buckets=0,30,60,90');
    expect(res.status).toBe(200);
    const ageing = res.body.receivables_ageing;
    expect(ageing.date).toBe('2026-06-30');
    expect(ageing.buckets.map((b: { label: string }) => b.label)).toEqual(['current', '1-30', '31-60', '61-90', 'over 90']);
    expect(rows(ageing)).toEqual([
      ['Asha Traders', [0, 5000, 0, 7000, 0], 12000, 3000, 9000],
      ['Bala Stores', [4000, 2500, 0, 0, 1500], 8000, 0, 8000],
    ]);
    expect(ageing.total).toEqual({ by_bucket: [4000, 7500, 0, 7000, 1500], outstanding: 20000, open_credits: 3000, net: 17000 });
    expect(ageing).not.toHaveProperty('documents');
    // AR 10,000 − 3,000 + 5,000 − 1,000 + 4,000 + 1,500 + 800 − 800 + 2,500 = 19,000 Dr; advances 2,000 Cr.
    expect(await controlBalance('2026-06-30', RECEIVABLES)).toBe(17000);
  });

  it('lists each open document and credit with detail=documents; ten days on, the July payment has settled D', async () => {
    const ageing = (await org.api.get('/reports/receivables_ageing?date=2026-07-10&detail=documents')).body.receivables_ageing;
    type Doc = { document_id: string; contact_name: string; due_date: string; days_past_due: number; bucket: string; total: number; outstanding: number };
    expect(ageing.documents.map((d: Doc) => [d.document_id, d.contact_name, d.days_past_due, d.bucket, d.total, d.outstanding])).toEqual([
      [ids.a, 'Asha Traders', 71, '61-90', 10000, 7000],
      [ids.b, 'Asha Traders', 21, '1-30', 5000, 5000],
      [ids.f, 'Bala Stores', 15, '1-30', 2500, 2500],
      [ids.c, 'Bala Stores', -10, 'current', 4000, 4000],
    ]);
    type Credit = { credit_type: string; credit_id: string; contact_name: string; total: number; open_amount: number };
    expect(ageing.credits.map((c: Credit) => [c.credit_type, c.credit_id, c.contact_name, c.total, c.open_amount])).toEqual([
      ['CREDIT_NOTE', ids.note, 'Asha Traders', 1000, 1000],
      ['ADVANCE', ids.advance, 'Asha Traders', 2000, 2000],
    ]);
    expect(ageing.total).toEqual({ by_bucket: [4000, 7500, 0, 7000, 0], outstanding: 18500, open_credits: 3000, net: 15500 });
    expect(await controlBalance('2026-07-10', RECEIVABLES)).toBe(15500);
  });

  it('takes other buckets, and refuses buckets that are not ascending whole days', async () => {
    const ageing = (await org.api.get('/reports/receivables_ageing?date=2026-06-30&buckets=15,60')).body.receivables_ageing;
    expect(ageing.buckets).toEqual([
      { label: 'up to 15', from_days: null, to_days: 15 }, { label: '16-60', from_days: 16, to_days: 60 }, { label: 'over 60', from_days: 61, to_days: null },
    ]);
    expect(ageing.total.by_bucket).toEqual([11500, 0, 8500]);
    for (const buckets of ['30,0', '0,30,30', '-1', '0;30', '1.5', '']) {
      const res = await org.api.get(`/reports/receivables_ageing?buckets=${encodeURIComponent(buckets)}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'buckets' });
    }
  });

  it('answers CSV, a row per customer and the total', async () => {
    const res = await fetch(`${t.baseUrl}/api/public/v1/reports/receivables_ageing?date=2026-06-30&format=csv`, { headers: { authorization: `Bearer ${org.token}` } });
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect((await res.text()).split('\r\n')).toEqual([
      'contact_id,contact_name,current,1-30,31-60,61-90,over 90,outstanding,open_credits,net',
      `${ids.asha},Asha Traders,0.00,5000.00,0.00,7000.00,0.00,12000.00,3000.00,9000.00`,
      `${ids.bala},Bala Stores,4000.00,2500.00,0.00,0.00,1500.00,8000.00,0.00,8000.00`,
      ',TOTAL,4000.00,7500.00,0.00,7000.00,1500.00,20000.00,3000.00,17000.00',
      '',
    ]);
  });

  it('writes a name a spreadsheet would run as text (a leading \'), and a negative amount as a number; Bahi reads its CSV back as written', async () => {
    const other = await t.given.org();
    const name = '=HYPERLINK("http://evil.example","Refund")';
    const contactId = await customer(other.api, { contact_name: name });
    await postedInvoice(other.api, contactId, 1000, { date: '2026-06-01', due_date: '2026-06-30' });
    ok(await other.api.post('/payments', { flow: 'INCOMING', contact_id: contactId, date: '2026-06-10', amount: 1500, reference_number: '@advance', allocations: [] }, { idempotencyKey: newKey() }));
    const csv = async (query: string) =>
      (await fetch(`${t.baseUrl}/api/public/v1/reports/receivables_ageing?date=2026-06-30&format=csv${query}`, { headers: { authorization: `Bearer ${other.token}` } })).text();

    const summary = await csv('');
    expect(summary.split('\r\n')[1]).toBe(`${contactId},"'=HYPERLINK(""http://evil.example"",""Refund"")",1000.00,0.00,0.00,0.00,0.00,1000.00,1500.00,-500.00`);
    const detail = await csv('&detail=documents');
    expect(detail.split('\r\n').at(-2)).toMatch(new RegExp(`^ADVANCE,pay_\\w+,'@advance,${contactId},"'=HYPERLINK\\(.*\\)",2026-06-10,,,,-1500.00$`));
    expect(readCsv(summary)[1]!.slice(1, 2)).toEqual([name]);
    expect(readCsv(detail).at(-1)!.slice(2, 5)).toEqual(['@advance', contactId, name]);
  });
});

describe('payables ageing', () => {
  it('ages each vendor, the debit note and the advance apart; the total equals the payable accounts', async () => {
    const ageing = (await org.api.get('/reports/payables_ageing?date=2026-06-30&detail=documents')).body.payables_ageing;
    expect(rows(ageing)).toEqual([['Vasu Supplies', [3000, 4000, 0, 0, 0], 7000, 1500, 5500]]);
    expect(ageing.documents.map((d: { document_type: string; document_id: string; days_past_due: number; outstanding: number }) => [d.document_type, d.document_id, d.days_past_due, d.outstanding])).toEqual([
      ['BILL', ids.p, 30, 4000],
      ['BILL', ids.q, -28, 3000],
    ]);
    expect(ageing.credits.map((c: { credit_type: string; credit_id: string; open_amount: number }) => [c.credit_type, c.credit_id, c.open_amount])).toEqual([
      ['DEBIT_NOTE', ids.debitNote, 500],
      ['ADVANCE', ids.vendorAdvance, 1000],
    ]);
    // AP 6,000 − 2,000 − 500 + 3,000 = 6,500 Cr; advances to vendors 1,000 Dr: 5,500 owed.
    expect(await controlBalance('2026-06-30', PAYABLES)).toBe(-5500);
    // Before the first bill nothing is open.
    const early = (await org.api.get('/reports/payables_ageing?date=2026-04-30')).body.payables_ageing;
    expect(early).toMatchObject({ contacts: [], total: { outstanding: 0, open_credits: 0, net: 0 } });
  });

  it('counts an application from the later of its two dates: an advance applied to a July invoice is open on 30 June, a credit note applied to B is not', async () => {
    const g = (await postedInvoice(org.api, ids.asha!, 1000, { date: '2026-07-08', due_date: '2026-08-07' })).invoice_id;
    const applied = ok(await org.api.post(`/payments/${ids.advance}/apply`, { invoice_id: g, amount: 1000 }, { idempotencyKey: newKey() })).body.payment;
    ok(await org.api.post(`/credit_notes/${ids.note}/apply-to-invoice`, { invoice_id: ids.b, amount: 1000 }, { idempotencyKey: newKey() }));
    const isAsha = (x: { contact_name: string }) => x.contact_name === 'Asha Traders';
    const asha = async (date: string) => {
      const ageing = (await org.api.get(`/reports/receivables_ageing?date=${date}&detail=documents`)).body.receivables_ageing;
      return {
        documents: ageing.documents.filter(isAsha).map((d: { document_id: string; outstanding: number }) => [d.document_id, d.outstanding]),
        credits: ageing.credits.filter(isAsha).map((c: { credit_id: string; open_amount: number }) => [c.credit_id, c.open_amount]),
      };
    };
    // 30 June: the note (5 Jun) took 1,000 off B (20 May); G did not exist, so the advance was all open.
    expect(await asha('2026-06-30')).toEqual({ documents: [[ids.a, 7000], [ids.b, 4000]], credits: [[ids.advance, 2000]] });
    expect(await controlBalance('2026-06-30', RECEIVABLES)).toBe(7000 + 4000 - 2000 + 4000 + 1500 + 2500);
    // 10 July: G is settled by the advance, 1,000 of which is left.
    expect(await asha('2026-07-10')).toEqual({ documents: [[ids.a, 7000], [ids.b, 4000]], credits: [[ids.advance, 1000]] });
    // Unapplied, the advance is whole again and G open.
    ok(await org.api.delete(`/payments/${ids.advance}/allocations/${applied.allocations[0].allocation_id}`));
    expect(await asha('2026-07-10')).toEqual({ documents: [[ids.a, 7000], [ids.b, 4000], [g, 1000]], credits: [[ids.advance, 2000]] });
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });

  it("needs the contacts scope", async () => {
    const accountsOnly = await t.given.token([org.orgId], { scopes: ['Svc.accounts.READ'] });
    for (const path of ['/reports/receivables_ageing', '/reports/payables_ageing']) {
      expect((await org.api.withToken(accountsOnly.token).get(path)).status).toBe(403);
    }
    const contacts = await t.given.token([org.orgId], { scopes: ['Svc.contacts.READ'] });
    expect((await org.api.withToken(contacts.token).get('/reports/payables_ageing')).status).toBe(200);
    await expectBooksBalanced(org.api);
  });
});
