import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId } from '../support/books';
import { gstOrg } from '../support/gst-documents';
import { customer, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * `search` on every document list (docs/rules/api-additions.md, "Searching a list"): a
 * case-insensitive part of the document's number or its party's name, `%` and `_` literal,
 * with the list's other filters and its cursor. Each list holds three documents, made in this
 * order for three parties: Asha Textiles, 50% Off_Stores and 500 Off-Stores. Were `%` and `_`
 * wildcards, "50%" and "f_s" would also find the third.
 */

let t: TestApp;
let org: OrgFixture;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely

const PARTIES = ['Asha Textiles', '50% Off_Stores', '500 Off-Stores'] as const;
const DATE = '2026-06-10';
const line = { name: 'Widgets', hsn_or_sac: '8471', rate: 100, quantity: 2 };
const customers: string[] = [];
const vendors: string[] = [];
const acc: Record<string, string> = {};

async function created(path: string, body: Json, key: string): Promise<Json> {
  const res = await org.api.post(path, body, { idempotencyKey: newKey() });
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
  return res.body[key];
}

/** One list: how its three documents are made (the i-th for the i-th party), what names each, and a filter that keeps the second of them. */
interface ListCase {
  path: string;
  id: string;
  make(i: number): Promise<Json>;
  /** A part of the second document's number (or reference), in other case than it is written. */
  numberPart: string;
  /** Another filter of the list that, with search "off", keeps the second document alone; null when the list has none. */
  keepSecond: (() => string) | null;
}

const CASES: ListCase[] = [
  {
    path: '/invoices', id: 'invoice_id', numberPart: 'inv-26-27-00002',
    make: (i) => created('/invoices', { customer_id: customers[i], date: DATE, place_of_supply: 'IN-KA', auto_approve: true, line_items: [line] }, 'invoice'),
    keepSecond: () => `customer_id=${customers[1]}`,
  },
  {
    path: '/estimates', id: 'estimate_id', numberPart: 'est-26-27-00002',
    make: (i) => created('/estimates', { customer_id: customers[i], date: DATE, line_items: [line] }, 'estimate'),
    keepSecond: () => `customer_id=${customers[1]}`,
  },
  {
    path: '/sales_orders', id: 'sales_order_id', numberPart: '-00002',
    make: (i) => created('/sales_orders', { customer_id: customers[i], date: DATE, line_items: [line] }, 'sales_order'),
    keepSecond: () => `customer_id=${customers[1]}`,
  },
  {
    path: '/purchase_orders', id: 'purchase_order_id', numberPart: '-00002',
    make: (i) => created('/purchase_orders', { vendor_id: vendors[i], date: DATE, line_items: [line] }, 'purchase_order'),
    keepSecond: () => `vendor_id=${vendors[1]}`,
  },
  {
    path: '/delivery_challans', id: 'delivery_challan_id', numberPart: 'dc-26-27-00002',
    make: (i) => created('/delivery_challans', { date: DATE, reason: i === 2 ? 'OTHER' : 'JOB_WORK', contact_id: vendors[i], line_items: [line] }, 'delivery_challan'),
    keepSecond: () => 'reason=JOB_WORK',
  },
  {
    path: '/bills', id: 'bill_id', numberPart: 'vb/77-b',
    make: (i) => created('/bills', { vendor_id: vendors[i], bill_number: `VB/77-${'ABC'[i]}`, date: DATE, place_of_supply: 'IN-KA', line_items: [line] }, 'bill'),
    keepSecond: () => `vendor_id=${vendors[1]}`,
  },
  {
    path: '/credit_notes', id: 'credit_note_id', numberPart: 'cn-26-27-00002',
    make: (i) => created('/credit_notes', { customer_id: customers[i], date: DATE, line_items: [line] }, 'credit_note'),
    keepSecond: () => `customer_id=${customers[1]}`,
  },
  {
    path: '/debit_notes', id: 'debit_note_id', numberPart: 'dn-000002',
    make: (i) => created('/debit_notes', { vendor_id: vendors[i], date: DATE, line_items: [line] }, 'debit_note'),
    keepSecond: () => `vendor_id=${vendors[1]}`,
  },
  {
    path: '/expenses', id: 'expense_id', numberPart: 'exp-ref-2',
    make: (i) => created('/expenses', {
      date: DATE, paid_through_account_id: acc.Bank, account_id: acc['General Expenses'], amount: 120, vendor_id: vendors[i], reference_number: `EXP-REF-${i + 1}`,
    }, 'expense'),
    keepSecond: () => `vendor_id=${vendors[1]}`,
  },
  {
    path: '/payments', id: 'payment_id', numberPart: 'utr-2',
    make: (i) => created('/payments', {
      flow: i === 2 ? 'OUTGOING' : 'INCOMING', contact_id: i === 2 ? vendors[i] : customers[i], date: DATE, amount: 150, reference_number: `UTR-${i + 1}`,
    }, 'payment'),
    keepSecond: () => 'flow=INCOMING',
  },
];

const made = new Map<string, string[]>();
const idsOf = (c: ListCase) => made.get(c.path)!;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await gstOrg(t);
  for (const name of ['Bank', 'General Expenses', "Owner's Equity"]) acc[name] = await accountId(org.api, name);
  for (const name of PARTIES) {
    customers.push(await customer(org.api, { contact_name: name }));
    vendors.push(await vendor(org.api, { contact_name: name, place_of_contact: 'IN-KA' }));
  }
  for (const c of CASES) {
    const ids: string[] = [];
    for (const i of [0, 1, 2]) ids.push((await c.make(i))[c.id]);
    made.set(c.path, ids);
  }
});
afterAll(async () => { await t.close(); });

async function found(c: Pick<ListCase, 'path' | 'id'>, query: string): Promise<string[]> {
  const res = await org.api.get(`${c.path}?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return idsIn(c, res.body);
}
/** The ids a list's answer holds, in its order: the list's items are under its path's name. */
const idsIn = (c: Pick<ListCase, 'path' | 'id'>, body: Json): string[] => body[c.path.slice(1)].map((d: Json) => d[c.id]);
const q = (search: string) => `search=${encodeURIComponent(search)}`;

describe.each(CASES)('GET $path?search=', (c) => {
  it('finds the document by a part of its number, in any case', async () => {
    expect(await found(c, q(c.numberPart))).toEqual([idsOf(c)[1]]);
  });

  it("finds the documents by a part of the party's name, in any case, newest first", async () => {
    expect(await found(c, q('ASHA tex'))).toEqual([idsOf(c)[0]]);
    expect(await found(c, q('  oFF  '))).toEqual([idsOf(c)[2], idsOf(c)[1]]);
    expect(await found(c, q('nobody by this name'))).toEqual([]);
  });

  it('reads % and _ as themselves', async () => {
    expect(await found(c, q('50%'))).toEqual([idsOf(c)[1]]);
    expect(await found(c, q('f_s'))).toEqual([idsOf(c)[1]]);
  });

  it("combines with the list's other filters and with per_page and cursor", async () => {
    if (c.keepSecond) expect(await found(c, `${q('off')}&${c.keepSecond()}`)).toEqual([idsOf(c)[1]]);
    const first = await org.api.get(`${c.path}?${q('off')}&per_page=1`);
    expect(first.body.page_context).toMatchObject({ per_page: 1, has_more_page: true });
    const second = await org.api.get(`${c.path}?${q('off')}&per_page=1&cursor=${encodeURIComponent(first.body.page_context.next_cursor)}`);
    expect(second.body.page_context).toMatchObject({ has_more_page: false, next_cursor: null });
    expect([...idsIn(c, first.body), ...idsIn(c, second.body)]).toEqual([idsOf(c)[2], idsOf(c)[1]]);
  });

  it('refuses an empty search and one of whitespace alone: 400 on search', async () => {
    for (const search of ['', '   ']) {
      const res = await org.api.get(`${c.path}?${q(search)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.field).toBe('search');
    }
    expect((await org.api.get(`${c.path}?${q('x'.repeat(101))}`)).body.field).toBe('search');
  });
});

describe('GET /bills_of_entry?search=', () => {
  const boes = { path: '/bills_of_entry', id: 'bill_of_entry_id' };
  const ids: string[] = [];
  beforeAll(async () => {
    for (const number of ['4417391', '4417392', '5517393']) {
      const body = { number, date: DATE, port_code: 'INMAA1', assessable_value: 1000, igst: 180, paid_through_account_id: acc.Bank };
      ids.push((await created('/bills_of_entry', body, 'bill_of_entry')).bill_of_entry_id);
    }
  });

  it('finds Bills of Entry by a part of their customs number, with per_page and cursor', async () => {
    expect(await found(boes, q('17392'))).toEqual([ids[1]]);
    expect(await found(boes, q('441739'))).toEqual([ids[1], ids[0]]);
    const first = await org.api.get(`/bills_of_entry?${q('7393')}&per_page=1`);
    expect(first.body.bills_of_entry.map((b: Json) => b.bill_of_entry_id)).toEqual([ids[2]]);
    expect(first.body.page_context.has_more_page).toBe(false);
    expect((await org.api.get(`/bills_of_entry?${q(' ')}`)).body.field).toBe('search');
  });
});

describe('GET /journals?search=', () => {
  const journals = { path: '/journals', id: 'journal_id' };
  const ids: string[] = [];
  beforeAll(async () => {
    for (const [date, memo] of [['2026-06-11', 'Quarterly rent, Kumbh Estates'], ['2026-06-12', 'Levy 70% Dues_Paid'], ['2026-06-13', 'Levy 700 Dues-Paid']]) {
      const lines = [{ account_id: acc.Bank, debit: 500 }, { account_id: acc["Owner's Equity"], credit: 500 }];
      ids.push((await created('/journals', { date, memo, lines }, 'journal')).journal_id);
    }
  });

  it("finds entries by a part of their memo, in any case, % and _ as themselves", async () => {
    expect(await found(journals, q('KUMBH estates'))).toEqual([ids[0]]);
    expect(await found(journals, q('70%'))).toEqual([ids[1]]);
    expect(await found(journals, q('s_p'))).toEqual([ids[1]]);
    expect(await found(journals, q('LEVY'))).toEqual([ids[2], ids[1]]);
  });

  it("finds a document's entry by a part of the document's number (source_ref)", async () => {
    const invoice = idsOf(CASES[0]!)[1];
    const entries = (await org.api.get(`/journals?source=INVOICE&source_id=${invoice}`)).body.journals.map((j: Json) => j.journal_id);
    expect(entries).toHaveLength(1);
    expect(await found(journals, q('Inv-26-27-00002'))).toEqual(entries);
  });

  it('combines with date_to and with per_page and cursor; 400 for a search of whitespace', async () => {
    expect(await found(journals, `${q('levy')}&date_to=2026-06-12`)).toEqual([ids[1]]);
    const first = await org.api.get(`/journals?${q('levy')}&per_page=1`);
    expect(first.body.journals.map((j: Json) => j.journal_id)).toEqual([ids[2]]);
    const second = await org.api.get(`/journals?${q('levy')}&per_page=1&cursor=${encodeURIComponent(first.body.page_context.next_cursor)}`);
    expect(second.body.journals.map((j: Json) => j.journal_id)).toEqual([ids[1]]);
    expect(second.body.page_context.has_more_page).toBe(false);
    expect((await org.api.get(`/journals?${q('  ')}`)).status).toBe(400);
  });
});
