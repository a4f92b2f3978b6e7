import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse, HttpClient } from '../support/http-client';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * The catalog a new organisation starts with and the endpoints docs/rules/api-additions.md lists for it
 * ("Endpoints"): taxes, branches, accounts, items.
 */

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t?.close(); });

/** An id of the right shape that no organisation has. */
const unknownId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '').toUpperCase().slice(0, 26)}`;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely

/** The account types public-api.md names ("Journal, account"). */
const SPEC_ACCOUNT_TYPES = [
  'BANK', 'CASH', 'ACCOUNTS_RECEIVABLE', 'STOCK', 'GST_ASSET', 'TDS_ASSET', 'ACCOUNTS_PAYABLE', 'GST_LIABILITY',
  'TDS_LIABILITY', 'SALES', 'INCOME', 'OTHER_INCOME', 'EXPENSE', 'COST_OF_GOODS_SOLD', 'OTHER_EXPENSE', 'EQUITY', 'RETAINED_EARNINGS',
];
/** The types for fixed assets the service adds to the spec's list. */
const ASSET_ACCOUNT_TYPES = ['FIXED_ASSET', 'ACCUMULATED_DEPRECIATION'];

function expectError(res: ApiResponse, status: number, code: string, field?: string) {
  expect({ status: res.status, code: res.body?.code, field: res.body?.field }, JSON.stringify(res.body))
    .toEqual({ status, code, field });
  expect(typeof res.body.message).toBe('string');
}

/** Walks a cursor list to its end; returns every row and the size of each page. */
async function walk(api: HttpClient, path: string, key: string, perPage: number): Promise<{ rows: Json[]; pages: number[] }> {
  const rows: Json[] = [];
  const pages: number[] = [];
  let cursor: string | null = null;
  const sep = path.includes('?') ? '&' : '?';
  for (let guard = 0; guard < 200; guard++) {
    const res: ApiResponse = await api.get(`${path}${sep}per_page=${perPage}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.page_context.per_page).toBe(perPage);
    rows.push(...res.body[key]);
    pages.push(res.body[key].length);
    if (!res.body.page_context.has_more_page) {
      expect(res.body.page_context.next_cursor).toBeNull();
      return { rows, pages };
    }
    cursor = res.body.page_context.next_cursor;
    expect(typeof cursor).toBe('string');
  }
  throw new Error(`walk of ${path} did not end`);
}

const allAccounts = async (api: HttpClient, query = '') => (await walk(api, `/accounts${query}`, 'accounts', 200)).rows;
const allItems = async (api: HttpClient) => (await walk(api, '/items', 'items', 200)).rows;

describe('GET /taxes', () => {
  it('lists the eight seeded GST rates, and a 0% tax of each non-taxable kind', async () => {
    const org = await t.given.org();
    const res = await org.api.get('/taxes');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const taxes: Json[] = res.body.taxes;
    // By rate; the zero-rated GST 0% (TAXABLE) first among the 0% ones.
    expect(taxes.map((x) => [x.tax_percentage, x.supply_type])).toEqual([
      [0, 'TAXABLE'], [0, 'NIL_RATED'], [0, 'EXEMPT'], [0, 'NON_GST'], [0.25, 'TAXABLE'], [3, 'TAXABLE'], [5, 'TAXABLE'],
      [12, 'TAXABLE'], [18, 'TAXABLE'], [28, 'TAXABLE'], [40, 'TAXABLE'],
    ]);
    for (const tax of taxes) {
      expect(tax.tax_id).toMatch(/^tax_/);
      expect(typeof tax.tax_name).toBe('string');
      expect(tax.tax_name.length).toBeGreaterThan(0);
    }
    expect(new Set(taxes.map((x) => x.tax_id)).size).toBe(11);
  });

  it('gives each organisation its own taxes', async () => {
    const a = (await (await t.given.org()).api.get('/taxes')).body.taxes as Json[];
    const b = (await (await t.given.org()).api.get('/taxes')).body.taxes as Json[];
    const ids = new Set(a.map((x) => x.tax_id));
    expect(b.some((x) => ids.has(x.tax_id))).toBe(false);
  });
});

describe('GET /branches', () => {
  it("has the default branch, in the organisation's state", async () => {
    const org = await t.given.org({ state_code: 'Tamil Nadu' });
    const res = await org.api.get('/branches');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const branches: Json[] = res.body.branches;
    expect(branches).toHaveLength(1);
    expect(branches[0]).toMatchObject({ branch_id: org.defaultBranchId, state_code: 'IN-TN', is_default: true });
    expect(typeof branches[0]!.name).toBe('string');
  });

  it('lists added branches after the default one, which stays the only default', async () => {
    const org = await t.given.org();
    const added = await t.admin.post(`/orgs/${org.orgId}/branches`, { name: 'Pune Depot', state_code: '27' });
    expect(added.status).toBe(201);
    const branches: Json[] = (await org.api.get('/branches')).body.branches;
    expect(branches.map((b) => [b.branch_id, b.is_default])).toEqual([[org.defaultBranchId, true], [added.body.branch.branch_id, false]]);
    expect(branches[1]).toMatchObject({ name: 'Pune Depot', state_code: 'IN-MH' });
  });
});

describe('GET /accounts', () => {
  let org: OrgFixture;
  let accounts: Json[];
  beforeAll(async () => {
    org = await t.given.org();
    accounts = await allAccounts(org.api);
  });

  it('answers in the envelope with active accounts', async () => {
    const res = await org.api.get('/accounts');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.page_context).toMatchObject({ per_page: 50 });
    for (const a of accounts) {
      expect(a.account_id).toMatch(/^acc_/);
      expect(typeof a.account_name).toBe('string');
      expect([...SPEC_ACCOUNT_TYPES, ...ASSET_ACCOUNT_TYPES]).toContain(a.account_type);
      expect(a.is_active).toBe(true);
    }
    expect(new Set(accounts.map((a) => a.account_id)).size).toBe(accounts.length);
  });

  it('has at least one account of every type the spec names', () => {
    const types = new Set(accounts.map((a) => a.account_type));
    expect(SPEC_ACCOUNT_TYPES.filter((type) => !types.has(type))).toEqual([]);
  });

  it.each([
    ['Bank', 'BANK'],
    ['Petty Cash', 'CASH'],
    ['Accounts Receivable', 'ACCOUNTS_RECEIVABLE'],
    ['Accounts Payable', 'ACCOUNTS_PAYABLE'],
    ['Advances from Customers', undefined],
    ['Advances to Vendors', undefined],
    ['Sales', 'SALES'],
    ['Purchases', undefined],
    ['Round Off', undefined],
    ['Bank Charges', 'EXPENSE'],
    ['Exchange Gain or Loss', undefined],
    ['TDS Receivable', 'TDS_ASSET'],
    ['TDS Payable', 'TDS_LIABILITY'],
    ['Fixed Assets', 'FIXED_ASSET'],
    ['Accumulated Depreciation', 'ACCUMULATED_DEPRECIATION'],
    ['Input GST under reverse charge', 'GST_ASSET'],
    ['GST payable under reverse charge', 'GST_LIABILITY'],
  ])('has the system account %j', (name, type) => {
    const found = accounts.filter((a) => a.account_name === name);
    expect(found, name).toHaveLength(1);
    if (type) expect(found[0]!.account_type).toBe(type);
  });

  it.each(['CGST', 'SGST', 'IGST'])('has an input (GST_ASSET) and an output (GST_LIABILITY) ledger for %s', (tax) => {
    const ofTax = accounts.filter((a) => a.account_name.includes(tax));
    expect(ofTax.filter((a) => a.account_type === 'GST_ASSET' && /input/i.test(a.account_name))).toHaveLength(1);
    expect(ofTax.filter((a) => a.account_type === 'GST_LIABILITY' && /output/i.test(a.account_name))).toHaveLength(1);
  });

  it.each(ASSET_ACCOUNT_TYPES)('the admin API creates an account of type %s', async (type) => {
    const res = await t.admin.post(`/orgs/${org.orgId}/accounts`, { account_name: `Plant ${type}`, account_type: type });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.account).toMatchObject({ account_type: type });
    expect((await org.api.get(`/accounts/${res.body.account.account_id}`)).body.account).toMatchObject({ account_type: type });
  });

  it('account_type=BANK,CASH returns only BANK and CASH accounts, all of them', async () => {
    const extra = await t.admin.post(`/orgs/${org.orgId}/accounts`, { account_name: 'HDFC Current', account_type: 'BANK' });
    expect(extra.status).toBe(201);
    const everything = await allAccounts(org.api);
    const filtered = await allAccounts(org.api, '?account_type=BANK,CASH');
    expect(filtered.every((a) => a.account_type === 'BANK' || a.account_type === 'CASH')).toBe(true);
    expect(filtered.map((a) => a.account_id).sort()).toEqual(
      everything.filter((a) => a.account_type === 'BANK' || a.account_type === 'CASH').map((a) => a.account_id).sort(),
    );
    expect(filtered.map((a) => a.account_name)).toEqual(expect.arrayContaining(['Bank', 'Petty Cash', 'HDFC Current']));
    const banks = await allAccounts(org.api, '?account_type=BANK');
    expect(banks.length).toBeGreaterThanOrEqual(2);
    expect(banks.every((a) => a.account_type === 'BANK')).toBe(true);
  });

  it.each([
    ['FOO', 'account_type'],
    ['BANK,FOO', 'account_type'],
    ['bank', 'account_type'],
    ['BANK,,CASH', 'account_type'],
    ['BANK;CASH', 'account_type'],
  ])('refuses account_type=%s with 400 validation.invalid_value', async (value, field) => {
    expectError(await org.api.get(`/accounts?account_type=${encodeURIComponent(value)}`), 400, 'validation.invalid_value', field);
  });

  it('walks every account exactly once with per_page and cursor', async () => {
    const everything = await allAccounts(org.api);
    const { rows, pages } = await walk(org.api, '/accounts', 'accounts', 5);
    expect(rows.map((a) => a.account_id)).toEqual(everything.map((a) => a.account_id));
    expect(pages.slice(0, -1).every((n) => n === 5)).toBe(true);
    expect(pages.at(-1)).toBeGreaterThan(0);
    expect(rows.length).toBe(everything.length);
  });

  it('walks a filtered list one row at a time', async () => {
    const { rows } = await walk(org.api, '/accounts?account_type=BANK,CASH', 'accounts', 1);
    expect(rows.map((a) => a.account_id)).toEqual((await allAccounts(org.api, '?account_type=BANK,CASH')).map((a) => a.account_id));
  });

  it.each([
    ['per_page=0', 'per_page'],
    ['per_page=201', 'per_page'],
    ['per_page=x', 'per_page'],
    ['cursor=garbage', 'cursor'],
    ['cursor=a.b', 'cursor'],
    ['colour=red', 'colour'],
  ])('refuses ?%s with 400 validation.invalid_value', async (query, field) => {
    expectError(await org.api.get(`/accounts?${query}`), 400, 'validation.invalid_value', field);
  });

  it("refuses another list's cursor", async () => {
    await org.api.post('/contacts', { contact_name: 'A' });
    await org.api.post('/contacts', { contact_name: 'B' });
    const contactsCursor: string = (await org.api.get('/contacts?per_page=1')).body.page_context.next_cursor;
    expectError(await org.api.get(`/accounts?cursor=${encodeURIComponent(contactsCursor)}`), 400, 'validation.invalid_value', 'cursor');
  });

  it('GET /accounts/{id} returns the account as listed', async () => {
    const bank = accounts.find((a) => a.account_name === 'Bank')!;
    const res = await org.api.get(`/accounts/${bank.account_id}`);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.account).toEqual(bank);
  });

  it("answers 404 not_found.resource for another organisation's account, or an unknown one", async () => {
    const other = await t.given.org();
    const foreign = (await allAccounts(other.api))[0]!;
    expectError(await org.api.get(`/accounts/${foreign.account_id}`), 404, 'not_found.resource', 'account_id');
    expectError(await org.api.get(`/accounts/${unknownId('acc')}`), 404, 'not_found.resource', 'account_id');
    const mine = new Set(accounts.map((a) => a.account_id));
    expect((await allAccounts(other.api)).some((a) => mine.has(a.account_id))).toBe(false);
  });
});

describe('items', () => {
  async function refs(org: OrgFixture) {
    const taxes: Json[] = (await org.api.get('/taxes')).body.taxes;
    const accounts = await allAccounts(org.api);
    return {
      gst18: taxes.find((x) => x.tax_percentage === 18)!.tax_id as string,
      sales: accounts.find((a) => a.account_name === 'Sales')!.account_id as string,
      purchases: accounts.find((a) => a.account_name === 'Purchases')!.account_id as string,
    };
  }

  it('POST /items creates an item: 201 with the item key, every input field round-trips', async () => {
    const org = await t.given.org();
    const { gst18, sales, purchases } = await refs(org);
    const body = {
      name: 'Consulting hour', sku: 'CONS-1', type: 'SERVICE', rate: 2500.5, purchase_rate: 19.99,
      tax_id: gst18, hsn_sac: '998311', account_id: sales, purchase_account_id: purchases,
    };
    const res = await org.api.post('/items', body);
    expect(res.status).toBe(201);
    expect(res.body.code).toBe(0);
    expect(typeof res.body.message).toBe('string');
    const item = res.body.item;
    expect(item.item_id).toMatch(/^itm_/);
    expect(item).toMatchObject(body);
    expect(item.created_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const got = await org.api.get(`/items/${item.item_id}`);
    expect(got.status).toBe(200);
    expect(got.body.code).toBe(0);
    expect(got.body.item).toEqual(item);
    expect(await allItems(org.api)).toEqual([item]);
  });

  it('needs only name and rate, defaulting the rest', async () => {
    const org = await t.given.org();
    const res = await org.api.post('/items', { name: 'Widget', rate: 10, type: 'GOODS' });
    expect(res.status).toBe(201);
    expect(res.body.item).toMatchObject({
      name: 'Widget', rate: 10, type: 'GOODS', sku: null, purchase_rate: null, tax_id: null, hsn_sac: null, account_id: null,
    });
    const plain = await org.api.post('/items', { name: 'Plain', rate: 0 });
    expect(plain.body.item).toMatchObject({ type: 'SERVICE', rate: 0 });
  });

  it.each([
    ['name', { rate: 1 }],
    ['rate', { name: 'No price' }],
  ])('refuses a missing %s with 400 validation.required_field, writing nothing', async (field, body) => {
    const org = await t.given.org();
    expectError(await org.api.post('/items', body), 400, 'validation.required_field', field);
    expect(await allItems(org.api)).toEqual([]);
  });

  it.each([
    ['rate with three decimals', { rate: 1.234 }, 'rate'],
    ['a negative rate', { rate: -1 }, 'rate'],
    ['rate as a string', { rate: '10' }, 'rate'],
    ['purchase_rate with three decimals', { purchase_rate: 0.001 }, 'purchase_rate'],
    ['an unknown type', { type: 'WIDGET' }, 'type'],
    ['a non-numeric hsn_sac', { hsn_sac: 'ABCD' }, 'hsn_sac'],
    ['a too-short hsn_sac', { hsn_sac: '12' }, 'hsn_sac'],
    ['an empty name', { name: '' }, 'name'],
    ['an oversized name', { name: 'n'.repeat(201) }, 'name'],
    ['an unknown field', { colour: 'red' }, 'colour'],
    ['a malformed tax_id', { tax_id: 'tax id!' }, 'tax_id'],
  ])('refuses %s with 400 validation.invalid_value, writing nothing', async (_label, patch, field) => {
    const org = await t.given.org();
    expectError(await org.api.post('/items', { name: 'Bad', rate: 1, ...patch }), 400, 'validation.invalid_value', field);
    expect(await allItems(org.api)).toEqual([]);
  });

  it.each(['tax_id', 'account_id', 'purchase_account_id'])(
    "answers 404 not_found.resource with field %s for another organisation's id, writing nothing",
    async (field) => {
      const org = await t.given.org();
      const foreign = await refs(await t.given.org());
      const id = field === 'tax_id' ? foreign.gst18 : foreign.sales;
      expectError(await org.api.post('/items', { name: 'Borrowed', rate: 1, [field]: id }), 404, 'not_found.resource', field);
      expect(await allItems(org.api)).toEqual([]);
    },
  );

  it.each([
    ['account_id', 'Bank', 'BANK'],
    ['account_id', 'Purchases', 'COST_OF_GOODS_SOLD'],
    ['account_id', 'CGST Output', 'GST_LIABILITY'],
    ['purchase_account_id', 'Sales', 'SALES'],
    ['purchase_account_id', 'Accounts Payable', 'ACCOUNTS_PAYABLE'],
    ['purchase_account_id', 'Petty Cash', 'CASH'],
  ])('refuses %s = %s (%s) with 400 naming the allowed types, writing nothing', async (field, name, type) => {
    const org = await t.given.org();
    const account = (await allAccounts(org.api)).find((a) => a.account_name === name)!;
    const res = await org.api.post('/items', { name: 'Misposted', rate: 1, [field]: account.account_id });
    expectError(res, 400, 'validation.invalid_value', field);
    expect(res.body.message).toContain(type);
    expect(res.body.details.allowed).toEqual(field === 'account_id'
      ? ['SALES', 'INCOME', 'OTHER_INCOME'] : ['EXPENSE', 'OTHER_EXPENSE', 'COST_OF_GOODS_SOLD', 'STOCK', 'FIXED_ASSET', 'OTHER_CURRENT_ASSET']);
    expect(await allItems(org.api)).toEqual([]);
  });

  it.each([
    ['account_id', ['Sales', 'Service Income', 'Other Income']],
    ['purchase_account_id', ['Purchases', 'General Expenses', 'Round Off', 'Inventory', 'Fixed Assets']],
  ])('accepts %s of each allowed kind', async (field, names) => {
    const org = await t.given.org();
    const accounts = await allAccounts(org.api);
    for (const name of names) {
      const id = accounts.find((a) => a.account_name === name)!.account_id;
      const res = await org.api.post('/items', { name: `On ${name}`, rate: 1, [field]: id });
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.item[field]).toBe(id);
    }
  });

  it.each([
    ['tax_id', unknownId('tax')],
    ['account_id', unknownId('acc')],
  ])('answers 404 with field %s for an id that does not exist', async (field, id) => {
    const org = await t.given.org();
    expectError(await org.api.post('/items', { name: 'Ghost', rate: 1, [field]: id }), 404, 'not_found.resource', field);
    expect(await allItems(org.api)).toEqual([]);
  });

  it('GET /items lists newest first and walks with per_page and cursor', async () => {
    const org = await t.given.org();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await org.api.post('/items', { name: `Item ${i}`, rate: i })).body.item.item_id);
    const res = await org.api.get('/items');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.page_context).toEqual({ per_page: 50, has_more_page: false, next_cursor: null });
    const { rows, pages } = await walk(org.api, '/items', 'items', 2);
    expect(pages).toEqual([2, 2, 1]);
    expect(rows.map((i) => i.item_id)).toEqual([...ids].reverse());
    expectError(await org.api.get('/items?per_page=201'), 400, 'validation.invalid_value', 'per_page');
    expectError(await org.api.get('/items?cursor=nope'), 400, 'validation.invalid_value', 'cursor');
  });

  it("answers 404 for another organisation's item and keeps lists apart", async () => {
    const a = await t.given.org();
    const b = await t.given.org();
    const item = (await a.api.post('/items', { name: 'Mine', rate: 5 })).body.item;
    expectError(await b.api.get(`/items/${item.item_id}`), 404, 'not_found.resource', 'item_id');
    expect(await allItems(b.api)).toEqual([]);
  });

  it('logs ITEM_CREATED', async () => {
    const org = await t.given.org();
    const item = (await org.api.post('/items', { name: 'Logged', rate: 5 })).body.item;
    const res = await org.api.get(`/activity?entity_type=ITEM&entity_id=${item.item_id}`);
    expect(res.body.activity).toHaveLength(1);
    expect(res.body.activity[0]).toMatchObject({ action: 'ITEM_CREATED', entity_id: item.item_id, entity_ref: 'Logged', actor_user_id: org.userId });
  });

  it('replays POST /items sent twice with the same Idempotency-Key', async () => {
    const org = await t.given.org();
    const key = newKey();
    const first = await org.api.post('/items', { name: 'Once', rate: 1 }, { idempotencyKey: key });
    const second = await org.api.post('/items', { name: 'Once', rate: 1 }, { idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.item.item_id).toBe(first.body.item.item_id);
    expect(await allItems(org.api)).toHaveLength(1);
  });
});

describe('scopes', () => {
  it('Svc.accounts.READ covers accounts, taxes and branches; Svc.invoices covers items', async () => {
    const org = await t.given.org();
    const accountsReader = org.api.withToken((await t.given.token([org.orgId], { scopes: ['Svc.accounts.READ'], user_id: org.userId })).token);
    for (const path of ['/accounts', '/taxes', '/branches']) expect((await accountsReader.get(path)).status, path).toBe(200);
    expectError(await accountsReader.get('/items'), 403, 'authz.scope_missing');
    expectError(await accountsReader.post('/items', { name: 'x', rate: 1 }), 403, 'authz.scope_missing');

    const invoicesReader = org.api.withToken((await t.given.token([org.orgId], { scopes: ['Svc.invoices.READ'], user_id: org.userId })).token);
    expect((await invoicesReader.get('/items')).status).toBe(200);
    expectError(await invoicesReader.post('/items', { name: 'x', rate: 1 }), 403, 'authz.scope_missing');
    for (const path of ['/accounts', '/taxes', '/branches']) expectError(await invoicesReader.get(path), 403, 'authz.scope_missing');
    expect(await allItems(org.api)).toEqual([]);
  });
});
