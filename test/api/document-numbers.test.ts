import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client';
import { createInvoice, customer, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/** GST Rule 46(b): every number the service issues is at most 16 characters (docs/rules/numbering.md, "At most 16 characters"). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
});
afterAll(async () => { await t.close(); });

const DATE = '2026-06-15';
const goods = [{ name: 'Goods', hsn_or_sac: '8471', rate: 100, quantity: 1 }];
const post = (api: HttpClient, path: string, body: unknown) => api.post(path, body, { idempotencyKey: newKey() });

/**
 * Moves a counter to the value a long-used series would have reached: getting there through
 * the API would take 9,999 creates or more. The row exists once the series has numbered one document.
 */
async function counterAt(orgId: string, counterKey: string, nextValue: number) {
  const moved = await t.app.database.db.updateTable('document_counters').set({ next_value: nextValue })
    .where('org_id', '=', orgId).where('counter_key', '=', counterKey).executeTakeFirst();
  expect(Number(moved.numUpdatedRows)).toBe(1);
}

/** What a refused create must leave as it was: the documents of its kind, the journals and the counter. */
async function written(o: OrgFixture, listPath: string, listKey: string, counterKey: string) {
  const [documents, journals, counter] = await Promise.all([
    o.api.get(`${listPath}?per_page=200`),
    o.api.get('/journals?per_page=200'),
    t.app.database.db.selectFrom('document_counters').select('next_value')
      .where('org_id', '=', o.orgId).where('counter_key', '=', counterKey).executeTakeFirstOrThrow(),
  ]);
  return { documents: documents.body[listKey].length, journals: journals.body.journals.length, counter: Number(counter.next_value) };
}

const exhausted = (seriesName: string) => ({ code: 'conflict.series_exhausted', details: { series_name: seriesName } });

describe('legacy numbering for an unknown series_name', () => {
  it('is INV-YYMMDD-NNNN, 15 characters, counting per organisation and day', async () => {
    const o = await t.given.org({ state_code: 'IN-KA' });
    const other = await t.given.org({ state_code: 'IN-KA' });
    const legacy = async (org: OrgFixture, date: string) => {
      const res = await createInvoice(org.api, { customer_id: await customer(org.api), date, place_of_supply: 'IN-KA', series_name: 'nope', line_items: goods });
      expect(res.status).toBe(201);
      return res.body.invoice.invoice_number as string;
    };
    expect(await legacy(o, '2026-06-01')).toBe('INV-260601-0001');
    expect(await legacy(o, '2026-06-01')).toBe('INV-260601-0002');
    expect(await legacy(o, '2026-06-02')).toBe('INV-260602-0001');
    expect(await legacy(other, '2026-06-01')).toBe('INV-260601-0001');
    const next = await o.api.get('/invoices/series/next-number?series=nope&transactionDate=2026-06-02');
    expect(next.body).toMatchObject({ next_number: 'INV-260602-0002', series: 'nope' });

    // The 99,999th number of a day is the last of 16 characters.
    await counterAt(o.orgId, 'legacy-invoice:2026-06-02', 99_999);
    expect(await legacy(o, '2026-06-02')).toBe('INV-260602-99999');
    const before = await written(o, '/invoices', 'invoices', 'legacy-invoice:2026-06-02');
    const refused = await createInvoice(o.api, { customer_id: await customer(o.api), date: '2026-06-02', place_of_supply: 'IN-KA', series_name: 'nope', line_items: goods });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject(exhausted('nope'));
    expect(await written(o, '/invoices', 'invoices', 'legacy-invoice:2026-06-02')).toEqual(before);
  });
});

describe('invoice series within 16 characters', () => {
  it('issues the last 16-character number, then answers 409 naming the series and writes nothing', async () => {
    const o = await t.given.org({ state_code: 'IN-KA' });
    // ABCD + 2026-27 + - leaves exactly the 4 digits a series needs.
    const created = await o.api.post('/invoices/series', { series_name: 'long', prefix: 'ABCD', padding: 4, transaction_date: DATE });
    expect(created.status).toBe(201);
    const body = { customer_id: await customer(o.api), date: DATE, place_of_supply: 'IN-KA', series_name: 'long', auto_approve: true, line_items: goods };
    expect((await createInvoice(o.api, body)).body.invoice.invoice_number).toBe('ABCD2026-27-0001');

    const counterKey = `series:${created.body.series.id}:2026-27`;
    await counterAt(o.orgId, counterKey, 9999);
    const nextNumber = () => o.api.get(`/invoices/series/next-number?series=long&transactionDate=${DATE}`);
    expect((await nextNumber()).body.next_number).toBe('ABCD2026-27-9999');
    expect((await createInvoice(o.api, body)).body.invoice.invoice_number).toBe('ABCD2026-27-9999');

    const before = await written(o, '/invoices', 'invoices', counterKey);
    expect(before.counter).toBe(10_000);
    const refused = await createInvoice(o.api, body);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject(exhausted('long'));
    expect(await written(o, '/invoices', 'invoices', counterKey)).toEqual(before);
    // The next number is not shown when it cannot be issued.
    expect((await nextNumber()).body).toMatchObject(exhausted('long'));
  });

  it.each([
    // ABCDE2026-27- is 13 characters: 3 left for the counter.
    [{ prefix: 'ABCDE' }, 'prefix'],
    // 2026-27//GSTIN is 14 characters whatever the prefix: 2 left at most.
    [{ prefix: 'AB', format_template: '{prefix}{fy}/{num}/GSTIN' }, 'format_template'],
    // ABCD2026-27- leaves 4, fewer than the padding.
    [{ prefix: 'ABCD', padding: 5 }, 'padding'],
    [{ prefix: 'A', format_template: '{prefix}{num}-{num}' }, 'format_template'],
    [{ prefix: 'A', format_template: '{prefix} {fy} {num}' }, 'format_template'],
  ])('refuses a series that cannot issue Rule 46(b) numbers: %o is 400 on %s', async (shape, field) => {
    const o = await t.given.org();
    const res = await o.api.post('/invoices/series', { series_name: 'bad', transaction_date: DATE, ...shape });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation.invalid_value', field });
    const listed = await o.api.get(`/invoices/series?transactionDate=${DATE}`);
    expect(listed.body.series.map((s: { seriesName: string }) => s.seriesName)).toEqual(['default']);
  });
});

/**
 * The documents numbered within 16 characters: issued ones from the default series of their
 * document_type (a new organisation's: prefix, year, 5 digits that grow, counting per year),
 * those received from a per-organisation counter (prefix and six digits that grow). Each row:
 * its first number, and its last, of 16 characters.
 */
const counted = [
  // The 10,000th invoice of a year fits, as do the 999,999th: Rule 46(b)'s 16 characters.
  { counter: 'invoice', documentType: 'invoice', path: '/invoices', key: 'invoice', first: 'INV-26-27-00001', last: 'INV-26-27-999999', lastValue: 999_999,
    body: async (api: HttpClient) => ({ customer_id: await customer(api), date: DATE, place_of_supply: 'IN-KA', line_items: goods }) },
  { counter: 'estimate', documentType: 'estimate', path: '/estimates', key: 'estimate', first: 'EST-26-27-00001', last: 'EST-26-27-999999', lastValue: 999_999,
    body: async (api: HttpClient) => ({ customer_id: await customer(api), date: DATE, line_items: goods }) },
  { counter: 'sales-order', documentType: 'sales_order', path: '/sales_orders', key: 'sales_order', first: 'SO-26-27-00001', last: 'SO-26-27-9999999', lastValue: 9_999_999,
    body: async (api: HttpClient) => ({ customer_id: await customer(api), date: DATE, line_items: goods }) },
  { counter: 'purchase-order', documentType: 'purchase_order', path: '/purchase_orders', key: 'purchase_order', first: 'PO-26-27-00001', last: 'PO-26-27-9999999', lastValue: 9_999_999,
    body: async (api: HttpClient) => ({ vendor_id: await vendor(api, { place_of_contact: 'IN-KA' }), date: DATE, line_items: goods }) },
  { counter: 'credit-note', documentType: 'credit_note', path: '/credit_notes', key: 'credit_note', first: 'CN-26-27-00001', last: 'CN-26-27-9999999', lastValue: 9_999_999,
    body: async (api: HttpClient) => ({ customer_id: await customer(api), date: DATE, line_items: goods }) },
  { counter: 'debit-note', path: '/debit_notes', key: 'debit_note', first: 'DN-000001', last: 'DN-9999999999999', lastValue: 9_999_999_999_999,
    body: async (api: HttpClient) => ({ vendor_id: await vendor(api), date: DATE, line_items: goods }) },
  // A bill sent without the vendor's number takes one of ours.
  { counter: 'bill', path: '/bills', key: 'bill', first: 'BILL-000001', last: 'BILL-99999999999', lastValue: 99_999_999_999,
    body: async (api: HttpClient) => ({ vendor_id: await vendor(api), date: DATE, place_of_supply: 'IN-KA', auto_approve: true, reference_number: newKey().slice(-12), line_items: goods }) },
];

/** The counter a row's documents take: its registration's default series' for the year, else its own. */
async function counterKeyOf(orgId: string, kind: (typeof counted)[number]) {
  if (!('documentType' in kind)) return kind.counter;
  const series = await t.app.database.db.selectFrom('invoice_series').select('series_id').where('org_id', '=', orgId)
    .where('document_type', '=', kind.documentType!).where('series_name', '=', 'default').executeTakeFirstOrThrow();
  return `series:${series.series_id}:2026-27`;
}

describe('documents numbered within 16 characters', () => {
  it.each(counted)('$path: $first up to $last, then 409 naming its series with nothing written', async (kind) => {
    const o = await t.given.org({ state_code: 'IN-KA' });
    const create = async () => post(o.api, kind.path, await kind.body(o.api));
    const numberOf = (res: { status: number; body: Record<string, Record<string, string>> }) => {
      expect(res.status).toBe(201);
      return res.body[kind.key]![`${kind.key}_number`];
    };
    expect(numberOf(await create())).toBe(kind.first);
    const counterKey = await counterKeyOf(o.orgId, kind);
    await counterAt(o.orgId, counterKey, kind.lastValue);
    expect(numberOf(await create())).toBe(kind.last);
    expect(kind.last).toHaveLength(16);

    const before = await written(o, kind.path, `${kind.key}s`, counterKey);
    const refused = await create();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject(exhausted('documentType' in kind ? 'default' : kind.counter));
    expect(await written(o, kind.path, `${kind.key}s`, counterKey)).toEqual(before);
  });

  it('invoices: the default series and legacy numbers start within 16 characters', async () => {
    const o = await t.given.org({ state_code: 'IN-KA' });
    const body = { customer_id: await customer(o.api), date: DATE, place_of_supply: 'IN-KA', line_items: goods };
    expect((await createInvoice(o.api, body)).body.invoice.invoice_number).toBe('INV-26-27-00001');
    expect((await createInvoice(o.api, { ...body, series_name: 'rcm' })).body.invoice.invoice_number).toBe('INV-260615-0001');
  });
});

describe('numbering per registration (Rule 46(b): a number once per GSTIN, document type and year)', () => {
  // AAPFU0939F's registrations in Karnataka and Maharashtra.
  const KA = '29AAPFU0939F1ZR';
  const MH = '27AAPFU0939F1ZV';
  const numberOf = (res: { status: number; body: Record<string, Record<string, string>> }, key: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body[key]![`${key}_number`];
  };
  /** An organisation without a GSTIN of its own: Mysuru and Hubli share Karnataka's GSTIN, Pune has Maharashtra's. */
  async function registrations() {
    const o = await t.given.org({ state_code: 'IN-KA' });
    const branch = async (name: string, state_code: string, gstin: string) =>
      (await t.admin.post(`/orgs/${o.orgId}/branches`, { name, state_code, gstin })).body.branch.branch_id as string;
    return { o, mysuru: await branch('Mysuru', 'IN-KA', KA), hubli: await branch('Hubli', 'IN-KA', KA), pune: await branch('Pune', 'IN-MH', MH) };
  }

  it('branches under one GSTIN draw from one counter; a branch with a GSTIN of its own, or none, numbers on its own', async () => {
    const { o, mysuru, hubli, pune } = await registrations();
    const c = await customer(o.api, { place_of_contact: 'IN-KA' });
    const invoice = (branchId: string | null, extra: Record<string, unknown> = {}) =>
      createInvoice(o.api, { customer_id: c, date: DATE, place_of_supply: 'IN-KA', line_items: goods, ...(branchId && { branch_id: branchId }), ...extra });
    expect(numberOf(await invoice(mysuru), 'invoice')).toBe('INV-26-27-00001');
    expect(numberOf(await invoice(hubli), 'invoice')).toBe('INV-26-27-00002');
    expect(numberOf(await invoice(mysuru), 'invoice')).toBe('INV-26-27-00003');
    expect(numberOf(await invoice(pune), 'invoice')).toBe('INV-26-27-00001');
    expect(numberOf(await invoice(null), 'invoice')).toBe('INV-26-27-00001');
    const note = (branchId: string) => post(o.api, '/credit_notes', { customer_id: c, date: DATE, line_items: goods, branch_id: branchId });
    expect(numberOf(await note(hubli), 'credit_note')).toBe('CN-26-27-00001');
    expect(numberOf(await note(mysuru), 'credit_note')).toBe('CN-26-27-00002');

    // A number given explicitly is refused where the registration used it, whichever branch did.
    const taken = await invoice(mysuru, { invoice_number: 'INV-26-27-00002' });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ code: 'validation.invalid_value', field: 'invoice_number' });
    expect(numberOf(await invoice(pune, { invoice_number: 'INV-26-27-00002' }), 'invoice')).toBe('INV-26-27-00002');
    // Pune's series skips the number given there.
    expect(numberOf(await invoice(pune), 'invoice')).toBe('INV-26-27-00003');

    expect((await o.api.get(`/invoices/series/next-number?branchId=${hubli}&transactionDate=${DATE}`)).body.next_number).toBe('INV-26-27-00004');
    // 999,999 numbers a year, 3 used by the Karnataka registration; none yet of its estimates' virtual default.
    expect((await o.api.get(`/invoices/series?branchId=${hubli}&transactionDate=${DATE}`)).body.series)
      .toEqual([expect.objectContaining({ seriesName: 'default', prefix: 'INV-', remainingThisYear: 999_996 })]);
    expect((await o.api.get(`/invoices/series?branchId=${hubli}&transactionDate=${DATE}&documentType=estimate`)).body.series)
      .toEqual([expect.objectContaining({ seriesName: 'default', prefix: 'EST-', remainingThisYear: 999_999 })]);
  });

  it("a series is its registration's: made at one branch, used at another; one that could repeat another's numbers is 400 on prefix", async () => {
    const { o, mysuru, hubli, pune } = await registrations();
    const c = await customer(o.api, { place_of_contact: 'IN-KA' });
    const series = (body: Record<string, unknown>) => o.api.post('/invoices/series', { padding: 4, transaction_date: DATE, ...body });
    expect((await series({ series_name: 'export', prefix: 'EXP-', branch_id: mysuru })).status).toBe(201);
    const exportInvoice = (branchId: string) => createInvoice(o.api, { customer_id: c, date: DATE, place_of_supply: 'IN-KA', series_name: 'export', branch_id: branchId, line_items: goods });
    expect(numberOf(await exportInvoice(hubli), 'invoice')).toBe('EXP-2026-27-0001');
    expect(numberOf(await exportInvoice(mysuru), 'invoice')).toBe('EXP-2026-27-0002');

    const sameNumbers = await series({ series_name: 'export2', prefix: 'EXP-', branch_id: hubli });
    expect(sameNumbers.status).toBe(400);
    expect(sameNumbers.body).toMatchObject({ code: 'validation.invalid_value', field: 'prefix', details: { series_name: 'export', number: 'EXP-2026-27-0000' } });
    expect((await series({ series_name: 'export', prefix: 'EXX-', branch_id: hubli })).body).toMatchObject({ code: 'validation.invalid_value', field: 'series_name' });
    // INV-26-27-1 and four digits are numbers of the default series too, virtual as it still is in Pune.
    const intoDefault = await series({ series_name: 'tenk', prefix: 'INV-', format_template: '{prefix}{fy_short}-1{num}', branch_id: pune });
    expect(intoDefault.status).toBe(400);
    expect(intoDefault.body).toMatchObject({ field: 'prefix', details: { series_name: 'default', number: 'INV-26-27-10000' } });
    // Another registration may have a series like Karnataka's.
    expect((await series({ series_name: 'export2', prefix: 'EXP-', branch_id: pune })).status).toBe(201);
    const listed = await o.api.get(`/invoices/series?branchId=${hubli}&transactionDate=${DATE}`);
    expect(listed.body.series.map((s: { seriesName: string; remainingThisYear: number }) => [s.seriesName, s.remainingThisYear]))
      .toEqual([['default', 999_999], ['export', 9_997]]);
  });
});

describe('numbers recorded from others', () => {
  it("take a vendor's bill_number of up to 50 characters", async () => {
    const o = await t.given.org({ state_code: 'IN-KA' });
    const bill = async (billNumber: string) => post(o.api, '/bills', {
      vendor_id: await vendor(o.api), date: DATE, place_of_supply: 'IN-KA', bill_number: billNumber, line_items: goods,
    });
    const fifty = 'VENDOR/2026-27/'.padEnd(50, '7');
    const accepted = await bill(fifty);
    expect(accepted.status).toBe(201);
    expect(accepted.body.bill.bill_number).toBe(fifty);
    const refused = await bill(`${fifty}8`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation.invalid_value', field: 'bill_number' });
  });
});
