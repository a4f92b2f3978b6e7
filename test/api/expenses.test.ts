import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, accountId, expectBooksBalanced } from '../support/books';
import type { HttpClient } from '../support/http-client';
import { customer, taxId } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

let t: TestApp;
let org: OrgFixture;
let other: OrgFixture;
/** Account ids of `org` by name, and names by id (journal lines are compared by name). */
const acc: Record<string, string> = {};
const nameOf = new Map<string, string>();
let gst5: string;
let gst18: string;
/** The ledgers reverse-charge tax posts to, apart from the ordinary input and output ledgers (seeded chart). */
const RCM_INPUT = 'Input GST under reverse charge';
const RCM_PAYABLE = 'GST payable under reverse charge';

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await t.given.org({ state_code: 'IN-KA' });
  other = await t.given.org({ state_code: 'IN-KA' });
  const accounts = (await org.api.get('/accounts?per_page=200')).body.accounts as { account_id: string; account_name: string }[];
  for (const a of accounts) {
    acc[a.account_name] = a.account_id;
    nameOf.set(a.account_id, a.account_name);
  }
  gst5 = await taxId(org.api, 5);
  gst18 = await taxId(org.api, 18);
});
afterAll(async () => { await t.close(); });

const vendor = (api: HttpClient, fields: Record<string, unknown> = {}) => customer(api, { contact_type: 'VENDOR', ...fields });

async function createExpense(body: Record<string, unknown>, o: OrgFixture = org) {
  return o.api.post('/expenses', { date: '2026-06-15', paid_through_account_id: acc.Bank, ...body }, { idempotencyKey: newKey() });
}

async function created(body: Record<string, unknown>) {
  const res = await createExpense(body);
  if (res.status !== 201) throw new Error(`expense: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.expense;
}

interface JournalView { journal_id: string; kind: string; status: string; date: string; source_version: number; lines: { account_id: string; debit: number; credit: number }[] }

/** The expense's journal entries, newest first. */
async function journalsOf(expenseId: string): Promise<JournalView[]> {
  const res = await org.api.get(`/journals?source=EXPENSE&source_id=${expenseId}`);
  expect(res.status).toBe(200);
  return res.body.journals;
}

/** An entry's lines as [account name, debit, credit], in posting order. */
const linesOf = (j: JournalView) => j.lines.map((l) => [nameOf.get(l.account_id), l.debit, l.credit]);

/** The one entry in force for an expense. */
async function postedEntry(expenseId: string) {
  const posted = (await journalsOf(expenseId)).filter((j) => j.status === 'POSTED');
  expect(posted).toHaveLength(1);
  return linesOf(posted[0]!);
}

async function eventData(type: string, id: string) {
  const rows = await t.app.database.db.selectFrom('outbox_events').select('payload').where('org_id', '=', org.orgId).where('event_type', '=', type).execute();
  return rows.map((r) => JSON.parse(r.payload).data).filter((d) => d.id === id);
}

const actions = async (expenseId: string) => (await org.api.get(`/expenses/${expenseId}/activity`)).body.activity.map((a: { action: string }) => a.action);

describe('creating expenses: the posting of each kind', () => {
  it('plain, intra-state: Dr expense and CGST/SGST input, Cr the paid-through account; announced and logged', async () => {
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-KA' });
    const bankBefore = await accountBalance(org.api, 'Bank');
    const res = await createExpense({ account_id: acc['General Expenses'], amount: 1000, tax_id: gst18, vendor_id: vendorId, reference_number: 'RCPT-1', notes: 'Printer paper' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('The expense has been recorded.');
    const e = res.body.expense;
    expect(e).toMatchObject({
      date: '2026-06-15T00:00:00', account_id: acc['General Expenses'], paid_through_account_id: acc.Bank, mode: 'BANK_TRANSFER',
      vendor_id: vendorId, reference_number: 'RCPT-1', place_of_supply: 'IN-KA', branch_id: org.defaultBranchId, is_inclusive_tax: false,
      is_rcm: false, rcm_rate: null, itc_blocked_reason: null, amount: 1000, sub_total: 1000, tax_total: 180, cgst_total: 90, sgst_total: 90,
      igst_total: 0, total: 1180, status: 'RECORDED', notes: 'Printer paper',
    });
    expect(e.line_items).toEqual([expect.objectContaining({
      account_id: acc['General Expenses'], amount: 1000, tax_id: gst18, tax_percentage: 18, item_total: 1000, tax_amount: 180, cgst_amount: 90, sgst_amount: 90, total: 1180,
    })]);
    expect(await postedEntry(e.expense_id)).toEqual([['General Expenses', 1000, 0], ['CGST Input', 90, 0], ['SGST Input', 90, 0], ['Bank', 0, 1180]]);
    expect(await accountBalance(org.api, 'Bank')).toBeCloseTo(bankBefore - 1180, 2);
    expect(await eventData('EXPENSE_CREATED', e.expense_id)).toEqual([{ id: e.expense_id, reference_number: 'RCPT-1', vendor_id: vendorId, total: 1180, status: 'RECORDED' }]);
    expect(await actions(e.expense_id)).toEqual(['EXPENSE_CREATED']);
    expect((await org.api.get(`/expenses/${e.expense_id}`)).body.expense).toEqual(e);
    await expectBooksBalanced(org.api);
  });

  it('the vendor\'s state against the place of supply (the branch\'s state by default): IGST from another state; no vendor means intra-state', async () => {
    const mh = await vendor(org.api, { place_of_contact: 'IN-MH' });
    // A Maharashtra vendor, received in Karnataka: 18% IGST on 1,000 = 180.
    const fromVendor = await created({ account_id: acc['General Expenses'], amount: 1000, tax_id: gst18, vendor_id: mh });
    expect(fromVendor).toMatchObject({ place_of_supply: 'IN-KA', igst_total: 180, cgst_total: 0, total: 1180 });
    expect(await postedEntry(fromVendor.expense_id)).toEqual([['General Expenses', 1000, 0], ['IGST Input', 180, 0], ['Bank', 0, 1180]]);
    // Supplied in Maharashtra by the Maharashtra vendor: 9% + 9% of 100.
    const explicit = await created({ account_id: acc['General Expenses'], amount: 100, tax_id: gst18, vendor_id: mh, place_of_supply: '27' });
    expect(explicit).toMatchObject({ place_of_supply: 'IN-MH', cgst_total: 9, sgst_total: 9, igst_total: 0 });
    const noVendor = await created({ account_id: acc['General Expenses'], amount: 100, tax_id: gst18 });
    expect(noVendor).toMatchObject({ place_of_supply: 'IN-KA', vendor_id: null, cgst_total: 9, sgst_total: 9 });
    await expectBooksBalanced(org.api);
  });

  it('inclusive tax: net = amount × 100 / 118 half-up, the tax is the rest, and the total is the amount', async () => {
    // 1000.00 × 100 / 118 = 847.457… → 847.46; tax 152.54; inter-state, so all IGST.
    const e = await created({ account_id: acc['General Expenses'], amount: 1000, tax_id: gst18, is_inclusive_tax: true, place_of_supply: 'IN-MH' });
    expect(e).toMatchObject({ is_inclusive_tax: true, amount: 1000, sub_total: 847.46, tax_total: 152.54, igst_total: 152.54, total: 1000 });
    expect(await postedEntry(e.expense_id)).toEqual([['General Expenses', 847.46, 0], ['IGST Input', 152.54, 0], ['Bank', 0, 1000]]);
    await expectBooksBalanced(org.api);
  });

  it('split lines: each line\'s account and tax override the header\'s, and the header amount is ignored', async () => {
    const e = await created({
      account_id: acc['General Expenses'], tax_id: gst18, amount: 99999,
      line_items: [
        { amount: 500 },
        { account_id: acc['Bank Charges'], amount: 200, tax_id: gst5 },
        { amount: 100, tax_id: null, note: 'Stamps' },
      ],
    });
    // 500 at 18% → 90 (45 + 45); 200 at 5% → 10 (5 + 5); 100 untaxed. Paid 590 + 210 + 100 = 900.
    expect(e).toMatchObject({ amount: 800, sub_total: 800, tax_total: 100, cgst_total: 50, sgst_total: 50, total: 900 });
    expect(e.line_items.map((l: Record<string, unknown>) => [nameOf.get(l.account_id as string), l.tax_id, l.tax_amount, l.total, l.note])).toEqual([
      ['General Expenses', gst18, 90, 590, null], ['Bank Charges', gst5, 10, 210, null], ['General Expenses', null, 0, 100, 'Stamps'],
    ]);
    expect(await postedEntry(e.expense_id)).toEqual([
      ['General Expenses', 500, 0], ['Bank Charges', 200, 0], ['General Expenses', 100, 0], ['CGST Input', 50, 0], ['SGST Input', 50, 0], ['Bank', 0, 900],
    ]);
    // Without a header account every line names its own; otherwise the missing one is reported on its line.
    const own = await created({ line_items: [{ account_id: acc.Purchases, amount: 10 }] });
    expect(own).toMatchObject({ account_id: null, total: 10 });
    const missing = await createExpense({ line_items: [{ account_id: acc.Purchases, amount: 10 }, { amount: 5 }] });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'validation.required_field', field: 'line_items[1].account_id' });
    await expectBooksBalanced(org.api);
  });

  it('reverse charge, intra-state: self-assessed CGST/SGST on the reverse-charge ledgers (Dr input, Cr payable); the vendor is paid the amount alone', async () => {
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-KA' });
    const cash = await accountBalance(org.api, 'Petty Cash');
    const e = await created({
      account_id: acc['General Expenses'], amount: 2500.5, vendor_id: vendorId, is_rcm: true, rcm_rate: 5,
      paid_through_account_id: acc['Petty Cash'], mode: 'CASH',
    });
    // 2500.50 × 2.5% = 62.5125 → 62.51 half-up, for CGST and SGST each; tax 125.02.
    expect(e).toMatchObject({ is_rcm: true, rcm_rate: 5, mode: 'CASH', sub_total: 2500.5, tax_total: 125.02, cgst_total: 62.51, sgst_total: 62.51, total: 2500.5 });
    expect(await postedEntry(e.expense_id)).toEqual([
      ['General Expenses', 2500.5, 0], [RCM_INPUT, 62.51, 0], [RCM_INPUT, 62.51, 0],
      [RCM_PAYABLE, 0, 62.51], [RCM_PAYABLE, 0, 62.51], ['Petty Cash', 0, 2500.5],
    ]);
    expect(await accountBalance(org.api, 'Petty Cash')).toBeCloseTo(cash - 2500.5, 2);
    await expectBooksBalanced(org.api);
  });

  it('reverse charge, inter-state: self-assessed IGST', async () => {
    const e = await created({ account_id: acc['General Expenses'], amount: 3333.33, is_rcm: true, rcm_rate: 18, place_of_supply: 'Maharashtra' });
    // 3333.33 × 18% = 599.9994 → 600.00.
    expect(e).toMatchObject({ place_of_supply: 'IN-MH', tax_total: 600, igst_total: 600, total: 3333.33 });
    expect(await postedEntry(e.expense_id)).toEqual([['General Expenses', 3333.33, 0], [RCM_INPUT, 600, 0], [RCM_PAYABLE, 0, 600], ['Bank', 0, 3333.33]]);
    await expectBooksBalanced(org.api);
  });

  it('blocked credit (section 17(5)): the GST is part of the expense; with reverse charge the tax is still owed', async () => {
    const blocked = await created({ account_id: acc['General Expenses'], amount: 1500, tax_id: gst18, itc_blocked_reason: '17(5)(b)' });
    expect(blocked).toMatchObject({ itc_blocked_reason: '17(5)(b)', tax_total: 270, total: 1770 });
    expect(await postedEntry(blocked.expense_id)).toEqual([['General Expenses', 1770, 0], ['Bank', 0, 1770]]);
    const both = await created({ account_id: acc['General Expenses'], amount: 1000, is_rcm: true, rcm_rate: 5, place_of_supply: 'IN-MH', itc_blocked_reason: '17(5)(a)' });
    expect(both).toMatchObject({ tax_total: 50, total: 1000 });
    expect(await postedEntry(both.expense_id)).toEqual([['General Expenses', 1050, 0], [RCM_PAYABLE, 0, 50], ['Bank', 0, 1000]]);
    await expectBooksBalanced(org.api);
  });

  it('reads mode BANK as BANK_TRANSFER and dates an instant by its Asia/Kolkata day', async () => {
    const e = await created({ account_id: acc['General Expenses'], amount: 1, mode: 'BANK', date: '2026-06-10T20:00:00Z' });
    expect(e).toMatchObject({ mode: 'BANK_TRANSFER', date: '2026-06-11T00:00:00' });
    expect((await journalsOf(e.expense_id))[0]!.date).toBe('2026-06-11');
  });

  it('replays a keyed create without posting twice', async () => {
    const key = newKey();
    const body = { date: '2026-06-15', paid_through_account_id: acc.Bank, account_id: acc['General Expenses'], amount: 7 };
    const first = await org.api.post('/expenses', body, { idempotencyKey: key });
    const again = await org.api.post('/expenses', body, { idempotencyKey: key });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.expense.expense_id).toBe(first.body.expense.expense_id);
    expect(await journalsOf(first.body.expense.expense_id)).toHaveLength(1);
  });
});

describe('refusals write nothing', () => {
  async function counts() {
    const db = t.app.database.db;
    const n = async (table: 'expenses' | 'journals' | 'outbox_events' | 'activity') =>
      Number((await db.selectFrom(table).select(({ fn }) => fn.countAll<number>().as('n')).where('org_id', '=', org.orgId).executeTakeFirstOrThrow()).n);
    return [await n('expenses'), await n('journals'), await n('outbox_events'), await n('activity')];
  }

  it('paid-through must be a BANK or CASH account of this organisation (404 on the field)', async () => {
    const before = await counts();
    for (const paidThrough of [acc['General Expenses'], acc['Accounts Receivable'], await accountId(other.api, 'Bank'), 'acc_nope']) {
      const res = await createExpense({ account_id: acc['General Expenses'], amount: 10, paid_through_account_id: paidThrough });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found.resource', field: 'paid_through_account_id' });
    }
    expect(await counts()).toEqual(before);
  });

  it('other organisations\' accounts, taxes and vendors are 404 on their field; a customer is not a vendor', async () => {
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ account_id: await accountId(other.api, 'General Expenses'), amount: 10 }, 404, 'not_found.resource', 'account_id'],
      [{ account_id: acc['General Expenses'], amount: 10, tax_id: await taxId(other.api, 18) }, 404, 'not_found.resource', 'tax_id'],
      [{ line_items: [{ account_id: acc['General Expenses'], amount: 1 }, { account_id: await accountId(other.api, 'Purchases'), amount: 1 }] }, 404, 'not_found.resource', 'line_items[1].account_id'],
      [{ account_id: acc['General Expenses'], line_items: [{ amount: 1, tax_id: await taxId(other.api, 5) }] }, 404, 'not_found.resource', 'line_items[0].tax_id'],
      [{ account_id: acc['General Expenses'], amount: 10, vendor_id: await vendor(other.api) }, 404, 'not_found.resource', 'vendor_id'],
      [{ account_id: acc['General Expenses'], amount: 10, vendor_id: await customer(org.api) }, 400, 'validation.invalid_value', 'vendor_id'],
      [{ account_id: acc['General Expenses'], amount: 10, branch_id: other.defaultBranchId }, 404, 'not_found.resource', 'branch_id'],
    ];
    const before = await counts();
    for (const [body, status, code, field] of cases) {
      const res = await createExpense(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatchObject({ code, field });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input: 400 for shape and rules, 422 for an unknown place_of_supply', async () => {
    const before = await counts();
    const base = { account_id: acc['General Expenses'], amount: 10 };
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ account_id: acc['General Expenses'] }, 400, 'validation.required_field', 'amount'],
      [{ amount: 10 }, 400, 'validation.required_field', 'account_id'],
      [{ ...base, amount: 0 }, 400, 'validation.invalid_value', 'amount'],
      [{ ...base, amount: 1.005 }, 400, 'validation.invalid_value', 'amount'],
      [{ ...base, account_id: acc.Bank }, 400, 'validation.invalid_value', 'account_id'],
      [{ ...base, account_id: acc['CGST Input'] }, 400, 'validation.invalid_value', 'account_id'],
      [{ ...base, is_rcm: true }, 400, 'validation.required_field', 'rcm_rate'],
      [{ ...base, rcm_rate: 5 }, 400, 'validation.invalid_value', 'rcm_rate'],
      [{ ...base, is_rcm: true, rcm_rate: 5, tax_id: gst5 }, 400, 'validation.invalid_value', 'tax_id'],
      [{ ...base, is_rcm: true, rcm_rate: 5, line_items: [{ amount: 1, tax_id: gst5 }] }, 400, 'validation.invalid_value', 'line_items[0].tax_id'],
      [{ ...base, is_rcm: true, rcm_rate: 5, is_inclusive_tax: true }, 400, 'validation.invalid_value', 'is_inclusive_tax'],
      [{ ...base, is_rcm: true, rcm_rate: 0 }, 400, 'validation.invalid_value', 'rcm_rate'],
      [{ ...base, itc_blocked_reason: '17(5)(z)' }, 400, 'validation.invalid_value', 'itc_blocked_reason'],
      [{ ...base, mode: 'BARTER' }, 400, 'validation.invalid_value', 'mode'],
      [{ ...base, line_items: [] }, 400, 'validation.invalid_value', 'line_items'],
      [{ ...base, line_items: [{ amount: -1 }] }, 400, 'validation.invalid_value', 'line_items[0].amount'],
      [{ ...base, surprise: 1 }, 400, 'validation.invalid_value', 'surprise'],
      // Amounts within ₹1 lakh crore each, but not with their tax or summed: the money bound.
      [{ ...base, amount: 1_000_000_000_000, tax_id: gst18 }, 400, 'validation.invalid_value', 'amount'],
      [{ ...base, line_items: [{ amount: 10 }, { amount: 1_000_000_000_000, tax_id: gst18 }] }, 400, 'validation.invalid_value', 'line_items[1].amount'],
      [{ ...base, line_items: [{ amount: 700_000_000_000 }, { amount: 700_000_000_000 }] }, 400, 'validation.invalid_value', 'total'],
      [{ ...base, place_of_supply: 'IN-IN' }, 422, 'validation.invalid_value', 'place_of_supply'],
      [{ ...base, vendor_id: 'con_nope', place_of_supply: 'Atlantis' }, 422, 'validation.invalid_value', 'place_of_supply'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await createExpense(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code, field });
    }
    const noDate = await org.api.post('/expenses', { paid_through_account_id: acc.Bank, ...base });
    expect(noDate.body).toMatchObject({ code: 'validation.required_field', field: 'date' });
    expect(await counts()).toEqual(before);
  });
});

describe('updating and deleting', () => {
  it('PUT re-posts: the old entry REVERSED on its own date, the new one POSTED as version 2, balances moved', async () => {
    const e = await created({ account_id: acc['General Expenses'], amount: 1000, tax_id: gst18, reference_number: 'R-1' });
    const [bank, cash, general] = [await accountBalance(org.api, 'Bank'), await accountBalance(org.api, 'Petty Cash'), await accountBalance(org.api, 'General Expenses')];
    t.clock.set(new Date('2026-06-20T06:00:00Z'));
    const res = await org.api.put(`/expenses/${e.expense_id}`, { amount: 2000, paid_through_account_id: acc['Petty Cash'], notes: 'Corrected' });
    t.clock.set(new Date('2026-06-15T06:00:00Z'));
    expect(res.status).toBe(200);
    expect(res.body.expense).toMatchObject({ amount: 2000, total: 2360, paid_through_account_id: acc['Petty Cash'], reference_number: 'R-1', notes: 'Corrected', tax_id: gst18 });
    const journals = await journalsOf(e.expense_id);
    expect(journals.map((j) => [j.kind, j.status, j.source_version, j.date])).toEqual([
      ['POSTING', 'POSTED', 2, '2026-06-15'], ['REVERSAL', 'REVERSAL', 1, '2026-06-15'], ['POSTING', 'REVERSED', 1, '2026-06-15'],
    ]);
    expect(linesOf(journals[1]!)).toEqual([['General Expenses', 0, 1000], ['CGST Input', 0, 90], ['SGST Input', 0, 90], ['Bank', 1180, 0]]);
    expect(linesOf(journals[0]!)).toEqual([['General Expenses', 2000, 0], ['CGST Input', 180, 0], ['SGST Input', 180, 0], ['Petty Cash', 0, 2360]]);
    expect(await accountBalance(org.api, 'Bank')).toBeCloseTo(bank + 1180, 2);
    expect(await accountBalance(org.api, 'Petty Cash')).toBeCloseTo(cash - 2360, 2);
    expect(await accountBalance(org.api, 'General Expenses')).toBeCloseTo(general + 1000, 2);
    const activity = (await org.api.get(`/expenses/${e.expense_id}/activity`)).body.activity;
    expect(activity.map((a: { action: string }) => a.action)).toEqual(['EXPENSE_UPDATED', 'EXPENSE_CREATED']);
    expect(activity[0].changes).toMatchObject({
      amount: { old: 1000, new: 2000 }, total: { old: 1180, new: 2360 }, notes: { old: null, new: 'Corrected' },
      paid_through_account_id: { old: acc.Bank, new: acc['Petty Cash'] },
    });
    expect(activity[0].changes.reference_number).toBeUndefined();
    // The same values again change nothing and post nothing.
    const same = await org.api.put(`/expenses/${e.expense_id}`, { amount: 2000, notes: 'Corrected' });
    expect(same.status).toBe(200);
    expect(await journalsOf(e.expense_id)).toHaveLength(3);
    await expectBooksBalanced(org.api);
  });

  it('PUT moves the date, switches to reverse charge, and a new header tax reaches only the lines that inherit it', async () => {
    const e = await created({
      account_id: acc['General Expenses'], tax_id: gst18, line_items: [{ amount: 100 }, { amount: 100, tax_id: gst5 }, { account_id: acc.Purchases, amount: 50 }],
    });
    const retaxed = await org.api.put(`/expenses/${e.expense_id}`, { tax_id: gst5, account_id: acc['Bank Charges'], date: '2026-06-01' });
    expect(retaxed.status).toBe(200);
    expect(retaxed.body.expense.line_items.map((l: Record<string, unknown>) => [nameOf.get(l.account_id as string), l.tax_percentage])).toEqual([
      ['Bank Charges', 5], ['Bank Charges', 5], ['Purchases', 5],
    ]);
    const journals = await journalsOf(e.expense_id);
    expect(journals.map((j) => [j.kind, j.date])).toEqual([['POSTING', '2026-06-01'], ['REVERSAL', '2026-06-15'], ['POSTING', '2026-06-15']]);

    const plain = await created({ account_id: acc['General Expenses'], amount: 400, tax_id: gst18 });
    const refused = await org.api.put(`/expenses/${plain.expense_id}`, { is_rcm: true, rcm_rate: 18 });
    expect(refused.body).toMatchObject({ code: 'validation.invalid_value', field: 'tax_id' });
    const rcm = await org.api.put(`/expenses/${plain.expense_id}`, { is_rcm: true, rcm_rate: 18, tax_id: null });
    expect(rcm.body.expense).toMatchObject({ is_rcm: true, rcm_rate: 18, tax_total: 72, total: 400 });
    expect(await postedEntry(plain.expense_id)).toEqual([
      ['General Expenses', 400, 0], [RCM_INPUT, 36, 0], [RCM_INPUT, 36, 0], [RCM_PAYABLE, 0, 36], [RCM_PAYABLE, 0, 36], ['Bank', 0, 400],
    ]);
    const back = await org.api.put(`/expenses/${plain.expense_id}`, { is_rcm: false });
    expect(back.body.expense).toMatchObject({ is_rcm: false, rcm_rate: null, tax_total: 0, total: 400 });
    // An itemized expense keeps its lines when only the header amount is sent.
    const ignored = await org.api.put(`/expenses/${e.expense_id}`, { amount: 1 });
    expect(ignored.body.expense.amount).toBe(250);
    await expectBooksBalanced(org.api);
  });

  it('a refused PUT changes nothing', async () => {
    const e = await created({ account_id: acc['General Expenses'], amount: 10 });
    const res = await org.api.put(`/expenses/${e.expense_id}`, { amount: 20, paid_through_account_id: acc['General Expenses'] });
    expect(res.body).toMatchObject({ code: 'not_found.resource', field: 'paid_through_account_id' });
    expect((await org.api.get(`/expenses/${e.expense_id}`)).body.expense).toEqual(e);
    expect(await journalsOf(e.expense_id)).toHaveLength(1);
  });

  it('DELETE reverses the entry on its own date; the expense is then 404 but its timeline stays', async () => {
    const e = await created({ account_id: acc['General Expenses'], amount: 300, tax_id: gst18, date: '2026-06-02' });
    const bank = await accountBalance(org.api, 'Bank');
    const res = await org.api.delete(`/expenses/${e.expense_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'The expense has been deleted.', expense_id: e.expense_id });
    const journals = await journalsOf(e.expense_id);
    expect(journals.map((j) => [j.kind, j.status, j.date])).toEqual([['REVERSAL', 'REVERSAL', '2026-06-02'], ['POSTING', 'REVERSED', '2026-06-02']]);
    expect(linesOf(journals[0]!)).toEqual([['General Expenses', 0, 300], ['CGST Input', 0, 27], ['SGST Input', 0, 27], ['Bank', 354, 0]]);
    expect(await accountBalance(org.api, 'Bank')).toBeCloseTo(bank + 354, 2);
    for (const again of [await org.api.get(`/expenses/${e.expense_id}`), await org.api.delete(`/expenses/${e.expense_id}`), await org.api.put(`/expenses/${e.expense_id}`, { amount: 1 })]) {
      expect(again.status).toBe(404);
      expect(again.body).toMatchObject({ code: 'not_found.resource', field: 'expense_id' });
    }
    expect((await org.api.get('/expenses?per_page=200')).body.expenses.map((x: { expense_id: string }) => x.expense_id)).not.toContain(e.expense_id);
    expect(await actions(e.expense_id)).toEqual(['EXPENSE_DELETED', 'EXPENSE_CREATED']);
    await expectBooksBalanced(org.api);
  });

  it('another organisation\'s expense is 404 to read, change, delete or trace, and stays as it was', async () => {
    const e = await created({ account_id: acc['General Expenses'], amount: 25 });
    for (const res of [
      await other.api.get(`/expenses/${e.expense_id}`), await other.api.put(`/expenses/${e.expense_id}`, { amount: 1 }),
      await other.api.delete(`/expenses/${e.expense_id}`), await other.api.get(`/expenses/${e.expense_id}/activity`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found.resource');
    }
    expect((await org.api.get(`/expenses/${e.expense_id}`)).body.expense).toEqual(e);
    expect(await journalsOf(e.expense_id)).toHaveLength(1);
  });

  it('a vendor with expenses cannot be deleted', async () => {
    const vendorId = await vendor(org.api);
    await created({ account_id: acc['General Expenses'], amount: 5, vendor_id: vendorId });
    const res = await org.api.delete(`/contacts/${vendorId}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict.invalid_state');
  });
});

describe('listing', () => {
  it('walks pages by cursor, newest first, with vendor, account and date filters', async () => {
    const o = await t.given.org({ state_code: 'IN-KA' });
    const [bank, general, purchases] = [await accountId(o.api, 'Bank'), await accountId(o.api, 'General Expenses'), await accountId(o.api, 'Purchases')];
    const vendorId = await vendor(o.api);
    const make = async (body: Record<string, unknown>) => (await o.api.post('/expenses', { paid_through_account_id: bank, account_id: general, amount: 10, ...body })).body.expense.expense_id as string;
    const ids = [
      await make({ date: '2026-05-01' }),
      await make({ date: '2026-05-10', vendor_id: vendorId }),
      await make({ date: '2026-05-20', line_items: [{ account_id: purchases, amount: 3 }] }),
      await make({ date: '2026-06-01', vendor_id: vendorId }),
      await make({ date: '2026-06-10' }),
    ];
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 5; page++) {
      const res = await o.api.get(`/expenses?per_page=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.expenses.map((x: { expense_id: string }) => x.expense_id));
      if (!res.body.page_context.has_more_page) break;
      cursor = res.body.page_context.next_cursor;
    }
    expect(seen).toEqual([...ids].reverse());
    const list = async (query: string) => (await o.api.get(`/expenses?${query}`)).body.expenses.map((x: { expense_id: string }) => x.expense_id);
    expect(await list(`vendor_id=${vendorId}`)).toEqual([ids[3], ids[1]]);
    expect(await list(`account_id=${purchases}`)).toEqual([ids[2]]);
    expect(await list('date_from=2026-05-10&date_to=2026-06-01')).toEqual([ids[3], ids[2], ids[1]]);
    expect(await list(`paid_through_account_id=${await accountId(o.api, 'Petty Cash')}`)).toEqual([]);
    const bad = await o.api.get('/expenses?cursor=forged');
    expect(bad.body).toMatchObject({ code: 'validation.invalid_value', field: 'cursor' });
    await expectBooksBalanced(o.api);
  });
});

describe('the books', () => {
  it('every expense agrees with its postings (ledger verify) and the trial balance balances', async () => {
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });
});
