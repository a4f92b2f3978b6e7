import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import type { ApiResponse } from '../support/http-client';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Tally in (docs/rules/tally.md, "Tally in", "Reconciliation"): the sample books of test/fixtures/tally/samples
 * imported through POST /imports (format=tally_xml) and compared with their Trial Balance, every figure by hand.
 * The import run is POST /imports' (docs/rules/imports.md); this file exercises the reader and GET /imports/{id}/reconciliation.
 */

let t: TestApp;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const SAMPLES = path.join(import.meta.dirname, '../fixtures/tally/samples');
const sample = (name: string) => fs.readFileSync(path.join(SAMPLES, name));

/** An organisation in Maharashtra whose books start on 1 April 2025, as the sample company's in Tally. */
async function maharashtraOrg(): Promise<OrgFixture> {
  const org = await t.admin.post('/orgs', { name: 'Asha & Sons', state_code: 'Maharashtra', books_start_date: '2025-04-01' });
  expect(org.status, JSON.stringify(org.body)).toBe(201);
  const orgId: string = org.body.org.org_id;
  const { token, tokenId } = await t.given.token([orgId]);
  return { orgId, userId: null as unknown as string, token, tokenId, defaultBranchId: org.body.org.default_branch_id, api: t.api.withToken(token) };
}

function upload(o: OrgFixture, file: Buffer, name: string, trialBalance?: Buffer): Promise<ApiResponse> {
  const form = new FormData();
  form.set('kind', 'tally');
  form.set('format', 'tally_xml');
  form.set('file', new Blob([file]), name);
  if (trialBalance) form.set('trial_balance', new Blob([trialBalance]), 'trial-balance.xml');
  return o.api.postForm('/imports', form, { idempotencyKey: newKey() });
}

/** Uploads a Tally file and waits for its run to finish. */
async function imported(o: OrgFixture, file: Buffer, name: string, trialBalance?: Buffer): Promise<Json> {
  const res = await upload(o, file, name, trialBalance);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const id: string = res.body.import.import_id;
  for (let i = 0; i < 600; i++) {
    const got = await o.api.get(`/imports/${id}`);
    if (['COMPLETED', 'FAILED'].includes(got.body.import?.status)) return got.body.import as Json;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${id} did not finish`);
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2025-05-02T06:00:00Z'));
});
afterAll(async () => { await t.close(); });

describe('GET /imports/{import_id}/reconciliation', () => {
  let o: OrgFixture;
  let vouchersImport: Json;

  beforeAll(async () => {
    o = await maharashtraOrg();
    // The UTF-16LE masters (Tally's own encoding, with &#4; Primary), then the vouchers with the Trial Balance.
    const masters = await imported(o, sample('masters-utf16.xml'), 'masters.xml');
    expect(masters.status, JSON.stringify(masters)).toBe('COMPLETED');
    vouchersImport = await imported(o, sample('vouchers.xml'), 'vouchers.xml', sample('trial-balance.xml'));
  });

  it('lists the cancelled, optional and order vouchers as skipped', async () => {
    expect(vouchersImport.status).toBe('COMPLETED');
    expect(vouchersImport.skipped).toBe(3);
    const errors = await o.api.get(`/imports/${vouchersImport.import_id}/errors`);
    expect(errors.status).toBe(200);
    expect(JSON.stringify(errors.body)).toMatch(/tally\.cancelled[\s\S]*tally\.optional[\s\S]*tally\.not_accounting/);
  });

  it("compares every ledger with Tally's Trial Balance to the paisa", async () => {
    const res = await o.api.get(`/imports/${vouchersImport.import_id}/reconciliation`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { rows, balanced } = res.body.tally_reconciliation as { rows: Json[]; balanced: boolean };
    const by = Object.fromEntries(rows.map((r) => [r.ledger, [r.mapped_to, r.tally_balance, r.bahi_balance, r.difference, r.balanced]]));
    expect(by).toEqual({
      // 1,00,000 Cr opening − 1,000 drawings
      'Owner Capital': ['ACCOUNT', -99000, -99000, 0, true],
      // 60,000 + 12,980 receipt − 3,000 payment + 5,000 contra
      'HDFC Bank': ['ACCOUNT', 74980, 74980, 0, true],
      // 28,200 − 5,000 deposited − 1,000 drawn
      Cash: ['ACCOUNT', 22200, 22200, 0, true],
      // 99.99 + 1,000
      'Local Sales': ['ACCOUNT', -1099.99, -1099.99, 0, true],
      'Freight Charges': ['ACCOUNT', 2000, 2000, 0, true],
      // 90 + 9 on CGST Output; the same on SGST
      'Output CGST': ['SYSTEM_ACCOUNT', -99, -99, 0, true],
      'Output SGST': ['SYSTEM_ACCOUNT', -99, -99, 0, true],
      // 12% of 2,000 on IGST input
      IGST: ['SYSTEM_ACCOUNT', 240, 240, 0, true],
      // 118.00 − 117.99
      'Rounding Off': ['SYSTEM_ACCOUNT', -0.01, -0.01, 0, true],
      // 11,800 opening + 1,180 + 118 − 12,980
      'Asha Traders': ['CONTACT', 118, 118, 0, true],
      // 3,000 paid − 2,240 billed: an advance
      'Bharat Supplies': ['CONTACT', 760, 760, 0, true],
    });
    expect(balanced).toBe(true);
    await expectBooksBalanced(o.api);
  });

  it('is 409 for an import without a trial balance, 404 for an unknown or another organisation\'s import', async () => {
    const masters = await imported(o, sample('masters.xml'), 'masters.xml');
    const without = await o.api.get(`/imports/${masters.import_id}/reconciliation`);
    expect(without.status).toBe(409);
    expect(without.body.code).toBe('conflict.invalid_state');
    const unknown = await o.api.get('/imports/imp_01J00000000000000000000000/reconciliation');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found.resource');
    const other = await t.given.org();
    const foreign = await other.api.get(`/imports/${vouchersImport.import_id}/reconciliation`);
    expect(foreign.status).toBe(404);
  });
});

/** A Trial Balance report of the lines given: [name, closing debit, closing credit] as Tally writes them. */
const trialBalance = (lines: [string, string, string][]) => Buffer.from(`<ENVELOPE>${lines.map(([name, debit, credit]) =>
  `<DSPACCNAME><DSPDISPNAME>${name}</DSPDISPNAME></DSPACCNAME><DSPACCINFO><DSPCLDRAMT><DSPCLDRAMTA>${debit}</DSPCLDRAMTA></DSPCLDRAMT><DSPCLCRAMT><DSPCLCRAMTA>${credit}</DSPCLCRAMTA></DSPCLCRAMT></DSPACCINFO>`).join('')}</ENVELOPE>`);

/**
 * The reconciliation over books written here as a run writes them (its records through the API, its
 * import and row keys as rows), so the comparison is exercised apart from the run.
 */
describe('GET /imports/{import_id}/reconciliation over books an import wrote', () => {
  let o: OrgFixture;
  let ids = 0;
  const importRow = async (fields: { status: string; trialBalance: Buffer | null }) => {
    const importId = `imp_01JT7S97HQ9C7Q0VGB09WW9${String(++ids).padStart(3, '0')}`;
    await t.app.database.db.insertInto('imports').values({
      org_id: o.orgId, import_id: importId, kind: 'tally', format: 'tally_xml', status: fields.status, dry_run: 0, file_name: 'masters.xml', mapping: null,
      content: sample('masters.xml').toString('base64'), trial_balance: fields.trialBalance?.toString('base64') ?? null, token_id: null, scopes: '[]',
      total_rows: 0, processed_rows: 0, created_count: 0, already_imported_count: 0, skipped_count: 0, failed_count: 0, failure: null,
      created_time: `2025-05-02T06:00:0${ids}.000Z`, started_time: null, finished_time: null,
    }).execute();
    return importId;
  };
  const keyed = (kind: string, rowKey: string, entityType: string, entityId: string) =>
    t.app.database.db.insertInto('import_keys').values({ org_id: o.orgId, kind, row_key: rowKey, entity_type: entityType, entity_id: entityId, import_id: 'imp_run' }).execute();

  beforeAll(async () => {
    o = await maharashtraOrg();
    const capital = await t.admin.post(`/orgs/${o.orgId}/accounts`, { account_name: 'Owner Capital', account_type: 'EQUITY' });
    const bank = await t.admin.post(`/orgs/${o.orgId}/accounts`, { account_name: 'HDFC Bank', account_type: 'BANK' });
    const asha = await o.api.post('/contacts', { contact_name: 'Asha Traders', contact_type: 'CUSTOMER' }, { idempotencyKey: newKey() });
    expect([capital.status, bank.status, asha.status]).toEqual([201, 201, 201]);
    await keyed('accounts', 'Owner Capital', 'ACCOUNT', capital.body.account.account_id);
    await keyed('contacts', 'Asha Traders', 'CONTACT', asha.body.contact.contact_id);
    // HDFC Bank is found by its name: the run wrote no key for it.
    const journal = (lines: unknown[], contact?: string) => o.api.post('/journals', { date: '2025-04-10', lines, ...(contact ? { contact_id: contact } : {}) }, { idempotencyKey: newKey() });
    const posted = [
      await journal([{ account_id: bank.body.account.account_id, debit: 1000 }, { account_id: capital.body.account.account_id, credit: 1000 }]),
      // A sale of 100 with 9% CGST and SGST: 118 owed by Asha Traders.
      await journal([
        { account_id: await accountId(o.api, 'Accounts Receivable'), debit: 118 }, { account_id: await accountId(o.api, 'CGST Output'), credit: 9 },
        { account_id: await accountId(o.api, 'SGST Output'), credit: 9 }, { account_id: capital.body.account.account_id, credit: 100 },
      ], asha.body.contact.contact_id),
    ];
    expect(posted.map((r) => r.status), JSON.stringify(posted.map((r) => r.body))).toEqual([201, 201]);
  });

  it('puts each ledger beside its account, contact or system accounts, to the paisa', async () => {
    const importId = await importRow({
      status: 'COMPLETED',
      trialBalance: trialBalance([
        ['Owner Capital', '', '1,100.00'], ['HDFC Bank', '-1000.00', ''], ['Asha Traders', '-118.00', ''],
        ['Output CGST', '', '9.00'], ['Output SGST', '', '9.01'], ['Current Assets', '-1118.00', ''], ['Stranger', '-5.00', ''],
      ]),
    });
    const res = await o.api.get(`/imports/${importId}/reconciliation`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { rows, balanced } = res.body.tally_reconciliation as { rows: Json[]; balanced: boolean };
    expect(rows.map((r) => [r.ledger, r.mapped_to, r.bahi_name, r.tally_balance, r.bahi_balance, r.difference, r.balanced])).toEqual([
      ['Owner Capital', 'ACCOUNT', 'Owner Capital', -1100, -1100, 0, true], // 1,000 + 100 credited
      ['HDFC Bank', 'ACCOUNT', 'HDFC Bank', 1000, 1000, 0, true],
      ['Cash', 'ACCOUNT', null, 0, null, null, false], // nothing in Bahi stands for it
      ['Local Sales', 'ACCOUNT', null, 0, null, null, false],
      ['Freight Charges', 'ACCOUNT', null, 0, null, null, false],
      ['Output CGST', 'SYSTEM_ACCOUNT', 'cgst_output', -9, -9, 0, true],
      ['Output SGST', 'SYSTEM_ACCOUNT', 'sgst_output', -9.01, -9, 0.01, false], // Bahi 9.00 Cr, Tally 9.01 Cr
      ['IGST', 'SYSTEM_ACCOUNT', 'igst_input + igst_output', 0, 0, 0, true], // left out of the report: nil on both sides
      ['Rounding Off', 'SYSTEM_ACCOUNT', 'round_off', 0, 0, 0, true],
      ['Asha Traders', 'CONTACT', 'Asha Traders', 118, 118, 0, true],
      ['Bharat Supplies', 'CONTACT', null, 0, null, null, false],
      ['Stranger', 'NONE', null, 5, null, null, false], // 5.00 Dr; "Current Assets" is a group's total, left out
    ]);
    expect(balanced).toBe(false);
    await expectBooksBalanced(o.api);
  });

  it('is 409 for an import without a trial balance or not finished, 404 for an unknown or another organisation\'s import', async () => {
    const without = await o.api.get(`/imports/${await importRow({ status: 'COMPLETED', trialBalance: null })}/reconciliation`);
    expect([without.status, without.body.code]).toEqual([409, 'conflict.invalid_state']);
    const running = await o.api.get(`/imports/${await importRow({ status: 'RUNNING', trialBalance: trialBalance([['Cash', '-1.00', '']]) })}/reconciliation`);
    expect([running.status, running.body.code]).toEqual([409, 'conflict.invalid_state']);
    const unknown = await o.api.get('/imports/imp_01J00000000000000000000000/reconciliation');
    expect([unknown.status, unknown.body.code, unknown.body.field]).toEqual([404, 'not_found.resource', 'import_id']);
    const mine = await importRow({ status: 'COMPLETED', trialBalance: trialBalance([['Cash', '-1.00', '']]) });
    const other = await t.given.org();
    expect((await other.api.get(`/imports/${mine}/reconciliation`)).status).toBe(404);
  });

  it('is 400 on trial_balance for a stored report that cannot be read, writing nothing', async () => {
    const res = await o.api.get(`/imports/${await importRow({ status: 'COMPLETED', trialBalance: Buffer.from('<ENVELOPE><DSPACCNAME>') })}/reconciliation`);
    expect([res.status, res.body.code, res.body.field]).toEqual([400, 'validation.invalid_value', 'trial_balance']);
  });
});

describe('POST /imports format=tally_xml: files refused whole', () => {
  it('names the line of a malformed file, writing nothing', async () => {
    const o = await t.given.org();
    const res = await upload(o, sample('malformed.xml'), 'malformed.xml');
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('validation.invalid_value');
    expect(res.body.field).toBe('file');
    expect(res.body.message).toMatch(/line 8, column/);
  });
});
