/**
 * GET /exports/tally: a small books built through the API (an invoice with CGST and SGST, a bill
 * with IGST, a receipt and a payment settling them, a journal) exported and compared, line by
 * line, with a file written by hand from docs/rules/tally.md "Tally out"; the refusals; and the
 * round trip: the export imported into a fresh organisation gives the same trial balance.
 */
import { readFileSync } from 'node:fs';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tallyExports } from '../../src/modules/tally';
import { accountId, expectBooksBalanced } from '../support/books';
import type { HttpClient } from '../support/http-client';
import { trialBalances } from '../support/hledger';
import { taxId } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

let t: TestApp;
let org: OrgFixture;

const created = <T extends { status: number; body: unknown }>(res: T, status = 201): T => {
  if (res.status !== status) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res;
};

/*
 * The books, Sharma Traders of Maharashtra (IN-MH), April 2026, in rupees:
 * 10 Apr  invoice INV-000001 to Acme Retail (Pune, 27AAPFU0939F1ZV): 10 Steel Bolt × 100 = 1,000,
 *         CGST 9% 90, SGST 9% 90: 1,180.
 * 12 Apr  bill KS-101 from Kaveri Supplies (Karnataka, 29AAACR5055K1Z3): 20 Steel Bolt × 60 = 1,200,
 *         IGST 18% 216: 1,416.
 * 20 Apr  receipt of 1,180 from Acme Retail against INV-000001, into the bank.
 * 25 Apr  payment of 1,416 to Kaveri Supplies against KS-101, from the bank.
 * 30 Apr  journal: office tea & snacks <April> 500, General Expenses from the bank.
 */
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-30T06:00:00Z'));
  org = await t.given.org({ name: 'Sharma Traders', state_code: 'IN-MH' });
  const api = org.api;
  const [bank, expenses, gst18] = [await accountId(api, 'Bank'), await accountId(api, 'General Expenses'), await taxId(api, 18)];
  const acme = created(await api.post('/contacts', { contact_name: 'Acme Retail', contact_type: 'CUSTOMER', gst_no: '27AAPFU0939F1ZV', place_of_contact: 'IN-MH' })).body.contact.contact_id;
  const kaveri = created(await api.post('/contacts', { contact_name: 'Kaveri Supplies', contact_type: 'VENDOR', gst_no: '29AAACR5055K1Z3', place_of_contact: 'IN-KA' })).body.contact.contact_id;
  const bolt = created(await api.post('/items', { name: 'Steel Bolt', type: 'GOODS', rate: 100, purchase_rate: 60, unit: 'NOS', hsn_sac: '7318', tax_id: gst18 })).body.item.item_id;
  const invoice = created(await api.post('/invoices', {
    customer_id: acme, date: '2026-04-10', due_date: '2026-05-10', place_of_supply: 'IN-MH', auto_approve: true,
    line_items: [{ item_id: bolt, name: 'Steel Bolt', hsn_or_sac: '7318', quantity: 10, rate: 100, tax_id: gst18 }],
  }, { idempotencyKey: newKey() })).body.invoice;
  const bill = created(await api.post('/bills', {
    vendor_id: kaveri, bill_number: 'KS-101', date: '2026-04-12', due_date: '2026-05-12', place_of_supply: 'IN-MH', auto_approve: true,
    line_items: [{ item_id: bolt, name: 'Steel Bolt', hsn_or_sac: '7318', quantity: 20, rate: 60, tax_id: gst18 }],
  })).body.bill;
  created(await api.post('/payments', { flow: 'INCOMING', contact_id: acme, date: '2026-04-20', amount: 1180, bank_account_id: bank, allocations: [{ invoice_id: invoice.invoice_id, amount: 1180 }] }, { idempotencyKey: newKey() }));
  created(await api.post('/payments', { flow: 'OUTGOING', contact_id: kaveri, date: '2026-04-25', amount: 1416, bank_account_id: bank, allocations: [{ bill_id: bill.bill_id, amount: 1416 }] }, { idempotencyKey: newKey() }));
  created(await api.post('/journals', { date: '2026-04-30', memo: 'Office tea & snacks <April>', lines: [{ account_id: expenses, debit: 500 }, { account_id: bank, credit: 500 }] }));
});
afterAll(async () => { await t?.close(); });

async function exported(api: HttpClient, query: string): Promise<string> {
  const res = await api.get(`/exports/tally${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  return res.body as string;
}

/** The export with its GUIDs (bahi- and a journal id, different each run) numbered in order, as the golden file writes them. */
function withNumberedGuids(xml: string): string {
  const guids = [...xml.matchAll(/<GUID>(bahi-jnl_[0-9A-Z]{26})<\/GUID>/g)].map((m) => m[1]!);
  expect(new Set(guids).size).toBe(guids.length);
  return guids.reduce((text, guid, i) => text.split(guid).join(`bahi-jnl_${i + 1}`), xml);
}

describe('GET /exports/tally', () => {
  it('writes the masters and vouchers of April as the file written by hand', async () => {
    const res = await org.api.get('/exports/tally?from_date=2026-04-01&to_date=2026-04-30');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="tally-2026-04-01-2026-04-30.xml"');
    const golden = readFileSync(new URL('../fixtures/tally/golden/april-2026.xml', import.meta.url), 'utf8');
    expect(withNumberedGuids(res.body as string)).toBe(golden);
    expect(XMLValidator.validate(res.body as string)).toBe(true);
    await expectBooksBalanced(org.api);
  });

  it('opens each ledger with its balance on from_date, a debit negative as Tally writes it', async () => {
    const xml = await exported(org.api, '?from_date=2026-04-21&to_date=2026-04-30');
    const opening = (ledger: string) => new RegExp(`<LEDGER NAME="${ledger}" ACTION="Create">[^]*?<OPENINGBALANCE>(.*?)</OPENINGBALANCE>`).exec(xml)?.[1];
    // Bank: +1,180 received on 20 Apr, a debit. Sales: 1,000 credited on 10 Apr (the year opened on 1 Apr).
    expect(opening('Bank')).toBe('-1180.00');
    expect(opening('Sales')).toBe('1000.00');
    // Kaveri Supplies: the bill's 1,416 still owed on 21 Apr, a credit. Acme Retail (invoiced 1,180, received 1,180)
    // opens at nothing and has no voucher in the range: the file has no ledger for it.
    expect(opening('Kaveri Supplies')).toBe('1416.00');
    expect(xml).not.toContain('Acme Retail');
    // CGST Output 90 and SGST Output 90 credited on 10 Apr; IGST Input 216 debited on 12 Apr.
    expect([opening('CGST Output'), opening('SGST Output'), opening('IGST Input')]).toEqual(['90.00', '90.00', '-216.00']);
    // Only the payment (25 Apr) and the journal (30 Apr) are in the range.
    expect([...xml.matchAll(/<VOUCHERTYPENAME>(.*?)<\/VOUCHERTYPENAME>/g)].map((m) => m[1])).toEqual(['Payment', 'Journal']);
  });

  it("is written a page of journals at a time: pages of one, which split the receipt from its allocation, give the same file", async () => {
    const whole = await exported(org.api, '?from_date=2026-04-01&to_date=2026-04-30');
    const paged = await tallyExports({ db: t.app.database.db, clock: t.clock, pageSize: 1 }).tally(org.orgId, { from_date: '2026-04-01', to_date: '2026-04-30' });
    let text = '';
    for await (const part of paged.parts) text += part;
    expect(text).toBe(whole);
  });

  it('defaults to the financial year to date and refuses a range that ends before it begins', async () => {
    const whole = await exported(org.api, '');
    expect([...whole.matchAll(/<VOUCHERTYPENAME>(.*?)<\/VOUCHERTYPENAME>/g)].map((m) => m[1])).toEqual(['Sales', 'Purchase', 'Receipt', 'Payment', 'Journal']);
    const backwards = await org.api.get('/exports/tally?from_date=2026-04-30&to_date=2026-04-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ code: 'validation.invalid_value', field: 'to_date' });
    const notADate = await org.api.get('/exports/tally?from_date=2026-02-30');
    expect(notADate.status).toBe(400);
    expect(notADate.body.field).toBe('from_date');
  });

  it("answers a token without the accounts' read scope 403, and another organisation's books are not in its export", async () => {
    const narrow = await t.given.token([org.orgId], { scopes: ['Svc.contacts.READ'], user_id: org.userId });
    const refused = await t.api.get('/exports/tally', { token: narrow.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('authz.scope_missing');
    const other = await t.given.org({ name: 'Other Co' });
    const xml = await exported(other.api, '?from_date=2026-04-01&to_date=2026-04-30');
    expect(xml).not.toContain('Acme Retail');
    expect(xml).not.toContain('<VOUCHER ');
  });

  it('writes no voucher for an invoice voided in the range: the entry and its reversal (dated alike) cancel', async () => {
    const shop = await t.given.org({ name: 'Void Co', state_code: 'IN-MH' });
    const buyer = created(await shop.api.post('/contacts', { contact_name: 'Walk-in', contact_type: 'CUSTOMER' })).body.contact.contact_id;
    const voided = created(await shop.api.post('/invoices', {
      customer_id: buyer, date: '2026-04-15', due_date: '2026-05-15', place_of_supply: 'IN-MH', auto_approve: true,
      line_items: [{ name: 'Goods', hsn_or_sac: '7318', rate: 700, quantity: 1 }],
    }, { idempotencyKey: newKey() })).body.invoice;
    created(await shop.api.post(`/invoices/${voided.invoice_id}/void`), 200);
    const xml = await exported(shop.api, '?from_date=2026-04-01&to_date=2026-04-30');
    expect(xml).not.toContain('<VOUCHER ');
    await expectBooksBalanced(shop.api);
  });

  /*
   * The round trip needs POST /imports with format=tally_xml (the import run and the Tally reader):
   * the export read back by Bahi's importer gives the same trial balance, account by account.
   */
  it('read back by the importer into a fresh organisation, gives the same trial balance', async () => {
    const xml = await exported(org.api, '?from_date=2026-04-01&to_date=2026-04-30');
    const copy = await t.given.org({ name: 'Sharma Traders Copy', state_code: 'IN-MH' });
    const form = new FormData();
    form.append('format', 'tally_xml');
    form.append('file', new Blob([xml], { type: 'application/xml' }), 'tally-2026-04-01-2026-04-30.xml');
    const started = await copy.api.postForm('/imports', form, { idempotencyKey: newKey() });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const importId = started.body.import.import_id as string;
    let run = started.body.import;
    for (let i = 0; i < 100 && run.status !== 'COMPLETED' && run.status !== 'FAILED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = (await copy.api.get(`/imports/${importId}`)).body.import;
    }
    expect(run.status).toBe('COMPLETED');
    expect(run.failed).toBe(0);
    /*
     * Both books on 30 April, in paise, debit positive: Bank 1,180 − 1,416 − 500 = −736; IGST Input
     * 216; CGST and SGST Output −90 each; Sales −1,000; Purchases 1,200; General Expenses 500.
     * Acme Retail and Kaveri Supplies are settled, so Accounts Receivable and Payable are nil.
     */
    const expected = {
      Bank: -73600, 'IGST Input': 21600, 'CGST Output': -9000, 'SGST Output': -9000, Sales: -100000, Purchases: 120000, 'General Expenses': 50000,
    };
    expect(await trialBalances(org.api, '?to_date=2026-04-30')).toEqual(expected);
    expect(await trialBalances(copy.api, '?to_date=2026-04-30')).toEqual(expected);
    await expectBooksBalanced(copy.api);
  });
});
