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
    expect(String(csv.body ?? csv.text)).toContain('row,column,code,field,message,outcome');
  });
});
