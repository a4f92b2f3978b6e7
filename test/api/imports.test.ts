import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { gstOrg } from '../support/gst-documents';
import { importErrors, runImport, uploadImport } from '../support/imports';
import { startTestApp, type TestApp } from '../support/test-app';
import { xlsxOf } from '../support/xlsx';

/* File imports (docs/rules/imports.md): the run, its counts and errors, row keys, refusals and scopes. */

let t: TestApp;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/imports', name));

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2025-06-20T06:00:00Z'));
});
afterAll(async () => { await t.close(); });

describe('contacts from a CSV with the mistakes people make', () => {
  it('creates the good rows, lists the bad one with its column, and a second run finds them all imported', async () => {
    const o = await gstOrg(t);
    const run = await runImport(o.api, fixture('contacts.csv'), 'contacts.csv', { kind: 'contacts' });
    expect(run).toMatchObject({ status: 'COMPLETED', kind: 'contacts', format: 'csv', total_rows: 4, processed_rows: 4, created: 3, already_imported: 0, failed: 1 });
    const errors = await importErrors(o.api, run.import_id);
    expect(errors).toEqual([{ row: 4, source: 'row 4', column: 'email', code: 'validation.invalid_value', field: 'email', message: expect.any(String), outcome: 'failed' }]);

    const listed = (await o.api.get('/contacts?search=Ravi')).body.contacts as Json[];
    // The lower-case GSTIN upper-cased; the blank state is the GSTIN's (29, Karnataka); the ' before + taken off.
    expect(listed[0]).toMatchObject({ contact_name: 'Ravi Traders', contact_type: 'CUSTOMER', gst_no: '29AAACR5055K1Z3', phone: '+91 98450 00001', payment_terms: 30 });
    expect(listed[0]!.billing_address.state_code).toMatch(/29|KA|Karnataka/);

    const again = await runImport(o.api, fixture('contacts.csv'), 'contacts.csv', { kind: 'contacts' });
    expect(again).toMatchObject({ status: 'COMPLETED', created: 0, already_imported: 3, failed: 1 });
    const csv = await o.api.get(`/imports/${again.import_id}/errors?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.body).toMatch(/^row,column,code,field,message,outcome\r\n/);
    expect(csv.body).toContain('\r\n4,email,validation.invalid_value,email,');
    expect(String(csv.body).match(/,already_imported\r\n/g)).toHaveLength(3);
  });
});

describe('invoices from a CSV: through the same create path as POST /invoices', () => {
  let o: Awaited<ReturnType<typeof gstOrg>>;
  let run: Json;
  beforeAll(async () => {
    o = await gstOrg(t);
    const customer = await o.api.post('/contacts', { contact_name: 'Raman Traders', contact_type: 'CUSTOMER', gst_no: '29AAACR5055K1Z3' });
    expect(customer.status).toBe(201);
    const taxes = (await o.api.get('/taxes')).body.taxes as Json[];
    const tax = (p: number) => taxes.find((x) => x.tax_percentage === p)!.tax_id as string;
    const made = await o.api.post('/invoices', {
      customer_id: customer.body.contact.contact_id, date: '2025-06-05', place_of_supply: '29', invoice_number: 'API-0001', auto_approve: true,
      line_items: [
        { name: 'Laptop stand, aluminium', hsn_or_sac: '8473', quantity: 2, rate: 1499.5, discount: 100, tax_id: tax(18) },
        { name: 'Installation service', hsn_or_sac: '998713', quantity: 3, rate: 1200, tax_id: tax(12) },
      ],
    }, { idempotencyKey: `inv-${o.orgId}` });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    run = await runImport(o.api, fixture('invoices.csv'), 'invoices.csv', { kind: 'invoices' });
  });

  it('groups the lines of a number into one invoice, keeps its number, and taxes it as the API does', async () => {
    // Seven documents: INV/25/001 (two rows), INV/25/002 made; the long number, the number the API used,
    // the row before the books start and the unknown customer refused.
    expect(run).toMatchObject({ status: 'COMPLETED', total_rows: 6, processed_rows: 6, created: 2, failed: 4 });
    const listed = (await o.api.get('/invoices')).body.invoices as Json[];
    const imported = listed.find((i) => i.invoice_number === 'INV/25/001')!;
    const api = listed.find((i) => i.invoice_number === 'API-0001')!;
    // 2 × 1,499.50 − 100 = 2,899 at 18% (CGST 260.91 + SGST 260.91); 3 × 1,200 = 3,600 at 12% (216 + 216):
    // 6,499 + 953.82 = 7,452.82.
    // The dates as written, 05/06/2025 and 05-07-25: day first.
    expect(imported).toMatchObject({ date: '2025-06-05T00:00:00', due_date: '2025-07-05T00:00:00', sub_total: 6499, tax_total: 953.82 });
    for (const key of ['sub_total', 'tax_total', 'cgst_total', 'sgst_total', 'igst_total', 'round_off', 'total']) expect(imported[key], key).toEqual(api[key]);
    const journals = async (id: string) => ((await o.api.get(`/journals?source_id=${id}`)).body.journals as Json[])[0]!.lines.map((l: Json) => [l.account_name, l.debit, l.credit]);
    expect(await journals(imported.invoice_id)).toEqual(await journals(api.invoice_id));
  });

  it('lists each refused row with its column, code and field', async () => {
    const errors = await importErrors(o.api, run.import_id);
    expect(errors.map((e) => [e.row, e.column, e.code, e.field, e.outcome])).toEqual([
      [5, 'invoice_number', 'validation.invalid_value', 'invoice_number', 'failed'],
      [6, 'invoice_number', 'validation.invalid_value', 'invoice_number', 'failed'],
      [7, 'date', expect.any(String), 'date', 'failed'],
      [8, 'customer', 'not_found.resource', 'customer_id', 'failed'],
    ]);
    expect(errors.map((e) => e.message)).toEqual([
      'invoice_number must be at most 16 characters long (it has 23)',
      "invoice_number API-0001 is already used this financial year under this branch's registration (GSTIN)",
      'date 2020-03-15 is before the books start date 2020-04-01',
      'no contact is named "Nobody Known"',
    ]);
    await expectBooksBalanced(o.api);
  });

  it('a second run writes nothing and reports every invoice already imported', async () => {
    const again = await runImport(o.api, fixture('invoices.csv'), 'invoices.csv', { kind: 'invoices' });
    expect(again).toMatchObject({ status: 'COMPLETED', created: 0, already_imported: 2, failed: 4 });
  });
});

describe('a dry run', () => {
  it('checks every row through the create path, writes nothing, and lists the errors', async () => {
    const o = await gstOrg(t);
    const run = await runImport(o.api, fixture('journals.csv').toString().replace('"1,00,000.00"', '"99,999"'), 'journals.csv', { kind: 'journals', dry_run: 'true' });
    // JV-1 does not balance (1,00,000 against 99,999); JV-2 would be made.
    expect(run).toMatchObject({ status: 'COMPLETED', dry_run: true, created: 1, failed: 1 });
    expect((await importErrors(o.api, run.import_id)).map((e) => [e.row, e.outcome])).toEqual([[2, 'failed']]);
    expect(((await o.api.get('/journals')).body.journals as Json[]).filter((j) => j.source === 'MANUAL')).toEqual([]);
  });
});

describe('journals', () => {
  it('accounts by name (case aside) or code; lakh grouping read to the paisa', async () => {
    const o = await gstOrg(t);
    const run = await runImport(o.api, fixture('journals.csv'), 'journals.csv', { kind: 'journals' });
    expect(run).toMatchObject({ status: 'COMPLETED', created: 2, failed: 0 });
    const bank = ((await o.api.get('/accounts')).body.accounts as Json[]).find((a) => a.account_name === 'Bank')!;
    // 1,00,000 in, 250 out.
    const tb = (await o.api.get('/reports/trial_balance')).body;
    expect(JSON.stringify(tb)).toContain(bank.account_id);
    await expectBooksBalanced(o.api);
  });
});

describe('files refused whole: 400 on file, naming the row, nothing stored', () => {
  it.each([
    ['not text', Buffer.from([0x00, 0xff, 0x13, 0x37]), 'x.csv', { kind: 'contacts' }, 'file', /file: the file is not UTF-8 text/],
    ['no template column', 'Foo,Bar\nA,1\n', 'x.csv', { kind: 'contacts' }, 'file', /row 1: the header row has none of the contacts template's columns/],
    ['a mapping naming an absent column', 'contact_name\nA\n', 'x.csv', { kind: 'contacts', mapping: '{"email":"E-mail"}' }, 'file', /row 1: the mapping names "E-mail" for email/],
    ['a required column missing', 'invoice_number,date\nINV-1,01/06/2025\n', 'x.csv', { kind: 'invoices' }, 'file', /row 1: the header row has no customer column/],
    ['an unknown kind', 'contact_name\nA\n', 'x.csv', { kind: 'widgets' }, 'kind', /./],
  ] as const)('%s', async (_name, file, fileName, fields, field, message) => {
    const o = await gstOrg(t);
    const res = await uploadImport(o.api, file, fileName, fields);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toMatch(message);
    expect((await o.api.get('/imports')).body.imports).toEqual([]);
  });
});

describe('XLSX with a column mapping', () => {
  it('reads the first sheet, the mapping naming the file\'s headers', async () => {
    const o = await gstOrg(t);
    const file = xlsxOf([
      ['Party Name', 'GSTIN', 'Credit Days'],
      ['Lakshmi Stores', '29aaacr5055k1z3', { number: '45' }],
    ]);
    const run = await runImport(o.api, file, 'parties.xlsx', { kind: 'contacts', mapping: JSON.stringify({ contact_name: 'Party Name', gst_no: 'GSTIN', payment_terms: 'Credit Days' }) });
    expect(run).toMatchObject({ status: 'COMPLETED', format: 'xlsx', created: 1, failed: 0 });
    const contact = ((await o.api.get('/contacts?search=Lakshmi')).body.contacts as Json[])[0]!;
    expect(contact).toMatchObject({ contact_name: 'Lakshmi Stores', payment_terms: 45 });
  });
});

describe('access', () => {
  it("needs the kind's CREATE scope (403), and another organisation's import is 404", async () => {
    const o = await gstOrg(t, { scopes: ['Svc.invoices.CREATE', 'Svc.invoices.READ'] });
    const refused = await uploadImport(o.api, fixture('contacts.csv'), 'contacts.csv', { kind: 'contacts' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('authz.scope_missing');
    const other = await gstOrg(t);
    const run = await runImport(other.api, 'name,rate\nConsulting,"1,500"\n', 'items.csv', { kind: 'items' });
    expect(run).toMatchObject({ status: 'COMPLETED', created: 1 });
    expect((await o.api.get(`/imports/${run.import_id}`)).status).toBe(404);
    expect((await o.api.get(`/imports/${run.import_id}/errors`)).status).toBe(404);
  });
});

describe('templates', () => {
  it('GET /imports/templates/{kind} answers the header row and an example row', async () => {
    const o = await gstOrg(t);
    const res = await o.api.get('/imports/templates/invoices');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.body).toMatch(/^invoice_number,customer,date,due_date,place_of_supply,/);
    expect(String(res.body).split('\r\n')[1]).toMatch(/^INV-0001,Acme Traders,05\/05\/2025,/);
  });
});
