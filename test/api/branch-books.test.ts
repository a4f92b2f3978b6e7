import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import { createDebitNote, createInvoice, customer, postedBill, taxId, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Books per GST registration: every journal line names its branch, an entry that spans branches
 * balances in each through Inter-branch Transfers, and the trial balance and the journal list
 * read one branch's books.
 */

let t: TestApp;
let org: OrgFixture;
let mumbai: string;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-30T06:00:00Z'));
  org = await t.given.org({ state_code: 'IN-KA' });
  const branch = await t.admin.post(`/orgs/${org.orgId}/branches`, { name: 'Mumbai', state_code: 'IN-MH' });
  mumbai = branch.body.branch.branch_id;
});
afterAll(async () => { await t.close(); });

const pay = (body: Record<string, unknown>) => org.api.post('/payments', body, { idempotencyKey: newKey() });

interface Line { account_id: string; debit: number; credit: number; branch_id: string }
interface TrialRow { account_name: string; debit: number; credit: number }

async function journalOf(source: string, sourceId: string) {
  const res = await org.api.get(`/journals?source=${source}&source_id=${sourceId}`);
  expect(res.status).toBe(200);
  expect(res.body.journals).toHaveLength(1);
  return res.body.journals[0] as { journal_id: string; branch_id: string; lines: Line[] };
}

async function trialBalance(query: string) {
  const res = await org.api.get(`/reports/trial_balance${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const tb = res.body.trial_balance;
  return { ...tb, byName: Object.fromEntries(tb.accounts.map((a: TrialRow) => [a.account_name, [a.debit, a.credit]])) };
}

describe('a receipt in one branch settling an invoice of another', () => {
  it('reduces the receivable in the invoice branch, raises the bank in the receiving branch, and each balances through Inter-branch Transfers', async () => {
    const customerId = await customer(org.api);
    // Mumbai (IN-MH) sells into Karnataka: 1,000.00 + IGST 18% 180.00 = 1,180.00.
    const invoice = await createInvoice(org.api, {
      customer_id: customerId, date: '2026-06-10', place_of_supply: 'IN-KA', branch_id: mumbai, auto_approve: true,
      line_items: [{ name: 'Goods', hsn_or_sac: '8471', rate: 1000, quantity: 1, tax_id: await taxId(org.api, 18) }],
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const invoiceId = invoice.body.invoice.invoice_id;
    expect(invoice.body.invoice.total).toBe(1180);
    const posted = await journalOf('INVOICE', invoiceId);
    expect(posted.branch_id).toBe(mumbai);
    expect(posted.lines.every((l) => l.branch_id === mumbai)).toBe(true);

    // Received at the head office (the default branch, Bengaluru).
    const payment = await pay({ flow: 'INCOMING', contact_id: customerId, date: '2026-06-20', amount: 1180, allocations: [{ invoice_id: invoiceId, amount: 1180 }] });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    expect(payment.body.payment.branch_id).toBe(org.defaultBranchId);
    const paymentId = payment.body.payment.payment_id;

    const [bank, advances, receivable, interBranch] = await Promise.all(
      ['Bank', 'Advances from Customers', 'Accounts Receivable', 'Inter-branch Transfers'].map((n) => accountId(org.api, n)),
    );
    const receipt = await journalOf('PAYMENT', paymentId);
    expect(receipt.lines.map((l) => [l.account_id, l.debit, l.credit, l.branch_id])).toEqual([
      [bank, 1180, 0, org.defaultBranchId],
      [advances, 0, 1180, org.defaultBranchId],
    ]);
    const allocationId = (await org.api.get(`/payments/${paymentId}`)).body.payment.allocations[0].allocation_id;
    const allocation = await journalOf('ALLOCATION', allocationId);
    expect(allocation.branch_id).toBe(org.defaultBranchId);
    expect(allocation.lines.map((l) => [l.account_id, l.debit, l.credit, l.branch_id])).toEqual([
      [advances, 1180, 0, org.defaultBranchId],
      [receivable, 0, 1180, mumbai],
      [interBranch, 0, 1180, org.defaultBranchId],
      [interBranch, 1180, 0, mumbai],
    ]);

    // Mumbai's books: the sale, its IGST, the receivable settled, and what head office holds for it.
    const mumbaiBooks = await trialBalance(`?branch_id=${mumbai}`);
    expect(mumbaiBooks.branch_id).toBe(mumbai);
    expect(mumbaiBooks.byName).toEqual({
      'Accounts Receivable': [1180, 1180], 'IGST Output': [0, 180], Sales: [0, 1000], 'Inter-branch Transfers': [1180, 0],
    });
    expect(mumbaiBooks).toMatchObject({ total_debit: 2360, total_credit: 2360, balanced: true });
    const headOffice = await trialBalance(`?branch_id=${org.defaultBranchId}`);
    expect(headOffice.byName).toEqual({
      Bank: [1180, 0], 'Advances from Customers': [1180, 1180], 'Inter-branch Transfers': [0, 1180],
    });
    expect(headOffice).toMatchObject({ total_debit: 2360, total_credit: 2360, balanced: true });
    // The whole organisation: the two branches' transfers cancel.
    const whole = await trialBalance('');
    expect(whole.branch_id).toBeNull();
    expect(whole.byName['Inter-branch Transfers']).toEqual([1180, 1180]);

    // The journal list of Mumbai's books: the invoice and the allocation, not the receipt.
    const listed = await org.api.get(`/journals?branch_id=${mumbai}`);
    expect(listed.body.journals.map((j: { journal_id: string }) => j.journal_id).sort()).toEqual([posted.journal_id, allocation.journal_id].sort());

    // Deleting the payment mirrors each line in its own branch.
    expect((await org.api.delete(`/payments/${paymentId}`)).status).toBe(200);
    expect((await trialBalance(`?branch_id=${mumbai}`)).byName['Accounts Receivable']).toEqual([2360, 1180]);
    expect((await trialBalance(`?branch_id=${org.defaultBranchId}`)).byName.Bank).toEqual([1180, 1180]);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });
});

describe('branch_id on payments, expenses and manual journals', () => {
  it('defaults to the default branch, is stored and returned, and another organisation\'s branch is 404', async () => {
    const customerId = await customer(org.api);
    const inMumbai = await pay({ flow: 'INCOMING', contact_id: customerId, date: '2026-06-21', amount: 50, branch_id: mumbai });
    expect(inMumbai.status, JSON.stringify(inMumbai.body)).toBe(201);
    expect(inMumbai.body.payment.branch_id).toBe(mumbai);
    expect((await org.api.get(`/payments/${inMumbai.body.payment.payment_id}`)).body.payment.branch_id).toBe(mumbai);
    expect((await journalOf('PAYMENT', inMumbai.body.payment.payment_id)).lines.every((l) => l.branch_id === mumbai)).toBe(true);

    // An expense already names its branch; its entry is in that branch's books.
    const [bank, rent] = [await accountId(org.api, 'Bank'), await accountId(org.api, 'General Expenses')];
    const expense = await org.api.post('/expenses', {
      date: '2026-06-21', account_id: rent, paid_through_account_id: bank, amount: 70, branch_id: mumbai,
    }, { idempotencyKey: newKey() });
    expect(expense.status, JSON.stringify(expense.body)).toBe(201);
    const expenseEntry = await journalOf('EXPENSE', expense.body.expense.expense_id);
    expect(expenseEntry.branch_id).toBe(mumbai);
    expect(expenseEntry.lines.map((l) => [l.account_id, l.debit, l.credit, l.branch_id])).toEqual([[rent, 70, 0, mumbai], [bank, 0, 70, mumbai]]);

    const other = await t.given.org();
    const foreign = await pay({ flow: 'INCOMING', contact_id: customerId, date: '2026-06-21', amount: 50, branch_id: other.defaultBranchId });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'not_found.resource', field: 'branch_id' });
    expect((await org.api.get(`/reports/trial_balance?branch_id=${other.defaultBranchId}`)).body).toMatchObject({ code: 'not_found.resource', field: 'branch_id' });
  });

  it('posts a manual entry in its branch, a line naming another branch balances through Inter-branch Transfers', async () => {
    const [bank, expenses, interBranch] = await Promise.all(['Bank', 'General Expenses', 'Inter-branch Transfers'].map((n) => accountId(org.api, n)));
    const own = await org.api.post('/journals', {
      date: '2026-06-22', memo: 'Mumbai rent', branch_id: mumbai, lines: [{ account_id: expenses, debit: 300 }, { account_id: bank, credit: 300 }],
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.journal.branch_id).toBe(mumbai);
    expect(own.body.journal.lines.map((l: Line) => l.branch_id)).toEqual([mumbai, mumbai]);

    // Head office pays Mumbai's electricity: the expense is Mumbai's, the bank head office's.
    const spanning = await org.api.post('/journals', {
      date: '2026-06-22', memo: 'Electricity paid for Mumbai',
      lines: [{ account_id: expenses, debit: 120, branch_id: mumbai }, { account_id: bank, credit: 120 }],
    });
    expect(spanning.status, JSON.stringify(spanning.body)).toBe(201);
    expect(spanning.body.journal).toMatchObject({ branch_id: org.defaultBranchId, total: 240 });
    expect(spanning.body.journal.lines.map((l: Line) => [l.account_id, l.debit, l.credit, l.branch_id])).toEqual([
      [expenses, 120, 0, mumbai],
      [bank, 0, 120, org.defaultBranchId],
      [interBranch, 0, 120, mumbai],
      [interBranch, 120, 0, org.defaultBranchId],
    ]);

    const other = await t.given.org();
    const foreign = await org.api.post('/journals', {
      date: '2026-06-22', lines: [{ account_id: expenses, debit: 1 }, { account_id: bank, credit: 1, branch_id: other.defaultBranchId }],
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'not_found.resource', field: 'lines[1].branch_id' });
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });
});

describe('a payment made at head office for a bill of Mumbai', () => {
  it('lowers Mumbai\'s payable and head office\'s bank; its branch cannot change while applied, and moves its entry when unapplied', async () => {
    const vendorId = await vendor(org.api);
    const bill = await postedBill(org.api, vendorId, 600, { branch_id: mumbai });
    expect(bill.branch_id).toBe(mumbai);
    const payment = await pay({ flow: 'OUTGOING', contact_id: vendorId, date: '2026-06-20', amount: 600, allocations: [{ bill_id: bill.bill_id, amount: 600 }] });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    const paymentId = payment.body.payment.payment_id;
    const [advances, payable, interBranch] = await Promise.all(['Advances to Vendors', 'Accounts Payable', 'Inter-branch Transfers'].map((n) => accountId(org.api, n)));
    const allocation = await journalOf('ALLOCATION', payment.body.payment.allocations[0].allocation_id);
    expect(allocation.lines.map((l) => [l.account_id, l.debit, l.credit, l.branch_id])).toEqual([
      [advances, 0, 600, org.defaultBranchId],
      [payable, 600, 0, mumbai],
      [interBranch, 600, 0, org.defaultBranchId],
      [interBranch, 0, 600, mumbai],
    ]);

    const moved = await org.api.put(`/payments/${paymentId}`, { branch_id: mumbai });
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ code: 'conflict.allocated', field: 'branch_id' });
    const allocationId = payment.body.payment.allocations[0].allocation_id;
    expect((await org.api.delete(`/payments/${paymentId}/allocations/${allocationId}`)).status).toBe(200);
    const unapplied = await org.api.put(`/payments/${paymentId}`, { branch_id: mumbai });
    expect(unapplied.status, JSON.stringify(unapplied.body)).toBe(200);
    expect(unapplied.body.payment.branch_id).toBe(mumbai);
    const live = (await org.api.get(`/journals?source=PAYMENT&source_id=${paymentId}`)).body.journals
      .filter((j: { status: string }) => j.status === 'POSTED') as { branch_id: string; lines: Line[] }[];
    expect(live).toHaveLength(1);
    expect(live[0]!.lines.every((l) => l.branch_id === mumbai)).toBe(true);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });
});

describe('branch_id on credit notes', () => {
  it('records a note in the branch named (its journal there), keeps a note in its invoice\'s branch, and applies it only within one branch', async () => {
    const customerId = await customer(org.api);
    const note = await org.api.post('/credit_notes', {
      customer_id: customerId, date: '2026-06-23', place_of_supply: 'IN-KA', branch_id: mumbai, line_items: [{ name: 'Goodwill', hsn_or_sac: '9983', rate: 100, quantity: 1 }],
    }, { idempotencyKey: newKey() });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.credit_note.branch_id).toBe(mumbai);
    expect((await journalOf('CREDIT_NOTE', note.body.credit_note.credit_note_id)).lines.every((l) => l.branch_id === mumbai)).toBe(true);

    const invoice = await createInvoice(org.api, {
      customer_id: customerId, date: '2026-06-20', place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Goods', hsn_or_sac: '8471', rate: 500, quantity: 1 }],
    });
    const invoiceId = invoice.body.invoice.invoice_id;
    const elsewhere = await org.api.post('/credit_notes', {
      customer_id: customerId, invoice_id: invoiceId, branch_id: mumbai, date: '2026-06-23',
      line_items: [{ invoice_line_item_id: invoice.body.invoice.line_items[0].line_item_id, amount: 100 }],
    }, { idempotencyKey: newKey() });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({ code: 'validation.invalid_value', field: 'branch_id', details: { invoice_branch_id: org.defaultBranchId } });

    const applied = await org.api.post(`/credit_notes/${note.body.credit_note.credit_note_id}/apply-to-invoice`, { invoice_id: invoiceId, amount: 50 }, { idempotencyKey: newKey() });
    expect(applied.status).toBe(400);
    expect(applied.body).toMatchObject({ code: 'validation.invalid_value', field: 'invoice_id', details: { invoice_branch_id: org.defaultBranchId, branch_id: mumbai } });
    // A debit note without a bill, raised from Mumbai.
    const vendorId = await vendor(org.api);
    const debitNote = await createDebitNote(org.api, {
      vendor_id: vendorId, date: '2026-06-23', place_of_supply: 'IN-KA', branch_id: mumbai, line_items: [{ name: 'Returned', rate: 40, quantity: 1 }],
    });
    expect(debitNote.status, JSON.stringify(debitNote.body)).toBe(201);
    expect(debitNote.body.debit_note.branch_id).toBe(mumbai);
    expect((await journalOf('DEBIT_NOTE', debitNote.body.debit_note.debit_note_id)).lines.every((l) => l.branch_id === mumbai)).toBe(true);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });
});

describe('ledger verify', () => {
  it('reports an entry that balances in total but not in each branch', async () => {
    const other = await t.given.org();
    const branch = await t.admin.post(`/orgs/${other.orgId}/branches`, { name: 'Pune', state_code: 'IN-MH' });
    const bank = await accountId(other.api, 'Bank');
    const expenses = await accountId(other.api, 'General Expenses');
    const entry = await other.api.post('/journals', { date: '2026-06-22', lines: [{ account_id: expenses, debit: 10 }, { account_id: bank, credit: 10 }] });
    const journalId = entry.body.journal.journal_id;
    expect(await t.app.reports.verify(other.orgId)).toEqual([]);
    // Written behind the ledger's back: the bank line moved to Pune alone.
    await t.app.database.db.updateTable('journal_lines').set({ branch_id: branch.body.branch.branch_id })
      .where('org_id', '=', other.orgId).where('journal_id', '=', journalId).where('account_id', '=', bank).execute();
    const problems = await t.app.reports.verify(other.orgId);
    const [unbalanced, balances] = [problems.filter((p) => p.startsWith('journal ')), problems.filter((p) => !p.startsWith('journal '))];
    expect(unbalanced).toHaveLength(2);
    expect(unbalanced.every((p) => p.startsWith(`journal ${journalId} of ${other.orgId} does not balance in branch `))).toBe(true);
    // The bank's day balances, kept by the ledger, no longer match the lines in either branch.
    expect(balances).toHaveLength(2);
    expect(balances.every((p) => p.startsWith(`the balance of account ${bank} of ${other.orgId} in branch `))).toBe(true);
  });
});

describe('a branch\'s GSTIN', () => {
  // AAPFU0939F's registrations in Maharashtra (27), Karnataka (29) and Gujarat (24); another PAN's in Karnataka.
  const MH = '27AAPFU0939F1ZV';
  const KA = '29AAPFU0939F1ZR';
  const GJ = '24AAPFU0939F1Z1';
  const OTHER_PAN_KA = '29AAGCB7383J1Z4';

  it('starts with its state\'s code: a Gujarat branch with a Maharashtra GSTIN is 400 naming the state code', async () => {
    const made = await t.admin.post('/orgs', { name: 'Udyog', state_code: 'IN-MH', gstin: MH });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const orgId = made.body.org.org_id;
    const wrong = await t.admin.post(`/orgs/${orgId}/branches`, { name: 'Surat', state_code: 'IN-GJ', gstin: MH });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'validation.invalid_value', field: 'gstin', details: { reason: 'state_code_mismatch', expected: '24' } });
    expect(wrong.body.message).toContain('state code 24');
    const right = await t.admin.post(`/orgs/${orgId}/branches`, { name: 'Surat', state_code: 'IN-GJ', gstin: GJ });
    expect(right.status, JSON.stringify(right.body)).toBe(201);

    const organisation = await t.admin.post('/orgs', { name: 'Mismatch', state_code: 'IN-KA', gstin: MH });
    expect(organisation.status).toBe(400);
    expect(organisation.body).toMatchObject({ code: 'validation.invalid_value', field: 'gstin', details: { reason: 'state_code_mismatch', expected: '29' } });
  });

  it('carries the PAN of the organisation\'s other registrations', async () => {
    const made = await t.admin.post('/orgs', { name: 'Udyog Two', state_code: 'IN-MH', gstin: MH });
    const orgId = made.body.org.org_id;
    const wrong = await t.admin.post(`/orgs/${orgId}/branches`, { name: 'Bengaluru', state_code: 'IN-KA', gstin: OTHER_PAN_KA });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'validation.invalid_value', field: 'gstin', details: { reason: 'pan_mismatch', expected: 'AAPFU0939F' } });
    expect(wrong.body.message).toContain('characters 3-12');
    expect((await t.admin.post(`/orgs/${orgId}/branches`, { name: 'Bengaluru', state_code: 'IN-KA', gstin: KA })).status).toBe(201);

    // An organisation without a GSTIN: its first registered branch sets the PAN for the next.
    const bare = await t.admin.post('/orgs', { name: 'Unregistered HO', state_code: 'IN-KA' });
    const bareId = bare.body.org.org_id;
    expect((await t.admin.post(`/orgs/${bareId}/branches`, { name: 'Pune', state_code: 'IN-MH', gstin: MH })).status).toBe(201);
    const second = await t.admin.post(`/orgs/${bareId}/branches`, { name: 'Bengaluru', state_code: 'IN-KA', gstin: OTHER_PAN_KA });
    expect(second.body).toMatchObject({ field: 'gstin', details: { reason: 'pan_mismatch' } });
  });
});
