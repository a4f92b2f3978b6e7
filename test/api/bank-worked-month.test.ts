import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import { gstOrg, OTHER_STATE_GSTIN } from '../support/gst-documents';
import { taxId } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * October 2026 of a Bengaluru business closed against its HDFC statement: 60 lines against 55
 * entries of the books. Every figure is worked by hand below.
 *
 * Books (bank entries): 30 UPI receipts (₹1,000 + ₹100 × i on 1–30 October: 30,000 + 100 × 465 =
 * ₹76,500), 15 NEFT payments to vendors (₹10,000 + ₹500 × j on the 2nd, 4th, … 30th: 150,000 +
 * 500 × 120 = ₹2,10,000), three cheques received on the 19th (25,000 + 15,000 + 10,000 = ₹50,000),
 * ₹10,000 taken to petty cash on the 15th, five expenses (40,000 + 6,230 + 1,180 + 12,345 + 950 =
 * ₹60,705) and a cheque of ₹20,000 to a vendor on the 28th that the bank has not yet seen. The
 * opening ₹5,00,000 is a journal of 30 September. Card receipts go to a Razorpay clearing account
 * (2,950 + 4,720 + 5,900 + 1,770 + 3,540 = ₹18,880), not to the bank.
 *
 * Statement: the 30 UPI credits, 15 NEFT debits, one deposit of the three cheques, the ATM
 * withdrawal, the five expenses' debits, five Razorpay settlements, service charges ₹500 with
 * their IGST ₹90 on two lines, and interest ₹1,234.56: 30 + 15 + 1 + 1 + 5 + 5 + 2 + 1 = 60.
 *   in:  76,500 + 50,000 + 18,880 + 1,234.56 = ₹1,46,614.56
 *   out: 2,10,000 + 10,000 + 60,705 + 500 + 90 = ₹2,81,295
 *   closing: 5,00,000 + 1,46,614.56 − 2,81,295 = ₹3,65,319.56
 * Books on 31 October, once the settlements, charges and interest are entered: 5,00,000 + 76,500 +
 * 50,000 − 2,10,000 − 10,000 − 60,705 − 20,000 + 18,880 − 590 + 1,234.56 = ₹3,45,319.56, and the
 * bank's ₹3,65,319.56 is that plus the ₹20,000 cheque not yet presented.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
let t: TestApp;
let org: OrgFixture;
let bank: string;
let statement: Json;
const ids: Record<string, string> = {};
const day = (d: number) => `2026-10-${String(d).padStart(2, '0')}`;
const pad = (n: number) => String(n).padStart(2, '0');

const CUSTOMERS = [['Asha Stores', 'ashastores@okaxis'], ['Bharat Kirana', 'bharatkirana@ybl'], ['Chandra Medicals', 'chandramed@oksbi'],
  ['Deepak Textiles', 'deepaktex@paytm'], ['Esha Foods', 'eshafoods@okicici']] as const;
const VENDORS = ['Kaveri Packaging', 'Malnad Logistics', 'Tunga Chemicals'] as const;
const EXPENSES = [[5, 40000, 'Office rent', 'NEFT DR-PRESTIGE ESTATES-RENT OCT 26'], [8, 6230, 'Electricity', 'BILLDESK BESCOM 0123456789'],
  [10, 1180, 'Internet', 'ACT FIBERNET AUTOPAY 88812'], [12, 12345, 'Insurance', 'NACH DR ICICI LOMBARD GIC 5512'], [22, 950, 'Courier', 'POS 416021XXXXXX1234 BLUE DART']] as const;
const RAZORPAY = [[3, 2950], [9, 4720], [16, 5900], [23, 1770], [29, 3540]] as const;
const CHEQUES = [[25000, 'CHQ 100231'], [15000, 'CHQ 554120'], [10000, 'CHQ 778003']] as const;

const created = async (path: string, body: Json, key = newKey()) => {
  const res = await org.api.post(path, body, { idempotencyKey: key });
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
  return res.body as Json;
};
const payment = (body: Json) => created('/payments', { bank_account_id: bank, ...body });

/** One statement line as HDFC writes it: DD/MM/YY dates, amounts with Indian grouping. */
interface Line { d: number; narration: string; ref: string; out?: number; in?: number }
const rupees = (paise: number) => {
  const [whole, frac] = [Math.floor(paise / 100), String(paise % 100).padStart(2, '0')];
  const s = String(whole);
  const grouped = s.length <= 3 ? s : `${s.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${s.slice(-3)}`;
  return `${grouped}.${frac}`;
};

function statementLines(): Line[] {
  const lines: Line[] = [];
  for (let i = 1; i <= 30; i++) {
    const [name, vpa] = CUSTOMERS[(i - 1) % 5]!;
    lines.push({ d: i, narration: `UPI-${name.toUpperCase()}-${vpa}-6123456789${pad(i)}-PAYMENT`, ref: `6123456789${pad(i)}`, in: 1000 + 100 * i });
  }
  for (let j = 1; j <= 15; j++) {
    lines.push({ d: 2 * j, narration: `NEFT DR-SBIN0001234-${VENDORS[(j - 1) % 3]!.toUpperCase()}-NETBANK, MUM-HDFCN520261000${pad(j)}`, ref: `HDFCN520261000${pad(j)}`, out: 10000 + 500 * j });
  }
  lines.push({ d: 20, narration: 'CHQ DEP - MICR CLG - BANGALORE - 3 INSTRUMENTS', ref: '0000000000000000', in: 50000 });
  lines.push({ d: 15, narration: 'ATW-416021XXXXXX1234-S1ANBL12-BANGALORE', ref: '0000416021', out: 10000 });
  for (const [d, amount, , narration] of EXPENSES) lines.push({ d, narration, ref: `EXP${d}`, out: amount });
  for (const [d, amount] of RAZORPAY) lines.push({ d: d + 1, narration: 'NEFT CR-UTIB0000100-RAZORPAY SOFTWARE PVT LTD-SETTLEMENT', ref: `AXISCN00${pad(d)}8812`, in: amount });
  lines.push({ d: 31, narration: 'SERVICE CHARGES OCT-26', ref: 'SC2610', out: 500 });
  lines.push({ d: 31, narration: 'IGST ON SERVICE CHARGES', ref: 'SC2610', out: 90 });
  lines.push({ d: 31, narration: 'CREDIT INTEREST CAPITALISED', ref: 'INT2610', in: 1234.56 });
  // Sorted by day as the bank lists them; a stable sort keeps the order of one day's lines.
  return lines.sort((a, b) => a.d - b.d);
}

/** The statement as HDFC's CSV download: its header, and each line's running balance from ₹5,00,000. */
function hdfcCsv(lines: Line[]): string {
  let balance = 500_000_00;
  const rows = lines.map((l) => {
    balance += Math.round((l.in ?? 0) * 100) - Math.round((l.out ?? 0) * 100);
    const date = `${pad(l.d)}/10/26`;
    return [date, `"${l.narration}"`, l.ref, date, l.out === undefined ? '' : `"${rupees(Math.round(l.out * 100))}"`,
      l.in === undefined ? '' : `"${rupees(Math.round(l.in * 100))}"`, `"${rupees(balance)}"`].join(',');
  });
  return ['Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance', ...rows].join('\n') + '\n';
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-11-05T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  const prefs = await t.admin.put(`/orgs/${org.orgId}/preferences`, { bankAutoMatchOnImport: true });
  expect(prefs.status, JSON.stringify(prefs.body)).toBe(200);
  bank = await accountId(api, 'Bank');
  ids.pettyCash = await accountId(api, 'Petty Cash');
  ids.general = await accountId(api, 'General Expenses');
  ids.charges = await accountId(api, 'Bank Charges');
  ids.otherIncome = await accountId(api, 'Other Income');
  ids.equity = await accountId(api, "Owner's Equity");
  const clearing = await t.admin.post(`/orgs/${org.orgId}/accounts`, { account_name: 'Razorpay Clearing', account_type: 'CASH' });
  expect(clearing.status, JSON.stringify(clearing.body)).toBe(201);
  ids.clearing = clearing.body.account.account_id;
  ids.gst18 = await taxId(api, 18);

  const customers = [];
  for (const [name, vpa] of CUSTOMERS) customers.push((await created('/contacts', { contact_name: name, contact_type: 'CUSTOMER', upi_vpa: vpa })).contact.contact_id);
  const vendors = [];
  for (const name of VENDORS) vendors.push((await created('/contacts', { contact_name: name, contact_type: 'VENDOR' })).contact.contact_id);
  ids.hdfc = (await created('/contacts', {
    contact_name: 'HDFC Bank Ltd', contact_type: 'VENDOR', gst_no: OTHER_STATE_GSTIN,
    billing_address: { address: 'HDFC Bank House, Senapati Bapat Marg', city: 'Mumbai', state_code: 'IN-MH', zip: '400013', country: 'India' },
  })).contact.contact_id;

  await created('/journals', { date: '2026-09-30', memo: 'Capital brought in', lines: [{ account_id: bank, debit: 500000 }, { account_id: ids.equity, credit: 500000 }] });
  for (let i = 1; i <= 30; i++) {
    await payment({ flow: 'INCOMING', contact_id: customers[(i - 1) % 5], date: day(i), amount: 1000 + 100 * i, mode: 'UPI', reference_number: `6123456789${pad(i)}` });
  }
  for (let j = 1; j <= 15; j++) {
    await payment({ flow: 'OUTGOING', contact_id: vendors[(j - 1) % 3], date: day(2 * j), amount: 10000 + 500 * j, mode: 'BANK_TRANSFER', reference_number: `HDFCN520261000${pad(j)}` });
  }
  for (const [k, [amount, ref]] of CHEQUES.entries()) {
    ids[`cheque${k}`] = (await payment({ flow: 'INCOMING', contact_id: customers[k], date: day(19), amount, mode: 'CHEQUE', reference_number: ref })).payment.payment_id;
  }
  await created('/journals', { date: day(15), memo: 'Cash for the office', lines: [{ account_id: ids.pettyCash, debit: 10000 }, { account_id: bank, credit: 10000 }] });
  for (const [d, amount, description] of EXPENSES) {
    await created('/expenses', { date: day(d), account_id: ids.general, paid_through_account_id: bank, amount, notes: description });
  }
  ids.unpresented = (await payment({ flow: 'OUTGOING', contact_id: vendors[0], date: day(28), amount: 20000, mode: 'CHEQUE', reference_number: 'CHQ 000451' })).payment.payment_id;
  for (const [d, amount] of RAZORPAY) {
    await created('/payments', { flow: 'INCOMING', contact_id: customers[d % 5], date: day(d), amount, mode: 'CARD', bank_account_id: ids.clearing });
  }
  // Razorpay's settlements are transfers from the clearing account: a rule makes them as the statement comes in.
  await created('/bank_rules', {
    name: 'Razorpay settlements', account_id: bank, priority: 10, condition: { contains: 'razorpay', direction: 'IN' }, action: 'CREATE',
    target: { type: 'TRANSFER', account_id: ids.clearing },
  });

  const form = new FormData();
  form.set('file', new Blob([hdfcCsv(statementLines())]), 'Acct_Statement_XX1234_01102026.csv');
  const res = await api.postForm(`/bank_accounts/${bank}/statements`, form, { idempotencyKey: newKey() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  statement = res.body.bank_statement;
}, 180_000);

afterAll(async () => t?.close());

const lines = async (status: string) => {
  const res = await org.api.get(`/bank_transactions?account_id=${bank}&status=${status}&per_page=200`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.bank_transactions as Json[];
};
const lineNamed = async (narration: string) => (await lines('unmatched')).find((l) => l.narration === narration)!;

describe('a month closed against the bank statement', () => {
  it('imports the 60 lines from ₹5,00,000 to ₹3,65,319.56, matching 51 alone and making the 5 settlements by the rule', async () => {
    // 30 receipts + 15 payments + the ATM withdrawal + 5 expenses each have one exact candidate; the rule makes the 5 settlements.
    expect(statement).toMatchObject({ format: 'CSV', preset: 'HDFC', lines: 60, new_lines: 60, matched: 56, opening_balance: 500000, closing_balance: 365319.56 });
    expect(await lines('matched')).toHaveLength(56);
    expect((await lines('unmatched')).map((l) => l.narration).sort()).toEqual([
      'CHQ DEP - MICR CLG - BANGALORE - 3 INSTRUMENTS', 'CREDIT INTEREST CAPITALISED', 'IGST ON SERVICE CHARGES', 'SERVICE CHARGES OCT-26',
    ]);
  });

  it('matches the deposit of three cheques to the three receipts it holds', async () => {
    const deposit = await lineNamed('CHQ DEP - MICR CLG - BANGALORE - 3 INSTRUMENTS');
    const suggested = await org.api.get(`/bank_transactions/${deposit.bank_transaction_id}/candidates`);
    expect(suggested.status, JSON.stringify(suggested.body)).toBe(200);
    const cheques = [ids.cheque0, ids.cheque1, ids.cheque2];
    // No one receipt is the deposit's amount, so nothing is suggested; the window's candidates hold the three cheques.
    expect((await org.api.get(`/bank_transactions/${deposit.bank_transaction_id}/suggestions`)).body.suggestions).toEqual([]);
    expect((suggested.body.candidates as Json[]).map((c) => c.source_id)).toEqual(expect.arrayContaining(cheques));
    const res = await org.api.post(`/bank_transactions/${deposit.bank_transaction_id}/match`, {
      entries: cheques.map((id) => ({ source: 'PAYMENT', source_id: id })),
    }, { idempotencyKey: newKey() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.bank_match.entries.map((e: Json) => e.amount)).toEqual([25000, 15000, 10000]);
  });

  it('makes the bank charges (₹500 + IGST ₹90 from the Maharashtra bank) one expense of both lines, and the interest a journal', async () => {
    const charge = await lineNamed('SERVICE CHARGES OCT-26');
    const igst = await lineNamed('IGST ON SERVICE CHARGES');
    const expense = await created(`/bank_transactions/${charge.bank_transaction_id}/create`, {
      type: 'EXPENSE', contact_id: ids.hdfc, account_id: ids.charges, tax_id: ids.gst18, gst_line_id: igst.bank_transaction_id,
    });
    expect(expense.created).toMatchObject({ type: 'EXPENSE', amount: -590, bank_transaction_ids: [charge.bank_transaction_id, igst.bank_transaction_id] });
    expect(expense.expense).toMatchObject({ sub_total: 500, tax_total: 90, total: 590 });
    const interest = await lineNamed('CREDIT INTEREST CAPITALISED');
    const journal = await created(`/bank_transactions/${interest.bank_transaction_id}/create`, { type: 'JOURNAL', account_id: ids.otherIncome, description: 'Savings interest, October' });
    expect(journal.created).toMatchObject({ type: 'JOURNAL', amount: 1234.56 });
    expect(await lines('unmatched')).toEqual([]);
  });

  it('closes the reconciliation at the bank\'s ₹3,65,319.56 and reports the cheque not yet presented', async () => {
    const rec = (await created(`/bank_accounts/${bank}/reconciliations`, { statement_date: '2026-10-31', closing_balance: 365319.56 })).reconciliation;
    expect(rec).toMatchObject({ status: 'OPEN', cleared_balance: 365319.56, difference: 0, line_count: 60 });
    const closed = await org.api.post(`/bank_accounts/${bank}/reconciliations/${rec.reconciliation_id}/close`, {}, { idempotencyKey: newKey() });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.reconciliation).toMatchObject({ status: 'CLOSED' });

    const report = await org.api.get(`/reports/bank_reconciliation?account_id=${bank}&date=2026-10-31`);
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.bank_reconciliation).toMatchObject({
      balance_per_books: 345319.56,
      deposits_not_yet_credited: { total: 0, items: [] },
      cheques_not_yet_presented: { total: 20000, items: [expect.objectContaining({ amount: 20000, reference: 'CHQ 000451' })] },
      bank_credits_not_in_books: { total: 0 },
      bank_debits_not_in_books: { total: 0 },
      balance_per_bank: 365319.56,
      holds: true,
    });
  });

  it('refuses, once reconciled, to delete a receipt matched to a reconciled line', async () => {
    const receipt = (await org.api.get(`/bank_transactions/${(await lines('matched'))[0]!.bank_transaction_id}`)).body.bank_transaction;
    const entry = receipt.matches?.[0] ?? receipt.match?.entries?.[0];
    expect(entry, JSON.stringify(receipt)).toBeTruthy();
    const res = await org.api.delete(`/payments/${entry.source_id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.code).toBe('conflict.reconciled');
    await expectBooksBalanced(org.api);
  });
});
