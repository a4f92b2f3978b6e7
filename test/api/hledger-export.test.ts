/**
 * GET /exports/ledger read by the real hledger: books of two branches (invoices, a bill, a
 * receipt with TDS, a credit note, a manual journal, a void, an account whose name hledger would
 * misread) exported whole, for one branch and from the middle of the year; `hledger check
 * --strict` accepts each export and `hledger balance` equals Bahi's trial balance to the paisa on
 * every account. Skipped, with one line on stderr saying why, when `hledger` is not on PATH; CI
 * (.ci/run) installs Debian's hledger. The CSV form is checked row by row without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerExports } from '../../src/modules/exports';
import { accountId, expectBooksBalanced } from '../support/books';
import type { HttpClient } from '../support/http-client';
import { HLEDGER, hledgerBalances, runHledger, trialBalances, withoutHledger } from '../support/hledger';
import { createCreditNote, createInvoice, postedBill, postedInvoice, taxId } from '../support/sales';
import { sayWhySkipped } from '../support/skip-note';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

const title = 'hledger reads the ledger export';
const skipped = withoutHledger(title);
sayWhySkipped(HLEDGER === undefined, skipped);

let t: TestApp;
let org: OrgFixture;
let mumbai: string;
let creditNoteId: string;
let voidedId: string;

const posted = <T extends { status: number; body: unknown }>(res: T, status = 201): T => {
  if (res.status !== status) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res;
};

/*
 * The books, in rupees. Bengaluru is the head office (IN-KA), Mumbai a second branch (IN-MH).
 *  1 Apr  journal: capital 1,00,000 into the bank (narration with a semicolon).
 *  5 Apr  journal: office rent 20,000 from the bank, to "Rent: Office; HQ" (a colon and a semicolon).
 * 10 Apr  invoice (Bengaluru) 1,000 + CGST 90 + SGST 90 = 1,180 to Śrī Traders.
 * 12 Apr  invoice (Mumbai into Karnataka) 2,000 + IGST 360 = 2,360.
 * 15 Apr  bill (Bengaluru) 500 + CGST 45 + SGST 45 = 590.
 * 20 Apr  receipt 2,360 for the Mumbai invoice, 236 of it TDS, at the head office.
 *  2 May  credit note 100 + CGST 9 + SGST 9 = 118 against the first invoice.
 * 10 May  invoice 700 (untaxed), voided: posted and reversed.
 *  1 Jun  payment of the bill, 590.
 */
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-30T06:00:00Z'));
  org = await t.given.org({ state_code: 'IN-KA' });
  mumbai = posted(await t.admin.post(`/orgs/${org.orgId}/branches`, { name: 'Mumbai', state_code: 'IN-MH' })).body.branch.branch_id;
  const rent = posted(await t.admin.post(`/orgs/${org.orgId}/accounts`, { account_name: 'Rent: Office; HQ', account_type: 'EXPENSE', account_code: '6300' })).body.account.account_id;
  const api = org.api;
  const [bank, equity, gst18] = [await accountId(api, 'Bank'), await accountId(api, "Owner's Equity"), await taxId(api, 18)];
  const customerId = posted(await api.post('/contacts', { contact_name: 'Śrī Traders', contact_type: 'CUSTOMER' })).body.contact.contact_id;
  const vendorId = posted(await api.post('/contacts', { contact_name: 'Udyog Supplies', contact_type: 'VENDOR' })).body.contact.contact_id;
  posted(await api.post('/journals', { date: '2026-04-01', memo: 'Capital introduced; partners', lines: [{ account_id: bank, debit: 100000 }, { account_id: equity, credit: 100000 }] }));
  posted(await api.post('/journals', { date: '2026-04-05', memo: 'Office rent, April', lines: [{ account_id: rent, debit: 20000 }, { account_id: bank, credit: 20000 }] }));
  const taxed = { line_items: [{ name: 'Goods', hsn_or_sac: '8471', rate: 1000, quantity: 1, tax_id: gst18 }] };
  const first = await postedInvoice(api, customerId, 1000, { date: '2026-04-10', due_date: '2026-05-10', ...taxed });
  const second = await postedInvoice(api, customerId, 2000, {
    date: '2026-04-12', due_date: '2026-05-12', branch_id: mumbai, line_items: [{ name: 'Goods', hsn_or_sac: '8471', rate: 2000, quantity: 1, tax_id: gst18 }],
  });
  const bill = await postedBill(api, vendorId, 500, { date: '2026-04-15', due_date: '2026-05-15', line_items: [{ name: 'Supplies', rate: 500, quantity: 1, tax_id: gst18 }] });
  posted(await api.post('/payments', {
    flow: 'INCOMING', contact_id: customerId, date: '2026-04-20', amount: 2360, tds_amount: 236, allocations: [{ invoice_id: second.invoice_id, amount: 2360 }],
  }, { idempotencyKey: newKey() }));
  creditNoteId = posted(await createCreditNote(api, {
    customer_id: customerId, invoice_id: first.invoice_id, date: '2026-05-02',
    line_items: [{ invoice_line_item_id: first.line_items[0].line_item_id, amount: 100, tax_id: gst18 }],
  })).body.credit_note.credit_note_id;
  voidedId = posted(await createInvoice(api, {
    customer_id: customerId, date: '2026-05-10', due_date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Goods', hsn_or_sac: '8471', rate: 700, quantity: 1 }],
  })).body.invoice.invoice_id;
  posted(await api.post(`/invoices/${voidedId}/void`), 200);
  posted(await api.post('/payments', { flow: 'OUTGOING', contact_id: vendorId, date: '2026-06-01', amount: 590, allocations: [{ bill_id: bill.bill_id, amount: 590 }] }, { idempotencyKey: newKey() }));
});
afterAll(async () => { await t?.close(); });

/** Every account's hledger name, written out by hand: the chart's type decides the top level. */
const HLEDGER_NAMES: Record<string, string> = {
  Bank: 'Assets:Bank', 'Accounts Receivable': 'Assets:Accounts Receivable', 'Advances from Customers': 'Liabilities:Advances from Customers',
  'CGST Input': 'Assets:CGST Input', 'SGST Input': 'Assets:SGST Input', 'TDS Receivable': 'Assets:TDS Receivable',
  'Accounts Payable': 'Liabilities:Accounts Payable', 'Advances to Vendors': 'Assets:Advances to Vendors',
  'CGST Output': 'Liabilities:CGST Output', 'SGST Output': 'Liabilities:SGST Output', 'IGST Output': 'Liabilities:IGST Output',
  "Owner's Equity": "Equity:Owner's Equity", 'Inter-branch Transfers': 'Equity:Inter-branch Transfers', Sales: 'Income:Sales',
  Purchases: 'Expenses:Purchases', 'Rent: Office; HQ': 'Expenses:Rent - Office, HQ',
};

/** The trial balance through a date by hledger name, the accounts at zero left out as hledger leaves them. */
async function trialBalanceByName(api: HttpClient, query: string): Promise<Record<string, number>> {
  return Object.fromEntries(Object.entries(await trialBalances(api, query)).map(([account, paise]) => {
    const name = HLEDGER_NAMES[account];
    if (!name) throw new Error(`no hledger name written down for ${account}`);
    return [name, paise];
  }));
}

async function exported(query: string): Promise<string> {
  const res = await org.api.get(`/exports/ledger${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  return res.body as string;
}

describe.skipIf(HLEDGER === undefined)(HLEDGER ? title : skipped, () => {
  it('passes hledger check --strict, and hledger balance equals the trial balance on every account', async () => {
    const journal = await exported('?from_date=2026-04-01&to_date=2026-06-30');
    expect(() => runHledger(journal, 'check', '--strict')).not.toThrow();
    const balances = hledgerBalances(journal);
    expect(balances).toEqual(await trialBalanceByName(org.api, '?date=2026-06-30'));
    // Figures worked out above, in paise: 1,00,000 − 20,000 + 2,124 (receipt net of TDS) − 590.
    expect(balances).toMatchObject({
      'Assets:Bank': 8153400, 'Assets:TDS Receivable': 23600, 'Expenses:Rent - Office, HQ': 2000000, 'Assets:Accounts Receivable': 106200,
      'Income:Sales': -290000, 'Liabilities:CGST Output': -8100, 'Liabilities:IGST Output': -36000,
    });
    expect(balances).not.toHaveProperty('Liabilities:Accounts Payable');
    await expectBooksBalanced(org.api);
  });

  it("exports one branch's books, which balance on their own and equal that branch's trial balance", async () => {
    const journal = await exported(`?from_date=2026-04-01&to_date=2026-06-30&branch_id=${mumbai}`);
    expect(() => runHledger(journal, 'check', '--strict')).not.toThrow();
    const balances = hledgerBalances(journal);
    expect(balances).toEqual(await trialBalanceByName(org.api, `?date=2026-06-30&branch_id=${mumbai}`));
    // Mumbai sold 2,000 + IGST 360; the head office received the money, so Mumbai holds it through inter-branch.
    expect(balances).toEqual({ 'Income:Sales': -200000, 'Liabilities:IGST Output': -36000, 'Equity:Inter-branch Transfers': 236000 });
  });

  it('opens a period that starts mid-year with the balances before it, so its balances are the books through its end', async () => {
    const journal = await exported('?from_date=2026-04-16&to_date=2026-05-31');
    expect(journal).toContain('2026-04-16 Opening balances\n');
    expect(() => runHledger(journal, 'check', '--strict')).not.toThrow();
    expect(hledgerBalances(journal)).toEqual(await trialBalanceByName(org.api, '?date=2026-05-31'));
    const first = await exported('?from_date=2026-04-01&to_date=2026-04-15');
    expect(hledgerBalances(first)).toEqual(await trialBalanceByName(org.api, '?date=2026-04-15'));
  });

  it('takes the financial year to date by default', async () => {
    const res = await org.api.get('/exports/ledger');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="ledger-2026-04-01-2026-06-30.journal"');
    expect(hledgerBalances(res.body as string)).toEqual(await trialBalanceByName(org.api, '?date=2026-06-30'));
  });
});

describe('the CSV form', () => {
  const journalIds = async (source: string, sourceId: string) =>
    ((await org.api.get(`/journals?source=${source}&source_id=${sourceId}`)).body.journals as { journal_id: string; kind: string }[]);

  it("writes May as its opening balances (the books through 30 April) and May's journals, a row per posting in rupees", async () => {
    const res = await org.api.get('/exports/ledger?format=csv&from_date=2026-05-01&to_date=2026-05-31');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="ledger-2026-05-01-2026-05-31.csv"');
    const [note] = await journalIds('CREDIT_NOTE', creditNoteId);
    const voided = await journalIds('INVOICE', voidedId);
    const posting = voided.find((j) => j.kind === 'POSTING')!.journal_id;
    const reversal = voided.find((j) => j.kind === 'REVERSAL')!.journal_id;
    // Through 30 April: bank 1,00,000 − 20,000 + 2,124; the first invoice 1,180 open; the Mumbai
    // invoice settled, so advances and inter-branch are back at zero and left out.
    const opening = (account: string, debit: string, credit: string) => `2026-05-01,,,Opening balances,${account},${debit},${credit}`;
    expect((res.body as string).split('\r\n')).toEqual([
      'date,journal_id,code,description,account,debit,credit',
      opening('Assets:Bank', '82124.00', '0.00'),
      opening('Assets:Accounts Receivable', '1180.00', '0.00'),
      opening('Assets:CGST Input', '45.00', '0.00'),
      opening('Assets:SGST Input', '45.00', '0.00'),
      opening('Assets:TDS Receivable', '236.00', '0.00'),
      opening('Liabilities:Accounts Payable', '0.00', '590.00'),
      opening('Liabilities:CGST Output', '0.00', '90.00'),
      opening('Liabilities:SGST Output', '0.00', '90.00'),
      opening('Liabilities:IGST Output', '0.00', '360.00'),
      opening("Equity:Owner's Equity", '0.00', '100000.00'),
      opening('Income:Sales', '0.00', '3000.00'),
      opening('Expenses:Purchases', '500.00', '0.00'),
      opening('"Expenses:Rent - Office, HQ"', '20000.00', '0.00'),
      `2026-05-02,${note!.journal_id},CN-26-27-00001,Credit note - Śrī Traders,Income:Sales,100.00,0.00`,
      `2026-05-02,${note!.journal_id},CN-26-27-00001,Credit note - Śrī Traders,Liabilities:CGST Output,9.00,0.00`,
      `2026-05-02,${note!.journal_id},CN-26-27-00001,Credit note - Śrī Traders,Liabilities:SGST Output,9.00,0.00`,
      `2026-05-02,${note!.journal_id},CN-26-27-00001,Credit note - Śrī Traders,Assets:Accounts Receivable,0.00,118.00`,
      `2026-05-10,${posting},INV-26-27-00002,Invoice - Śrī Traders,Assets:Accounts Receivable,700.00,0.00`,
      `2026-05-10,${posting},INV-26-27-00002,Invoice - Śrī Traders,Income:Sales,0.00,700.00`,
      `2026-05-10,${reversal},INV-26-27-00002,Invoice reversed - Śrī Traders,Assets:Accounts Receivable,0.00,700.00`,
      `2026-05-10,${reversal},INV-26-27-00002,Invoice reversed - Śrī Traders,Income:Sales,700.00,0.00`,
      '',
    ]);
  });

  it('quotes a description or an account name holding a comma, and a manual journal has no code', async () => {
    const res = await org.api.get('/exports/ledger?format=csv&from_date=2026-04-05&to_date=2026-04-05');
    expect((res.body as string).split('\r\n').filter((row) => row.includes('Office rent'))).toEqual([
      expect.stringMatching(/^2026-04-05,jnl_\w+,,"Journal - Office rent, April","Expenses:Rent - Office, HQ",20000\.00,0\.00$/),
      expect.stringMatching(/^2026-04-05,jnl_\w+,,"Journal - Office rent, April",Assets:Bank,0\.00,20000\.00$/),
    ]);
  });
});

describe('a long period', () => {
  it('is written a page of journals at a time: pages of two, split inside a day, give the same document', async () => {
    const whole = await org.api.get('/exports/ledger?format=csv&from_date=2026-04-01&to_date=2026-06-30');
    const paged = await ledgerExports({ db: t.app.database.db, clock: t.clock, pageSize: 2 })
      .ledger(org.orgId, { format: 'csv', from_date: '2026-04-01', to_date: '2026-06-30' });
    let text = '';
    for await (const part of paged.parts) text += part;
    expect(text).toBe(whole.body);
    // The header, and the 34 postings of the 12 journals: 2 + 2 + 4 + 3 + 4 + 3 + 4 + 4 + 2 + 2 + 2 + 2.
    expect(text.trimEnd().split('\r\n')).toHaveLength(1 + 34);
  });
});

describe('bad requests', () => {
  it('refuses an unknown format, a period that ends before it starts, and a branch not of the organisation', async () => {
    expect((await org.api.get('/exports/ledger?format=xml')).body).toMatchObject({ code: 'validation.invalid_value', field: 'format' });
    const backwards = await org.api.get('/exports/ledger?from_date=2026-06-01&to_date=2026-05-01');
    expect(backwards).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'to_date' } });
    const other = await t.given.org();
    const foreign = await org.api.get(`/exports/ledger?branch_id=${other.defaultBranchId}`);
    expect(foreign).toMatchObject({ status: 404 });
    expect(foreign.body.field).toBe('branch_id');
  });
});
