import fs from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import type { ApiResponse } from '../support/http-client';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';
import { workbookEntries, xlsxOf, zipOf } from '../support/xlsx';

/* Statements in and bank lines (docs/rules/banking.md, "Statements in", "Bank lines"), every figure worked by hand. */

let t: TestApp;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const FIXTURES = path.join(import.meta.dirname, '../fixtures/bank');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

async function upload(o: OrgFixture, account: string, file: Buffer | string, name: string, fields: Record<string, string> = {}, key = newKey()): Promise<ApiResponse> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([file]), name);
  return o.api.postForm(`/bank_accounts/${account}/statements`, form, { idempotencyKey: key });
}
async function imported(o: OrgFixture, account: string, file: Buffer | string, name: string, fields: Record<string, string> = {}) {
  const res = await upload(o, account, file, name, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.bank_statement as Json;
}
function expectRefused(res: ApiResponse, field: string, where: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe('validation.invalid_value');
  expect(res.body.field).toBe(field);
  expect(res.body.message).toMatch(where);
}
const linesOf = async (o: OrgFixture, account: string, extra = '') => {
  const res = await o.api.get(`/bank_transactions?account_id=${account}${extra}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { bank_transactions: Json[]; page_context: Json };
};

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-01T06:00:00Z'));
});
afterAll(async () => { await t.close(); });

describe('POST /bank_accounts/{account_id}/statements: the presets', () => {
  it.each([
    // 1,50,000 + 11,800 − 25,000 − 4,500.50 = 1,32,299.50
    ['HDFC', 'hdfc.csv', { lines: 3, from: '2026-04-01', to: '2026-04-05', opening: 150000, closing: 132299.5, first: { direction: 'IN', amount: 11800, balance: 161800, reference: '0000609112345678', value_date: '2026-04-01' } }],
    // 50,000 + 5,900 − 12,000 − 1,234.56 = 42,665.44
    ['ICICI', 'icici.csv', { lines: 3, from: '2026-04-02', to: '2026-04-10', opening: 50000, closing: 42665.44, first: { direction: 'IN', amount: 5900, balance: 55900, reference: null, value_date: '2026-04-02' } }],
    // 1,00,000 + 2,360 − 10,000 + 312 = 92,672
    ['SBI', 'sbi.csv', { lines: 3, from: '2026-04-01', to: '2026-04-30', opening: 100000, closing: 92672, first: { direction: 'IN', amount: 2360, balance: 102360, reference: 'TRANSFER FROM 4897691162095', value_date: '2026-04-01' } }],
    // OPENING BALANCE 20,000 (not a line) + 1,180 + 9,440 − 590 = 30,030
    ['AXIS', 'axis.csv', { lines: 3, from: '2026-04-02', to: '2026-04-08', opening: 20000, closing: 30030, first: { direction: 'IN', amount: 1180, balance: 21180, reference: null, value_date: null } }],
    // 10,000 + 3,540 (CR) − 2,000 (DR) − 5.90 (DR) = 11,534.10
    ['KOTAK', 'kotak.csv', { lines: 3, from: '2026-04-01', to: '2026-04-09', opening: 10000, closing: 11534.1, first: { direction: 'IN', amount: 3540, balance: 13540, reference: 'UPI-609112345678', value_date: '2026-04-01' } }],
  ] as const)('reads a %s download below its preamble and above its footer, the preset found from the header', async (preset, file, want) => {
    const o = await t.given.org();
    const bank = await accountId(o.api, 'Bank');
    const s = await imported(o, bank, fixture(file), file);
    expect(s).toMatchObject({ account_id: bank, format: 'CSV', preset, file_name: file, from_date: want.from, to_date: want.to, lines: want.lines, new_lines: want.lines, matched: 0, opening_balance: want.opening, closing_balance: want.closing });
    const { bank_transactions: lines } = await linesOf(o, bank);
    expect(lines).toHaveLength(want.lines);
    expect(lines[0]).toMatchObject({ ...want.first, status: 'UNMATCHED', statement_id: s.statement_id, matches: [] });
    expect(lines.at(-1)!.balance).toBe(want.closing);
  });

  it('reads an XLSX download, a named preset and a mapping over it, from a CASH account', async () => {
    const o = await t.given.org();
    const cash = await accountId(o.api, 'Petty Cash');
    const file = xlsxOf([
      ['Wallet statement'], [],
      ['Txn Date', 'Value Date', 'Description', 'Ref No./Cheque No.', 'Amount', 'Type', 'Balance'],
      [{ date: '2026-04-03' }, '03/04/2026', 'TOP UP', 'W1', { number: '5000' }, 'Cr', { number: '5000' }],
      ['04/04/2026', null, 'TEA AND SNACKS', null, { number: '-120.5' }, null, { number: '4879.5' }],
    ]);
    // 0 + 5,000 − 120.50 = 4,879.50; the Type column says Cr, the second amount's sign says out.
    const s = await imported(o, cash, file, 'wallet.xlsx', { preset: 'SBI', mapping: JSON.stringify({ amount: 'Amount', dr_cr: 'Type' }) });
    expect(s).toMatchObject({ format: 'XLSX', preset: 'SBI', lines: 2, opening_balance: 0, closing_balance: 4879.5 });
    const { bank_transactions: lines } = await linesOf(o, cash);
    expect(lines.map((l) => [l.date, l.value_date, l.direction, l.amount, l.balance])).toEqual([['2026-04-03', '2026-04-03', 'IN', 5000, 5000], ['2026-04-04', null, 'OUT', 120.5, 4879.5]]);
  });

  it('answers a retry with the same Idempotency-Key from the first answer, storing nothing twice', async () => {
    const o = await t.given.org();
    const bank = await accountId(o.api, 'Bank');
    const key = newKey();
    const first = await upload(o, bank, fixture('hdfc.csv'), 'hdfc.csv', {}, key);
    const again = await upload(o, bank, fixture('hdfc.csv'), 'hdfc.csv', {}, key);
    expect(again.status).toBe(201);
    expect(again.body.bank_statement).toEqual(first.body.bank_statement);
    expect((await linesOf(o, bank)).bank_transactions).toHaveLength(3);
  });
});

describe('overlapping statements and continuity', () => {
  let o: OrgFixture;
  let bank: string;
  beforeAll(async () => {
    o = await t.given.org();
    bank = await accountId(o.api, 'Bank');
  });

  it('stores only the lines a later, overlapping statement adds, in the bank\'s order; the same file again adds none', async () => {
    const first = await imported(o, bank, fixture('hdfc-may-1.csv'), 'may-1.csv');
    expect(first).toMatchObject({ lines: 4, new_lines: 4, opening_balance: 100000, closing_balance: 118250 });
    // 6 to 10 May are in both: 12 May (+5,000 → 1,23,250) and 15 May (+250 → 1,23,500) are new.
    const second = await imported(o, bank, fixture('hdfc-may-2.csv'), 'may-2.csv');
    expect(second).toMatchObject({ lines: 5, new_lines: 2, opening_balance: 101000, closing_balance: 123500 });
    const again = await imported(o, bank, fixture('hdfc-may-2.csv'), 'may-2.csv');
    expect(again.new_lines).toBe(0);
    const { bank_transactions: lines } = await linesOf(o, bank);
    expect(lines.map((l) => l.balance)).toEqual([101000, 121000, 119000, 118250, 123250, 123500]);
    expect(lines.map((l) => l.statement_id)).toEqual([first, first, first, first, second, second].map((s) => s.statement_id));
  });

  it('refuses a statement whose opening is not the stored closing of the line before it, naming the statement', async () => {
    // Opens at 1,23,000 (1,23,500 − 500 − ... ): 1,23,400 − 400 = 1,23,000, not the stored 1,23,500.
    const res = await upload(o, bank, 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n18/05/26,UPI-X,9,18/05/26,,400.00,"1,23,400.00"\n', 'gap.csv');
    expectRefused(res, 'file', /statement: the statement opens at ₹123000\.00, but the stored line of 2026-05-15 just before it closes at ₹123500\.00/);
  });

  it('refuses a broken running balance naming its line, and stores none of the file', async () => {
    // 1,25,000 − 3,000 = 1,22,000, not the 1,22,500 line 3 states.
    const res = await upload(o, bank, fixture('hdfc-broken-balance.csv'), 'broken.csv');
    expectRefused(res, 'file', /line 3: the balance ₹122500\.00 is not the balance before \(₹125000\.00\) less ₹3000\.00/);
    expect(res.body.details).toEqual({ where: 'line 3' });
    expect((await linesOf(o, bank)).bank_transactions).toHaveLength(6);
  });

  it('places an older statement imported later before the stored lines, when it closes where they open', async () => {
    // 30 April: 1,00,500 − 500 = 1,00,000, where 2 May opens.
    const s = await imported(o, bank, 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n30/04/26,BANK CHARGES,,30/04/26,500.00,,"1,00,000.00"\n', 'april.csv');
    expect(s.new_lines).toBe(1);
    const { bank_transactions: lines } = await linesOf(o, bank, '&per_page=2');
    expect(lines.map((l) => l.date)).toEqual(['2026-04-30', '2026-05-02']);
    const bad = await upload(o, bank, 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n29/04/26,X,,29/04/26,100.00,,"99,000.00"\n', 'older.csv');
    expectRefused(bad, 'file', /statement: the statement closes at ₹99000\.00, but the stored line of 2026-04-30 just after it starts from ₹100500\.00/);
  });
});

describe('refusals', () => {
  let o: OrgFixture;
  let bank: string;
  beforeAll(async () => {
    o = await t.given.org();
    bank = await accountId(o.api, 'Bank');
  });
  const HEADER = 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n';

  it.each([
    ['a month-first date', `${HEADER}04/13/26,X,,,,1.00,\n`, /line 2: "04\/13\/26" is not a date written day first/],
    ['an amount with three decimals', `${HEADER}01/04/26,X,,,,1.005,\n`, /line 2: deposit: "1.005" has more than two decimals/],
    ['both columns filled', `${HEADER}01/04/26,X,,,1.00,1.00,\n`, /line 2: both withdrawal and deposit hold an amount/],
    ['a formula in an amount cell', `${HEADER}01/04/26,X,,,,"=1+1",\n`, /line 2: deposit: "=1\+1" is not an amount/],
    ['an unclosed quote', `${HEADER}01/04/26,"X,,,,1.00,\n02/04/26,Y,,,,1.00,\n`, /line 3: the file ends inside a quoted cell/],
    ['a huge cell', `${HEADER}01/04/26,${'A'.repeat(70_000)},,,,1.00,\n`, /line 2: a line is longer than 65536 bytes/],
    ['a long narration', `${HEADER}01/04/26,${'A'.repeat(3_000)},,,,1.00,\n`, /line 2: a cell is longer than 2000 characters/],
    ['no header', 'just,some,text\n1,2,3\n', /header: no row has the headers of a preset/],
    ['binary junk', Buffer.from([0x00, 0xff, 0x13, 0x37, 0x00, 0x9c, 0x42]), /file: the file is not UTF-8 text/],
    ['control characters', 'Date\u0001,x\n', /line 1: the file holds control characters/],
    ['a legacy .xls', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(500)]), /file: a legacy \.xls workbook is not read/],
    ['a ZIP that is not a workbook', zipOf([{ name: 'a.txt', data: Buffer.from('hello') }]), /file: the XLSX file was refused: its sheet cannot be read/],
    ['a truncated ZIP', xlsxOf([['Date']]).subarray(0, 200), /file: the XLSX file is not a complete ZIP archive/],
  ])('refuses %s, naming where, and writes nothing', async (_what, file, where) => {
    expectRefused(await upload(o, bank, file, 'statement.csv'), 'file', where);
    expect((await linesOf(o, bank)).bank_transactions).toHaveLength(0);
  });

  it('imports a file of more than 1 MB whole, and refuses one over 20 MB with 413', async () => {
    const fresh = await t.given.org();
    const account = await accountId(fresh.api, 'Bank');
    // 12,000 deposits of ₹1 on 1 March: the balance after line n is n rupees.
    const rows = Array.from({ length: 12_000 }, (_, i) => `01/03/26,UPI-CUSTOMER ${i} PAYMENT FOR INVOICE NUMBER ${i} OF MARCH 2026 THROUGH THE GATEWAY,R${i},01/03/26,,1.00,${i + 1}.00`);
    const big = `${HEADER}${rows.join('\n')}\n`;
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect(await imported(fresh, account, big, 'march.csv')).toMatchObject({ lines: 12_000, new_lines: 12_000, opening_balance: 0, closing_balance: 12_000 });
    const huge = await upload(fresh, account, Buffer.alloc(20 * 1024 * 1024 + 1, 0x41), 'huge.csv');
    expect([huge.status, huge.body.code, huge.body.field]).toEqual([413, 'validation.invalid_value', 'file']);
  });

  it('refuses an XLSX zip bomb before unpacking it', async () => {
    // 110 MB of one repeated row's XML deflates to about 110 KB; the allowance is 100 MB.
    const row = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
    const sheet = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${row.repeat(Math.ceil(110 * 1024 * 1024 / row.length))}</sheetData></worksheet>`;
    const bomb = zipOf(workbookEntries(sheet));
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(deflateRawSync(Buffer.from('x')).length).toBeGreaterThan(0);
    expectRefused(await upload(o, bank, bomb, 'bomb.xlsx'), 'file', /file: the XLSX file unpacks to more than 100 MB/);
  });

  it('keeps a formula-looking narration as text, and the CSV export guards it', async () => {
    await imported(o, bank, `${HEADER}01/04/26,"=HYPERLINK(""http://x"")",,,,1.00,1.00\n`, 'formula.csv');
    const csv = await fetch(`${t.baseUrl}/api/public/v1/bank_transactions?account_id=${bank}&format=csv`, { headers: { authorization: `Bearer ${o.token}` } });
    expect(await csv.text()).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it('refuses a bad mapping, a preset it does not know, another type of account, a foreign account and a missing file', async () => {
    const ok = fixture('hdfc.csv');
    const mapping = await upload(o, bank, ok, 'a.csv', { mapping: '{"date":' });
    expect([mapping.status, mapping.body.field]).toEqual([400, 'mapping']);
    const unknownRole = await upload(o, bank, ok, 'a.csv', { mapping: '{"colour":"Red"}' });
    expect([unknownRole.status, unknownRole.body.field]).toEqual([400, 'mapping']);
    const preset = await upload(o, bank, ok, 'a.csv', { preset: 'BANK OF NOWHERE' });
    expect([preset.status, preset.body.field]).toEqual([400, 'preset']);
    const wrongPreset = await upload(o, bank, ok, 'a.csv', { preset: 'SBI' });
    expectRefused(wrongPreset, 'file', /header: no row has the SBI preset's headers/);
    const format = await upload(o, bank, ok, 'a.csv', { format: 'MT940' });
    // A CSV sent as MT940 is read as MT940, and refused where MT940 breaks.
    expectRefused(format, 'file', /line 1/);
    const sales = await upload(o, await accountId(o.api, 'Sales'), ok, 'a.csv');
    expect([sales.status, sales.body.field, sales.body.message]).toEqual([400, 'account_id', 'a statement is of a BANK or CASH account; this account is SALES']);
    const other = await t.given.org();
    const foreign = await upload(other, bank, ok, 'a.csv');
    expect([foreign.status, foreign.body.code]).toEqual([404, 'not_found.resource']);
    const form = new FormData();
    form.set('preset', 'HDFC');
    const missing = await o.api.postForm(`/bank_accounts/${bank}/statements`, form, { idempotencyKey: newKey() });
    expect([missing.status, missing.body.code, missing.body.field]).toEqual([400, 'validation.required_field', 'file']);
    expect((await linesOf(o, bank)).bank_transactions).toHaveLength(1);
  });
});

describe('bank lines', () => {
  let o: OrgFixture;
  let bank: string;
  let lines: Json[];
  beforeAll(async () => {
    o = await t.given.org();
    bank = await accountId(o.api, 'Bank');
    await imported(o, bank, fixture('hdfc-may-1.csv'), 'may-1.csv');
    await imported(o, bank, fixture('hdfc-may-2.csv'), 'may-2.csv');
    lines = (await linesOf(o, bank)).bank_transactions;
  });

  it('pages in the bank\'s order, filters by dates and status, and lists them all as CSV', async () => {
    const first = await linesOf(o, bank, '&per_page=4');
    expect(first.page_context.has_more_page).toBe(true);
    const rest = await linesOf(o, bank, `&per_page=4&cursor=${encodeURIComponent(first.page_context.next_cursor)}`);
    expect([...first.bank_transactions, ...rest.bank_transactions].map((l) => l.bank_transaction_id)).toEqual(lines.map((l) => l.bank_transaction_id));
    expect((await linesOf(o, bank, '&from_date=2026-05-06&to_date=2026-05-10')).bank_transactions.map((l) => l.amount)).toEqual([20000, 2000, 750]);
    const csv = await fetch(`${t.baseUrl}/api/public/v1/bank_transactions?account_id=${bank}&format=csv`, { headers: { authorization: `Bearer ${o.token}` } });
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toBe('bank_transaction_id,date,value_date,narration,reference,withdrawal,deposit,balance,status,exclude_reason,statement_id');
    expect(rows[3]).toContain(',2026-05-06,2026-05-06,IMPS-609612340002-PETTY CASH,609612340002,2000.00,,119000.00,UNMATCHED,,');
    const bad = await o.api.get(`/bank_transactions?account_id=${bank}&cursor=nonsense`);
    expect([bad.status, bad.body.field]).toEqual([400, 'cursor']);
  });

  it('excludes an unmatched line with its reason and restores it, each in the activity log; refuses the wrong state with 409', async () => {
    const line = lines[3]!;
    const excluded = await o.api.post(`/bank_transactions/${line.bank_transaction_id}/exclude`, { reason: 'Card payment of another account' }, { idempotencyKey: newKey() });
    expect(excluded.status, JSON.stringify(excluded.body)).toBe(200);
    expect(excluded.body.bank_transaction).toMatchObject({ status: 'EXCLUDED', exclude_reason: 'Card payment of another account' });
    expect((await linesOf(o, bank, '&status=excluded')).bank_transactions.map((l) => l.bank_transaction_id)).toEqual([line.bank_transaction_id]);
    expect((await linesOf(o, bank, '&status=unmatched')).bank_transactions).toHaveLength(5);
    const twice = await o.api.post(`/bank_transactions/${line.bank_transaction_id}/exclude`, { reason: 'again' }, { idempotencyKey: newKey() });
    expect([twice.status, twice.body.code]).toEqual([409, 'conflict.invalid_state']);
    const restored = await o.api.post(`/bank_transactions/${line.bank_transaction_id}/restore`, undefined, { idempotencyKey: newKey() });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.bank_transaction).toMatchObject({ status: 'UNMATCHED', exclude_reason: null });
    const again = await o.api.post(`/bank_transactions/${line.bank_transaction_id}/restore`, undefined, { idempotencyKey: newKey() });
    expect([again.status, again.body.code]).toEqual([409, 'conflict.invalid_state']);
    const activity = await o.api.get(`/activity?entity_type=BANK_TRANSACTION&entity_id=${line.bank_transaction_id}`);
    expect(activity.body.activity.map((a: Json) => a.action).sort()).toEqual(['BANK_TRANSACTION_EXCLUDED', 'BANK_TRANSACTION_RESTORED']);
  });

  it('refuses to exclude a matched or a reconciled line', async () => {
    const [matched, reconciled] = [lines[0]!, lines[1]!];
    await t.app.database.db.updateTable('bank_transactions').set({ status: 'MATCHED' }).where('bank_transaction_id', '=', matched.bank_transaction_id).execute();
    await t.app.database.db.updateTable('bank_transactions').set({ reconciliation_id: 'brc_test' }).where('bank_transaction_id', '=', reconciled.bank_transaction_id).execute();
    const m = await o.api.post(`/bank_transactions/${matched.bank_transaction_id}/exclude`, { reason: 'x' }, { idempotencyKey: newKey() });
    expect([m.status, m.body.code]).toEqual([409, 'conflict.invalid_state']);
    const r = await o.api.post(`/bank_transactions/${reconciled.bank_transaction_id}/exclude`, { reason: 'x' }, { idempotencyKey: newKey() });
    expect([r.status, r.body.code]).toEqual([409, 'conflict.reconciled']);
  });

  it('reads a line and a statement; another organisation\'s are 404, and a list of its account too', async () => {
    const got = await o.api.get(`/bank_transactions/${lines[2]!.bank_transaction_id}`);
    expect(got.body.bank_transaction).toEqual(lines[2]);
    const statements = await o.api.get(`/bank_accounts/${bank}/statements`);
    expect(statements.body.bank_statements.map((s: Json) => s.new_lines)).toEqual([2, 4]);
    const statement = await o.api.get(`/bank_statements/${statements.body.bank_statements[0].statement_id}`);
    expect(statement.body.bank_statement).toEqual(statements.body.bank_statements[0]);
    const other = await t.given.org();
    for (const res of [
      await other.api.get(`/bank_transactions/${lines[2]!.bank_transaction_id}`),
      await other.api.get(`/bank_statements/${statement.body.bank_statement.statement_id}`),
      await other.api.get(`/bank_accounts/${bank}/statements`),
      await other.api.get(`/bank_transactions?account_id=${bank}`),
      await other.api.post(`/bank_transactions/${lines[2]!.bank_transaction_id}/exclude`, { reason: 'x' }, { idempotencyKey: newKey() }),
    ]) expect([res.status, res.body.code]).toEqual([404, 'not_found.resource']);
    for (const body of [{}, { reason: '   ' }]) {
      const blank = await o.api.post(`/bank_transactions/${lines[2]!.bank_transaction_id}/exclude`, body, { idempotencyKey: newKey() });
      expect([blank.status, blank.body.code, blank.body.field]).toEqual([400, 'validation.required_field', 'reason']);
    }
    await expectBooksBalanced(o.api);
  });
});
