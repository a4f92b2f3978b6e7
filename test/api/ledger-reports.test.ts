import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import { createCreditNote, customer, postedInvoice } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * The books, in rupees, every figure worked by hand (FY 2026-27, read on 30 June 2026):
 *   15 Mar 2026  capital 5,000 into the bank (last year: the bank's opening balance)
 *    1 Apr       capital 1,00,000 into the bank
 *   10 Apr       invoice A 10,000 (untaxed, head office)         AR Dr 10,000
 *   20 Apr       receipt 4,000 applied to A                       bank Dr 4,000; AR Cr 4,000 (the allocation)
 *    5 May       invoice B 2,000, then voided                     AR Dr 2,000 and its reversal Cr 2,000, both on 5 May
 *   10 May       credit note 1,000 against A                      AR Cr 1,000
 *    1 Jun       invoice C 3,000 in the Mumbai branch             AR Dr 3,000 (Mumbai's books)
 *   30 Jun       receipt 500, unapplied (period end)              bank Dr 500
 * Receivable: 10,000 − 4,000 + 2,000 − 2,000 − 1,000 + 3,000 = 8,000. Bank: 5,000 + 1,00,000 + 4,000 + 500 = 1,09,500.
 */
let t: TestApp;
let org: OrgFixture;
let receivable: string;
let bank: string;
let mumbai: string;
let customerId: string;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-30T06:00:00Z'));
  org = await t.given.org();
  customerId = await customer(org.api, { contact_name: 'Asha Traders' });
  receivable = await accountId(org.api, 'Accounts Receivable');
  bank = await accountId(org.api, 'Bank');
  const equity = await accountId(org.api, "Owner's Equity");
  mumbai = (await t.admin.post(`/orgs/${org.orgId}/branches`, { name: 'Mumbai', state_code: 'IN-MH' })).body.branch.branch_id;
  const ok = (res: { status: number; body: unknown }) => { if (res.status >= 300) throw new Error(JSON.stringify(res.body)); return res; };
  for (const [date, amount] of [['2026-03-15', 5000], ['2026-04-01', 100000]] as const) {
    ok(await org.api.post('/journals', { date, memo: 'Capital introduced', lines: [{ account_id: bank, debit: amount }, { account_id: equity, credit: amount }] }));
  }
  const a = await postedInvoice(org.api, customerId, 10000, { date: '2026-04-10', due_date: '2026-05-10' });
  ids.a = a.invoice_id;
  ids.aNumber = a.invoice_number;
  ok(await org.api.post('/payments', { flow: 'INCOMING', contact_id: customerId, date: '2026-04-20', amount: 4000, reference_number: 'UTR-1', allocations: [{ invoice_id: a.invoice_id, amount: 4000 }] }, { idempotencyKey: newKey() }));
  const b = await postedInvoice(org.api, customerId, 2000, { date: '2026-05-05', due_date: '2026-06-04' });
  ids.b = b.invoice_id;
  ok(await org.api.post(`/invoices/${b.invoice_id}/void`, {}, { idempotencyKey: newKey() }));
  const note = ok(await createCreditNote(org.api, { customer_id: customerId, invoice_id: a.invoice_id, date: '2026-05-10', line_items: [{ invoice_line_item_id: a.line_items[0].line_item_id, amount: 1000 }] }));
  ids.note = (note.body as { credit_note: { credit_note_id: string } }).credit_note.credit_note_id;
  ids.c = (await postedInvoice(org.api, customerId, 3000, { date: '2026-06-01', due_date: '2026-07-01', branch_id: mumbai, place_of_supply: 'IN-MH' })).invoice_id;
  ok(await org.api.post('/payments', { flow: 'INCOMING', contact_id: customerId, date: '2026-06-30', amount: 500, reference_number: 'UTR-2' }, { idempotencyKey: newKey() }));
});
afterAll(async () => { await t.close(); });

type Line = { date: string; source: string; source_id: string; kind: string; debit: number; credit: number; balance: number; balance_side: string; contact_name: string | null };
const rows = (lines: Line[]) => lines.map((l) => [l.date, l.source, l.kind, l.debit, l.credit, l.balance, l.balance_side]);

describe('general ledger', () => {
  it("walks the receivable over the financial year from its opening, voids and credit notes included, each line's balance running on", async () => {
    const res = await org.api.get(`/reports/general_ledger?account_id=${receivable}`);
    expect(res.status).toBe(200);
    const gl = res.body.general_ledger;
    expect(gl).toMatchObject({
      account: { account_id: receivable, account_name: 'Accounts Receivable', account_type: 'ACCOUNTS_RECEIVABLE' }, branch_id: null,
      from_date: '2026-04-01', to_date: '2026-06-30', opening_balance: 0, opening_balance_side: 'DEBIT',
      total_debit: 15000, total_credit: 7000, closing_balance: 8000, closing_balance_side: 'DEBIT',
    });
    expect(rows(gl.lines)).toEqual([
      ['2026-04-10', 'INVOICE', 'POSTING', 10000, 0, 10000, 'DEBIT'],
      ['2026-04-20', 'ALLOCATION', 'POSTING', 0, 4000, 6000, 'DEBIT'],
      ['2026-05-05', 'INVOICE', 'POSTING', 2000, 0, 8000, 'DEBIT'],
      ['2026-05-05', 'INVOICE', 'REVERSAL', 0, 2000, 6000, 'DEBIT'],
      ['2026-05-10', 'CREDIT_NOTE', 'POSTING', 0, 1000, 5000, 'DEBIT'],
      ['2026-06-01', 'INVOICE', 'POSTING', 3000, 0, 8000, 'DEBIT'],
    ]);
    expect(gl.lines[0]).toMatchObject({ source_id: ids.a, document_number: ids.aNumber, contact_id: customerId, contact_name: 'Asha Traders' });
    expect(gl.lines[3].source_id).toBe(ids.b);
    expect(res.body.page_context).toEqual({ per_page: 50, has_more_page: false, next_cursor: null });
  });

  it('pages with a small per_page, the running balance continuing across every page', async () => {
    const seen: unknown[][] = [];
    let cursor = '';
    for (let page = 0; page < 5; page++) {
      const res = await org.api.get(`/reports/general_ledger?account_id=${receivable}&per_page=2${cursor && `&cursor=${encodeURIComponent(cursor)}`}`);
      expect(res.status).toBe(200);
      expect(res.body.general_ledger).toMatchObject({ opening_balance: 0, total_debit: 15000, total_credit: 7000, closing_balance: 8000 });
      seen.push(res.body.general_ledger.lines.map((l: Line) => l.balance));
      if (!res.body.page_context.has_more_page) break;
      cursor = res.body.page_context.next_cursor;
    }
    expect(seen).toEqual([[10000, 6000], [8000, 6000], [5000, 8000]]);
  });

  it("opens with everything before from_date, ends at a period's end, and keeps to one branch's books when asked", async () => {
    const bankBook = (await org.api.get(`/reports/general_ledger?account_id=${bank}&from_date=2026-04-02&to_date=2026-06-29`)).body.general_ledger;
    expect(bankBook).toMatchObject({ opening_balance: 105000, total_debit: 4000, total_credit: 0, closing_balance: 109000 });
    expect(rows(bankBook.lines)).toEqual([['2026-04-20', 'PAYMENT', 'POSTING', 4000, 0, 109000, 'DEBIT']]);
    const may = (await org.api.get(`/reports/general_ledger?account_id=${receivable}&from_date=2026-05-01&to_date=2026-05-31`)).body.general_ledger;
    expect(may).toMatchObject({ opening_balance: 6000, total_debit: 2000, total_credit: 3000, closing_balance: 5000 });
    const inMumbai = (await org.api.get(`/reports/general_ledger?account_id=${receivable}&branch_id=${mumbai}`)).body.general_ledger;
    expect(inMumbai).toMatchObject({ branch_id: mumbai, opening_balance: 0, closing_balance: 3000 });
    expect(rows(inMumbai.lines)).toEqual([['2026-06-01', 'INVOICE', 'POSTING', 3000, 0, 3000, 'DEBIT']]);
    const headOffice = (await org.api.get(`/reports/general_ledger?account_id=${receivable}&branch_id=${org.defaultBranchId}`)).body.general_ledger;
    expect(headOffice).toMatchObject({ closing_balance: 5000, total_debit: 12000, total_credit: 7000 });
  });

  it('answers the whole range as CSV', async () => {
    const res = await fetch(`${t.baseUrl}/api/public/v1/reports/general_ledger?account_id=${bank}&format=csv`, { headers: { authorization: `Bearer ${org.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const [head, ...lines] = (await res.text()).trimEnd().split('\r\n');
    expect(head).toBe('date,journal_id,source,source_id,document_number,kind,contact_name,description,debit,credit,balance,balance_side');
    expect(lines.map((l) => { const f = l.split(','); return [f[0], f[2], f[8], f[9], f[10], f[11]]; })).toEqual([
      ['2026-04-01', 'MANUAL', '100000.00', '0.00', '105000.00', 'DEBIT'],
      ['2026-04-20', 'PAYMENT', '4000.00', '0.00', '109000.00', 'DEBIT'],
      ['2026-06-30', 'PAYMENT', '500.00', '0.00', '109500.00', 'DEBIT'],
    ]);
  });

  it("refuses a cursor it did not hand out, or one of another account's ledger; another organisation's account is 404; the scope is the accounts'", async () => {
    const bad = await org.api.get(`/reports/general_ledger?account_id=${receivable}&cursor=not-a-cursor`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation.invalid_value', field: 'cursor' });
    const first = await org.api.get(`/reports/general_ledger?account_id=${receivable}&per_page=1`);
    const elsewhere = await org.api.get(`/reports/general_ledger?account_id=${bank}&per_page=1&cursor=${encodeURIComponent(first.body.page_context.next_cursor)}`);
    expect(elsewhere.body).toMatchObject({ code: 'validation.invalid_value', field: 'cursor' });
    const other = await t.given.org();
    const foreign = await other.api.get(`/reports/general_ledger?account_id=${receivable}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'not_found.resource' });
    const backwards = await org.api.get(`/reports/general_ledger?account_id=${receivable}&from_date=2026-06-01&to_date=2026-05-01`);
    expect(backwards.body).toMatchObject({ code: 'validation.invalid_value', field: 'to_date' });
    const missing = await org.api.get('/reports/general_ledger');
    expect(missing.body).toMatchObject({ code: 'validation.required_field', field: 'account_id' });
    const narrow = await t.given.token([org.orgId], { scopes: ['Svc.contacts.READ'] });
    for (const path of [`/reports/general_ledger?account_id=${bank}`, `/reports/cash_book?account_id=${bank}`, '/reports/day_book']) {
      expect((await org.api.withToken(narrow.token).get(path)).status).toBe(403);
    }
    const allowed = await t.given.token([org.orgId], { scopes: ['Svc.accounts.READ'] });
    expect((await org.api.withToken(allowed.token).get(`/reports/general_ledger?account_id=${bank}`)).status).toBe(200);
  });
});

describe('cash book', () => {
  it('is the general ledger of a bank or cash account, and refuses any other account', async () => {
    const book = (await org.api.get(`/reports/cash_book?account_id=${bank}`)).body.cash_book;
    expect(book).toMatchObject({ account: { account_name: 'Bank', account_type: 'BANK' }, opening_balance: 5000, total_debit: 104500, closing_balance: 109500 });
    expect(rows(book.lines)).toEqual([
      ['2026-04-01', 'MANUAL', 'POSTING', 100000, 0, 105000, 'DEBIT'],
      ['2026-04-20', 'PAYMENT', 'POSTING', 4000, 0, 109000, 'DEBIT'],
      ['2026-06-30', 'PAYMENT', 'POSTING', 500, 0, 109500, 'DEBIT'],
    ]);
    const notCash = await org.api.get(`/reports/cash_book?account_id=${receivable}`);
    expect(notCash.status).toBe(400);
    expect(notCash.body).toMatchObject({ code: 'validation.invalid_value', field: 'account_id' });
  });
});

describe('day book', () => {
  it("lists every entry of the range with its lines and account names, a void's reversal marked beside its original", async () => {
    const res = await org.api.get('/reports/day_book?from_date=2026-05-01&to_date=2026-05-31');
    expect(res.status).toBe(200);
    const book = res.body.day_book;
    expect(book).toMatchObject({ from_date: '2026-05-01', to_date: '2026-05-31' });
    type Entry = { date: string; source: string; source_id: string; kind: string; contact_name: string; lines: { account_name: string; debit: number; credit: number }[] };
    expect(book.journals.map((j: Entry) => [j.date, j.source, j.source_id, j.kind, j.contact_name, j.lines.map((l) => [l.account_name, l.debit, l.credit])])).toEqual([
      ['2026-05-05', 'INVOICE', ids.b, 'POSTING', 'Asha Traders', [['Accounts Receivable', 2000, 0], ['Sales', 0, 2000]]],
      ['2026-05-05', 'INVOICE', ids.b, 'REVERSAL', 'Asha Traders', [['Accounts Receivable', 0, 2000], ['Sales', 2000, 0]]],
      ['2026-05-10', 'CREDIT_NOTE', ids.note, 'POSTING', 'Asha Traders', [['Sales', 1000, 0], ['Accounts Receivable', 0, 1000]]],
    ]);
  });

  it('pages through the financial year by default, and writes CSV a row per line', async () => {
    const dates: string[] = [];
    let cursor = '';
    for (let page = 0; page < 10; page++) {
      const res = await org.api.get(`/reports/day_book?per_page=3${cursor && `&cursor=${encodeURIComponent(cursor)}`}`);
      dates.push(...res.body.day_book.journals.map((j: { date: string }) => j.date));
      if (!res.body.page_context.has_more_page) break;
      cursor = res.body.page_context.next_cursor;
    }
    // 1 Apr capital; 10 Apr A; 20 Apr receipt and its allocation; 5 May B and its reversal; 10 May the note; 1 Jun C; 30 Jun the receipt.
    expect(dates).toEqual(['2026-04-01', '2026-04-10', '2026-04-20', '2026-04-20', '2026-05-05', '2026-05-05', '2026-05-10', '2026-06-01', '2026-06-30']);
    const csv = await fetch(`${t.baseUrl}/api/public/v1/reports/day_book?from_date=2026-06-01&to_date=2026-06-01&format=csv`, { headers: { authorization: `Bearer ${org.token}` } });
    const [head, ...lines] = (await csv.text()).trimEnd().split('\r\n');
    expect(head).toBe('date,journal_id,source,source_id,document_number,kind,memo,contact_name,account_code,account_name,description,debit,credit');
    expect(lines.map((l) => { const f = l.split(','); return [f[0], f[2], f[9], f[11], f[12]]; })).toEqual([
      ['2026-06-01', 'INVOICE', 'Accounts Receivable', '3000.00', '0.00'],
      ['2026-06-01', 'INVOICE', 'Sales', '0.00', '3000.00'],
    ]);
    await expectBooksBalanced(org.api);
  });
});
