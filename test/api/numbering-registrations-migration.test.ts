import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, insertRow, type DatabaseBefore } from '../support/migration-fixture';
import type { HttpClient } from '../support/http-client';
import { createInvoice, customer } from '../support/sales';
import { startTestAppOn, type TestApp } from '../support/test-app';

/*
 * Migration 033, run by a server starting on books written before it: Head Office and Mysuru
 * file under one GSTIN but numbered from series of their own, so both issued INV-2026-27-001
 * and CN-000001; Pune, without a GSTIN, numbers on its own. The later use of each number is
 * kept, marked legacy_duplicate and listed; the registration numbers on from its highest number.
 */

const ORG = 'org_OLD';
const KA = '29AAPFU0939F1ZR';

let before: DatabaseBefore;
let t: TestApp;
let api: HttpClient;

const series = (seriesId: string, branchId: string, documentType: string, prefix: string, padding: number, template: string, created: string) => ({
  org_id: ORG, series_id: seriesId, branch_id: branchId, series_name: 'default', label: 'Default', prefix, padding,
  format_template: template, is_default: 1, document_type: documentType, created_time: created,
});
const invoice = (invoiceId: string, number: string, branchId: string, date: string, seriesId: string | null) => ({
  org_id: ORG, invoice_id: invoiceId, invoice_number: number, branch_id: branchId, invoice_date: date, due_date: date,
  series_id: seriesId, status: 'DRAFT', currency_code: 'INR', exchange_rate_micro: 1_000_000, created_time: `${date}T04:00:00.000Z`,
});
const creditNote = (noteId: string, number: string, noteType: string, branchId: string, created: string) => ({
  org_id: ORG, credit_note_id: noteId, credit_note_number: number, note_type: noteType, branch_id: branchId, note_date: created.slice(0, 10), created_time: created,
});

beforeAll(async () => {
  before = await databaseBefore('033-numbering-registrations');
  const row = (table: string, values: Record<string, unknown>) => insertRow(before, table, values);
  await row('orgs', {
    org_id: ORG, name: 'Old Books', state_code: 'IN-KA', default_branch_id: 'br_HO', currency_code: 'INR', preferences: '{}',
    books_start_date: '2020-04-01', created_time: '2025-04-01T00:00:00.000Z',
  });
  await row('period_locks', { org_id: ORG, lock_date: null });
  await row('accounts', { org_id: ORG, account_id: 'acc_SALES', account_name: 'Sales', account_type: 'SALES', system_key: 'sales', is_active: 1 });
  await row('branches', { org_id: ORG, branch_id: 'br_HO', name: 'Head Office', state_code: 'IN-KA', gstin: KA, is_default: 1, created_time: '2025-04-01T00:00:00.000Z' });
  await row('branches', { org_id: ORG, branch_id: 'br_MY', name: 'Mysuru', state_code: 'IN-KA', gstin: KA, is_default: 0, created_time: '2025-05-01T00:00:00.000Z' });
  await row('branches', { org_id: ORG, branch_id: 'br_PN', name: 'Pune', state_code: 'IN-MH', is_default: 0, created_time: '2025-05-01T00:00:00.000Z' });
  await row('invoice_series', series('ser_HO', 'br_HO', 'invoice', 'INV-', 3, '{prefix}{fy}-{num}', '2025-04-01T00:00:00.000Z'));
  await row('invoice_series', series('ser_MY', 'br_MY', 'invoice', 'INV-', 3, '{prefix}{fy}-{num}', '2025-05-01T00:00:00.000Z'));
  await row('invoice_series', series('ser_CNHO', 'br_HO', 'credit_note', 'CN-', 6, '{prefix}{num}', '2025-04-01T00:00:00.000Z'));
  await row('invoice_series', series('ser_CNMY', 'br_MY', 'credit_note', 'CN-', 6, '{prefix}{num}', '2025-05-01T00:00:00.000Z'));
  for (const [key, next] of [['series:ser_HO:2026-27', 3], ['series:ser_MY:2026-27', 2], ['series:ser_CNHO', 2], ['series:ser_CNMY', 2]] as const) {
    await row('document_counters', { org_id: ORG, counter_key: key, next_value: next });
  }
  await row('invoices', invoice('inv_HO1', 'INV-2026-27-001', 'br_HO', '2026-05-01', 'ser_HO'));
  await row('invoices', invoice('inv_MY1', 'INV-2026-27-001', 'br_MY', '2026-05-02', 'ser_MY'));
  await row('invoices', invoice('inv_HO2', 'INV-2026-27-002', 'br_HO', '2026-05-03', 'ser_HO'));
  await row('invoices', invoice('inv_PN1', 'INV-2026-27-001', 'br_PN', '2026-05-03', null));
  // One number in two financial years is no duplicate.
  await row('invoices', invoice('inv_HOX', 'X-1', 'br_HO', '2026-03-31', null));
  await row('invoices', invoice('inv_MYX', 'X-1', 'br_MY', '2026-04-01', null));
  // Mysuru's credit note came first: Head Office's is the duplicate. Vendor credits are numbers received, not issued.
  await row('credit_notes', creditNote('cn_HO1', 'CN-000001', 'CUSTOMER', 'br_HO', '2026-05-05T04:00:00.000Z'));
  await row('credit_notes', creditNote('cn_MY1', 'CN-000001', 'CUSTOMER', 'br_MY', '2026-05-04T04:00:00.000Z'));
  await row('credit_notes', creditNote('vc_1', 'VC-000001', 'VENDOR', 'br_HO', '2026-05-04T04:00:00.000Z'));
  await row('credit_notes', creditNote('vc_2', 'VC-000001', 'VENDOR', 'br_MY', '2026-05-04T04:00:00.000Z'));
  await before.database.close();

  t = await startTestAppOn(before.testDb, {}, { logger: { level: 'error' } });
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  api = t.api.withToken((await t.given.token([ORG])).token);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('migration 033 on books numbered per branch', () => {
  it('lists each later use of a number in its registration and year, in cursor form, naming the document that keeps it', async () => {
    const first = await t.admin.get(`/orgs/${ORG}/numbering_conflicts?per_page=1`);
    expect(first.status).toBe(200);
    expect(first.body.numbering_conflicts).toEqual([{
      document_type: 'credit_note', document_id: 'cn_HO1', document_number: 'CN-000001', branch_id: 'br_HO', gstin: KA,
      financial_year: '2026-27', kept_by_document_id: 'cn_MY1', created_time: '2026-05-05T04:00:00.000Z',
    }]);
    const second = await t.admin.get(`/orgs/${ORG}/numbering_conflicts?per_page=1&cursor=${encodeURIComponent(first.body.page_context.next_cursor)}`);
    expect(second.body.numbering_conflicts).toEqual([{
      document_type: 'invoice', document_id: 'inv_MY1', document_number: 'INV-2026-27-001', branch_id: 'br_MY', gstin: KA,
      financial_year: '2026-27', kept_by_document_id: 'inv_HO1', created_time: '2026-05-02T04:00:00.000Z',
    }]);
    expect(second.body.page_context).toMatchObject({ has_more_page: false, next_cursor: null });
    expect((await t.admin.get('/orgs/org_NONE/numbering_conflicts')).status).toBe(404);
  });

  it('numbers each registration on from its highest number that year, in the shape its series had', async () => {
    const c = await customer(api, { place_of_contact: 'IN-KA' });
    const create = async (branchId: string, extra: Record<string, unknown> = {}) => {
      const res = await createInvoice(api, { customer_id: c, date: '2026-06-15', place_of_supply: 'IN-KA', branch_id: branchId, line_items: [{ name: 'Goods', rate: 100 }], ...extra });
      return res.status === 201 ? res.body.invoice.invoice_number : res.body;
    };
    expect(await create('br_MY')).toBe('INV-2026-27-003');
    expect(await create('br_HO')).toBe('INV-2026-27-004');
    // Pune's default series was virtual: it is now a row of the earlier shape, and skips the number Pune used.
    expect(await create('br_PN')).toBe('INV-2026-27-002');
    expect(await create('br_MY', { invoice_number: 'INV-2026-27-002' })).toMatchObject({ code: 'validation.invalid_value', field: 'invoice_number' });
    const listed = await api.get('/invoices/series?branchId=br_MY&transactionDate=2026-06-15');
    // 4 digits after INV-2026-27-: 9,999 a year, 4 used.
    expect(listed.body.series).toEqual([expect.objectContaining({ seriesName: 'default', prefix: 'INV-', remainingThisYear: 9_995 })]);
    expect((await api.get('/invoices/series/next-number?documentType=credit_note&branchId=br_MY&transactionDate=2026-06-15')).body.next_number).toBe('CN-000002');
  });
});
