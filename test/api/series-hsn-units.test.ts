import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import type { HttpClient } from '../support/http-client';
import { createInvoice, customer, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/**
 * Series per document type and branch; HSN/SAC codes and the hsnDigits preference
 * (Notification 78/2020-CT); GST units (UQC) on items and lines.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
});
afterAll(async () => { await t.close(); });

const DATE = '2026-06-15';
const post = (api: HttpClient, path: string, body: unknown) => api.post(path, body, { idempotencyKey: newKey() });
const GSTIN_KA = '29AAACR5055K1Z3';
const b2bCustomer = (api: HttpClient) => customer(api, { gst_no: GSTIN_KA, gst_treatment: 'REGISTERED', place_of_contact: 'IN-KA' });
const b2cCustomer = (api: HttpClient) => customer(api, { place_of_contact: 'IN-KA' });
const numberOf = (res: { status: number; body: Record<string, Record<string, string>> }, key: string) => {
  expect(res.status).toBe(201);
  return res.body[key]![`${key}_number`];
};

describe('series per document type and branch', () => {
  it('credit notes, estimates and orders number from their own series, per registration (a branch without a GSTIN on its own); invoices keep theirs', async () => {
    const o = await t.given.org({ state_code: 'IN-KA' });
    const pune = (await t.admin.post(`/orgs/${o.orgId}/branches`, { name: 'Pune', state_code: 'IN-MH' })).body.branch.branch_id;
    const c = await b2cCustomer(o.api);
    const v = await vendor(o.api, { place_of_contact: 'IN-KA' });
    const lines = [{ name: 'Consulting', hsn_or_sac: '998311', rate: 100 }];
    const note = (branchId?: string) => post(o.api, '/credit_notes', { customer_id: c, date: DATE, line_items: lines, ...(branchId && { branch_id: branchId }) });

    expect(numberOf(await note(), 'credit_note')).toBe('CN-26-27-00001');
    expect(numberOf(await note(), 'credit_note')).toBe('CN-26-27-00002');
    expect(numberOf(await note(pune), 'credit_note')).toBe('CN-26-27-00001');
    expect(numberOf(await post(o.api, '/estimates', { customer_id: c, date: DATE, line_items: lines, branch_id: pune }), 'estimate')).toBe('EST-26-27-00001');
    expect(numberOf(await post(o.api, '/estimates', { customer_id: c, date: DATE, line_items: lines }), 'estimate')).toBe('EST-26-27-00001');
    expect(numberOf(await post(o.api, '/sales_orders', { customer_id: c, date: DATE, line_items: lines }), 'sales_order')).toBe('SO-26-27-00001');
    expect(numberOf(await post(o.api, '/purchase_orders', { vendor_id: v, date: DATE, line_items: lines }), 'purchase_order')).toBe('PO-26-27-00001');
    // The invoice series did not move: credit notes no longer share anything with it.
    expect((await createInvoice(o.api, { customer_id: c, date: DATE, place_of_supply: 'IN-KA', line_items: lines })).body.invoice.invoice_number).toBe('INV-26-27-00001');

    // A vendor's credit is a document received: its reference never takes a number of the credit-note series.
    expect(numberOf(await post(o.api, '/credit_notes', { customer_id: v, date: DATE, line_items: [{ name: 'Return', rate: 50 }] }), 'credit_note')).toBe('VC-000001');
    expect((await o.api.get(`/invoices/series/next-number?documentType=credit_note&transactionDate=${DATE}`)).body)
      .toMatchObject({ next_number: 'CN-26-27-00003', series: 'default', document_type: 'credit_note' });
    expect((await o.api.get(`/invoices/series/next-number?documentType=credit_note&branchId=${pune}&transactionDate=${DATE}`)).body.next_number).toBe('CN-26-27-00002');
    await expectBooksBalanced(o.api);
  });

  it('creates a series of a document type, lists and peeks by it, and numbers that type with it', async () => {
    const o = await t.given.org({ state_code: 'IN-KA' });
    const created = await o.api.post('/invoices/series', { series_name: 'default', document_type: 'credit_note', prefix: 'CRN/', transaction_date: DATE });
    expect(created.status).toBe(201);
    expect(created.body.series).toMatchObject({ series_name: 'default', prefix: 'CRN/', document_type: 'credit_note', padding: 3 });
    // The invoice default of the same name is another series.
    const sameName = await o.api.post('/invoices/series', { series_name: 'export', prefix: 'EXP-', transaction_date: DATE });
    expect(sameName.body.series).toMatchObject({ document_type: 'invoice' });

    const credit = await o.api.get(`/invoices/series?documentType=credit_note&transactionDate=${DATE}`);
    expect(credit.body.series).toEqual([expect.objectContaining({ seriesName: 'default', prefix: 'CRN/', isDefault: true, documentType: 'credit_note' })]);
    const invoices = await o.api.get(`/invoices/series?transactionDate=${DATE}`);
    expect(invoices.body.series.map((s: { seriesName: string; documentType: string }) => `${s.seriesName} ${s.documentType}`).sort())
      .toEqual(['default invoice', 'export invoice']);
    const estimates = await o.api.get(`/invoices/series?documentType=estimate&transactionDate=${DATE}`);
    expect(estimates.body.series).toEqual([expect.objectContaining({ seriesName: 'default', prefix: 'EST-', documentType: 'estimate' })]);

    expect((await o.api.get(`/invoices/series/next-number?documentType=credit_note&transactionDate=${DATE}`)).body.next_number).toBe('CRN/2026-27-001');
    const c = await b2cCustomer(o.api);
    expect(numberOf(await post(o.api, '/credit_notes', { customer_id: c, date: DATE, line_items: [{ name: 'Refund', hsn_or_sac: '8471', rate: 10 }] }), 'credit_note')).toBe('CRN/2026-27-001');
    expect((await o.api.get(`/invoices/series/next-number?documentType=estimate&series=nope&transactionDate=${DATE}`)).body)
      .toMatchObject({ code: 'validation.invalid_value', field: 'series' });
    const bad = await o.api.post('/invoices/series', { series_name: 'x', document_type: 'payment_voucher', prefix: 'PV-', transaction_date: DATE });
    expect(bad.status).toBe(400);
    await expectBooksBalanced(o.api);
  });
});

describe('HSN/SAC and the hsnDigits preference (Notification 78/2020-CT)', () => {
  const setDigits = (o: OrgFixture, hsnDigits: unknown) => t.admin.put(`/orgs/${o.orgId}/preferences`, { hsnDigits });
  const invoice = (o: OrgFixture, customerId: string, line: Record<string, unknown>) =>
    createInvoice(o.api, { customer_id: customerId, date: DATE, place_of_supply: 'IN-KA', line_items: [{ name: 'Goods', rate: 100, ...line }] });

  it('is 4 by default, takes 6 and 8, and refuses anything else', async () => {
    const o = await t.given.org({ state_code: 'IN-KA' });
    expect((await setDigits(o, 6)).body.preferences).toMatchObject({ hsnDigits: 6 });
    expect((await setDigits(o, 8)).body.preferences).toMatchObject({ hsnDigits: 8 });
    for (const wrong of [5, 2, '6', null]) {
      const res = await setDigits(o, wrong);
      expect(res.status).toBe(400);
    }
    const fresh = await t.given.org({ state_code: 'IN-KA' });
    expect((await t.admin.put(`/orgs/${fresh.orgId}/preferences`, {})).body.preferences).toMatchObject({ hsnDigits: 4 });
  });

  it('with 4, a B2B line carries at least 4 digits; a B2C line may go without', async () => {
    const o = await t.given.org({ state_code: 'IN-KA' });
    const b2b = await b2bCustomer(o.api);
    const missing = await invoice(o, b2b, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'validation.required_field', field: 'line_items[0].hsn_or_sac', message: expect.stringContaining('hsnDigits 4') });
    expect((await invoice(o, b2b, { hsn_or_sac: '8471' })).status).toBe(201);
    expect((await invoice(o, await b2cCustomer(o.api), {})).status).toBe(201);
    const note = await post(o.api, '/credit_notes', { customer_id: b2b, date: DATE, line_items: [{ name: 'Refund', rate: 10 }] });
    expect(note.body).toMatchObject({ code: 'validation.required_field', field: 'line_items[0].hsn_or_sac' });
    expect((await o.api.get('/invoices?per_page=200')).body.invoices).toHaveLength(2);
    await expectBooksBalanced(o.api);
  });

  it('with 6, every line carries at least 6 digits, B2C too', async () => {
    const o = await t.given.org({ state_code: 'IN-KA' });
    await setDigits(o, 6);
    const b2c = await b2cCustomer(o.api);
    const short = await invoice(o, b2c, { hsn_or_sac: '8471' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[0].hsn_or_sac', message: expect.stringContaining('hsnDigits 6') });
    expect((await invoice(o, b2c, {})).body).toMatchObject({ code: 'validation.required_field', field: 'line_items[0].hsn_or_sac' });
    expect((await invoice(o, b2c, { hsn_or_sac: '847130' })).status).toBe(201);
    // An item's code counts as the line's.
    const item = await o.api.post('/items', { name: 'Mouse', rate: 50, hsn_sac: '8471' });
    const fromItem = await createInvoice(o.api, { customer_id: b2c, date: DATE, place_of_supply: 'IN-KA', line_items: [{ item_id: item.body.item.item_id }] });
    expect(fromItem.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[0].hsn_or_sac' });
    await expectBooksBalanced(o.api);
  });

  it('checks the format wherever a code is given: 4, 6 or 8 digits, no chapter 00, SAC (99) for services only', async () => {
    const o = await t.given.org({ state_code: 'IN-KA' });
    const c = await b2cCustomer(o.api);
    for (const code of ['0000', '12345', '8471301', 'ABCD']) {
      const res = await invoice(o, c, { hsn_or_sac: code });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[0].hsn_or_sac' });
      const item = await o.api.post('/items', { name: 'X', rate: 1, hsn_sac: code });
      expect(item.body).toMatchObject({ code: 'validation.invalid_value', field: 'hsn_sac' });
    }
    expect((await o.api.post('/items', { name: 'Audit', type: 'SERVICE', rate: 1, hsn_sac: '8471' })).body).toMatchObject({ field: 'hsn_sac', message: expect.stringContaining('99') });
    expect((await o.api.post('/items', { name: 'Disk', type: 'GOODS', rate: 1, hsn_sac: '998311' })).body).toMatchObject({ field: 'hsn_sac', message: expect.stringContaining('SAC') });
    const service = await o.api.post('/items', { name: 'Audit', type: 'SERVICE', rate: 1, hsn_sac: '998222' });
    const goodsCode = await invoice(o, c, { item_id: service.body.item.item_id, hsn_or_sac: '8471' });
    expect(goodsCode.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[0].hsn_or_sac' });
    expect((await o.api.get('/invoices?per_page=200')).body.invoices).toHaveLength(0);
  });
});

describe('GST units (UQC)', () => {
  it('items and lines carry a listed unit (upper-cased, lines defaulting from the item); a service without one reports NA', async () => {
    const o = await t.given.org({ state_code: 'IN-KA' });
    const rice = await o.api.post('/items', { name: 'Rice', rate: 60, hsn_sac: '1006', unit: 'kgs' });
    expect(rice.body.item).toMatchObject({ type: 'GOODS', unit: 'KGS' });
    const audit = await o.api.post('/items', { name: 'Audit', rate: 1000, hsn_sac: '998222', unit: 'KGS' });
    expect(audit.body.item).toMatchObject({ type: 'SERVICE', unit: 'KGS' });
    const unknown = await o.api.post('/items', { name: 'Oil', type: 'GOODS', rate: 1, unit: 'KG' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'validation.invalid_value', field: 'unit', details: { accepted: ['KGS', 'KLR', 'KME'] } });

    const c = await b2bCustomer(o.api);
    const res = await createInvoice(o.api, {
      customer_id: c, date: DATE, place_of_supply: 'IN-KA', auto_approve: true, line_items: [
        { item_id: rice.body.item.item_id, quantity: 2 },
        { item_id: rice.body.item.item_id, quantity: 1, unit: 'bag' },
        { item_id: audit.body.item.item_id },
        { name: 'Installation', hsn_or_sac: '998713', rate: 500, unit: 'hrs' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.invoice.line_items.map((l: { unit: string }) => l.unit)).toEqual(['KGS', 'BAG', 'KGS', 'NA']);
    expect(res.body.invoice.sub_total).toBe(1680); // 2 × 60 + 60 + 1000 + 500

    const wrong = await createInvoice(o.api, { customer_id: c, date: DATE, place_of_supply: 'IN-KA', line_items: [{ name: 'Wire', hsn_or_sac: '8544', rate: 5, unit: 'lot' }] });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items[0].unit', message: expect.stringContaining('nearest') });
    expect((await o.api.get('/invoices?per_page=200')).body.invoices).toHaveLength(1);
    expect(await t.app.reports.verify(o.orgId)).toEqual([]);
    await expectBooksBalanced(o.api);
  });
});
