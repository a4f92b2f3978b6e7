import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import type { HttpClient } from '../support/http-client';
import { createCreditNote, createDebitNote, createInvoice, customer, postedBill, postedInvoice, vendor } from '../support/sales';
import { needsPostgres, sayWhySkipped } from '../support/skip-note';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';
import { assertPeriodOpen } from '../../src/platform/orgs/period-lock';

/**
 * The period lock (docs/rules/ledger-and-periods.md, "Period lock"): nothing dated on or before the lock
 * date may be created, edited, voided, applied or posted, drafts included; and the books start
 * date (nothing dated before it).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-11-10T06:00:00Z'));
});
afterAll(async () => { await t.close(); });

const LOCK = '2026-10-31';
const lock = (orgId: string, lockDate: string | null) => t.admin.put(`/orgs/${orgId}/lock`, { lock_date: lockDate });
const post = (api: HttpClient, path: string, body: unknown) => api.post(path, body, { idempotencyKey: newKey() });

/** The answer is 409 conflict.period_locked naming the lock date; returns its message. */
function expectLocked(res: { status: number; body: any }): string { // eslint-disable-line @typescript-eslint/no-explicit-any
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body.code).toBe('conflict.period_locked');
  expect(res.body.details.lock_date).toBe(LOCK);
  return res.body.message;
}

const line = { name: 'Goods', hsn_or_sac: '8471', rate: 500, quantity: 1 };

describe('PUT /orgs/{org_id}/lock', () => {
  it('sets, moves and removes the lock; each change is in the activity log, an unlock as PERIOD_UNLOCKED', async () => {
    const org = await t.given.org();
    const set = await lock(org.orgId, LOCK);
    expect(set.status).toBe(200);
    expect(set.body.lock).toEqual({ lock_date: LOCK });
    expect((await lock(org.orgId, '2026-09-30')).body.lock).toEqual({ lock_date: '2026-09-30' });
    expect((await lock(org.orgId, null)).body.lock).toEqual({ lock_date: null });
    const activity = await org.api.get('/activity?entity_type=ORGANISATION');
    expect(activity.status).toBe(200);
    expect(activity.body.activity.map((a: { action: string; changes: unknown }) => [a.action, a.changes])).toEqual([
      ['PERIOD_UNLOCKED', { lock_date: { old: '2026-09-30', new: null } }],
      ['PERIOD_UNLOCKED', { lock_date: { old: LOCK, new: '2026-09-30' } }],
      ['PERIOD_LOCKED', { lock_date: { old: null, new: LOCK } }],
    ]);
  });

  it('refuses an unknown organisation (404) and a date that is not one (400)', async () => {
    expect((await lock('org_missing', LOCK)).status).toBe(404);
    const org = await t.given.org();
    const bad = await lock(org.orgId, '2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('lock_date');
    expect((await t.admin.put(`/orgs/${org.orgId}/lock`, {})).status).toBe(400);
  });

  it('is described in the OpenAPI document of the admin API, with its answer', async () => {
    type Document = {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>; components: { schemas: Record<string, { properties: object }> };
    };
    // The admin API may be described in a document of its own, else in the public one.
    const documents = await Promise.all(['/api/admin/v1/openapi.json', '/openapi.json']
      .map(async (path) => { const res = await fetch(`${t.baseUrl}${path}`); return res.ok ? await res.json() as Document : null; }));
    const described = documents.flatMap((doc) => Object.entries(doc?.paths ?? {})
      .filter(([path]) => path.endsWith('/orgs/{org_id}/lock')).map(([, item]) => ({ doc: doc!, op: item.put })));
    expect(described).toHaveLength(1);
    const [{ doc, op }] = described as [(typeof described)[number]];
    expect(op?.operationId).toBe('adminSetLock');
    expect(JSON.stringify(op?.responses['200'])).toContain('#/components/schemas/Lock');
    expect(Object.keys(doc.components.schemas.Lock?.properties ?? {})).toEqual(['lock_date']);
  });

  it('lists conflict.period_locked among the 409 codes of what dates, posts or reverses entries, and only there', async () => {
    type Answer = { description?: string; $ref?: string };
    const doc = await (await fetch(`${t.baseUrl}/openapi.json`)).json() as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, Answer> }>>; components: { responses?: Record<string, Answer> };
    };
    // An error answer may be shared: a reference to components.responses.
    const described = (answer: Answer | undefined) => (answer?.$ref ? doc.components.responses?.[answer.$ref.split('/').pop()!] : answer)?.description ?? '';
    const conflicts = new Map(Object.values(doc.paths).flatMap((item) => Object.values(item)).map((op) => [op.operationId, described(op.responses['409'])]));
    for (const id of ['createInvoice', 'voidInvoice', 'approveBill', 'applyCreditNoteToInvoice', 'deleteExpense', 'unapplyPaymentAllocation', 'deleteJournal']) {
      expect(conflicts.get(id), id).toContain('`conflict.period_locked`');
    }
    expect(conflicts.get('createContact')).not.toContain('conflict.period_locked');
    expect(conflicts.get('createContact')).toContain('`conflict.invalid_state`');
  });
});

describe('a locked period', () => {
  let org: OrgFixture;
  let customerId: string;
  let vendorId: string;
  let bank: string;
  let expenses: string;
  let equity: string;
  // Made before the lock, dated inside it.
  let invoice: { invoice_id: string };
  let draft: { invoice_id: string };
  let zeroDraft: { invoice_id: string };
  let bill: { bill_id: string };
  let paymentId: string;
  let allocationId: string;
  let expenseId: string;
  let journalId: string;
  let creditNoteId: string;

  beforeAll(async () => {
    org = await t.given.org();
    customerId = await customer(org.api);
    vendorId = await vendor(org.api);
    bank = await accountId(org.api, 'Bank');
    expenses = await accountId(org.api, 'General Expenses');
    equity = await accountId(org.api, "Owner's Equity");
    invoice = await postedInvoice(org.api, customerId, 1000, { date: '2026-10-10', due_date: '2026-11-30' });
    draft = (await createInvoice(org.api, { customer_id: customerId, date: '2026-10-11', place_of_supply: 'IN-KA', line_items: [line] })).body.invoice;
    // Worth 0: approving or voiding it posts nothing, so only the document's own check can refuse it.
    zeroDraft = (await createInvoice(org.api, { customer_id: customerId, date: '2026-10-11', place_of_supply: 'IN-KA', line_items: [{ name: 'Sample', hsn_or_sac: '8471', rate: 0, quantity: 1 }] })).body.invoice;
    bill = await postedBill(org.api, vendorId, 300, { date: '2026-10-12', due_date: '2026-11-30' });
    const otherInvoice = await postedInvoice(org.api, customerId, 200, { date: '2026-10-13', due_date: '2026-11-30' });
    const payment = await post(org.api, '/payments', {
      flow: 'INCOMING', contact_id: customerId, date: '2026-10-14', amount: 200, allocations: [{ invoice_id: otherInvoice.invoice_id, amount: 200 }],
    });
    paymentId = payment.body.payment.payment_id;
    allocationId = payment.body.payment.allocations[0].allocation_id;
    expenseId = (await post(org.api, '/expenses', { date: '2026-10-15', paid_through_account_id: bank, account_id: expenses, amount: 50 })).body.expense.expense_id;
    journalId = (await post(org.api, '/journals', {
      date: '2026-10-16', lines: [{ account_id: bank, debit: 70 }, { account_id: equity, credit: 70 }],
    })).body.journal.journal_id;
    creditNoteId = (await createCreditNote(org.api, { customer_id: customerId, date: '2026-10-17', line_items: [{ name: 'Return', hsn_or_sac: '8471', rate: 100, quantity: 1 }] })).body.credit_note.credit_note_id;
    expect((await lock(org.orgId, LOCK)).status).toBe(200);
  });

  it('refuses creating any document dated on or before the lock date, drafts included; the day after is open', async () => {
    expectLocked(await createInvoice(org.api, { customer_id: customerId, date: LOCK, place_of_supply: 'IN-KA', line_items: [line] }));
    expectLocked(await createInvoice(org.api, { customer_id: customerId, date: '2026-10-01', place_of_supply: 'IN-KA', line_items: [line], auto_approve: true }));
    expectLocked(await post(org.api, '/bills', { vendor_id: vendorId, date: '2026-10-20', place_of_supply: 'IN-KA', reference_number: 'L-1', line_items: [line] }));
    expectLocked(await createCreditNote(org.api, { customer_id: customerId, date: '2026-10-20', line_items: [line] }));
    expectLocked(await createDebitNote(org.api, { vendor_id: vendorId, date: '2026-10-20', line_items: [line] }));
    expectLocked(await post(org.api, '/expenses', { date: '2026-10-20', paid_through_account_id: bank, account_id: expenses, amount: 10 }));
    expectLocked(await post(org.api, '/payments', { flow: 'INCOMING', contact_id: customerId, date: '2026-10-20', amount: 10 }));
    expectLocked(await post(org.api, '/journals', { date: '2026-10-20', lines: [{ account_id: bank, debit: 5 }, { account_id: equity, credit: 5 }] }));
    const open = await createInvoice(org.api, { customer_id: customerId, date: '2026-11-01', place_of_supply: 'IN-KA', line_items: [line], auto_approve: true });
    expect(open.status).toBe(201);
  });

  it('refuses editing, approving, voiding and deleting a draft dated in it, one worth 0 included', async () => {
    expectLocked(await org.api.put(`/invoices/${draft.invoice_id}`, { notes: 'late edit' }));
    expectLocked(await org.api.post(`/invoices/${draft.invoice_id}/approve`, {}));
    expectLocked(await org.api.delete(`/invoices/${draft.invoice_id}`));
    expectLocked(await org.api.post(`/invoices/${zeroDraft.invoice_id}/approve`, {}));
    expectLocked(await org.api.post(`/invoices/${zeroDraft.invoice_id}/void`, {}));
    expect((await org.api.get(`/invoices/${zeroDraft.invoice_id}`)).body.invoice.status).toBe('DRAFT');
  });

  it('refuses voids and deletes of what it holds, pointing to a credit or debit note instead', async () => {
    expect(expectLocked(await org.api.post(`/invoices/${invoice.invoice_id}/void`, {}))).toContain('credit note');
    expect(expectLocked(await org.api.post(`/bills/${bill.bill_id}/void`, {}))).toContain('debit note');
    expect(expectLocked(await org.api.post(`/credit_notes/${creditNoteId}/void`, {}))).toContain('credit note');
    expect(expectLocked(await org.api.delete(`/expenses/${expenseId}`))).toContain('debit note');
    expectLocked(await org.api.put(`/expenses/${expenseId}`, { amount: 60 }));
    expectLocked(await org.api.delete(`/payments/${paymentId}/allocations/${allocationId}`));
    expectLocked(await org.api.delete(`/payments/${paymentId}`));
    expectLocked(await org.api.put(`/payments/${paymentId}`, { date: '2026-11-02' }));
    expect(expectLocked(await org.api.delete(`/journals/${journalId}`))).toContain('correcting journal');
  });

  it('dates an application on the later document: refused when both are locked, allowed when one is after the lock', async () => {
    const novemberPayment = await post(org.api, '/payments', { flow: 'INCOMING', contact_id: customerId, date: '2026-11-03', amount: 100 });
    expect(novemberPayment.status).toBe(201);
    // The credit note (17 October) on the invoice (10 October): both locked.
    expectLocked(await post(org.api, `/credit_notes/${creditNoteId}/apply-to-invoice`, { invoice_id: invoice.invoice_id, amount: 50 }));
    // A November payment on the October invoice is dated in November: open.
    const applied = await post(org.api, `/payments/${novemberPayment.body.payment.payment_id}/apply`, { invoice_id: invoice.invoice_id, amount: 100 });
    expect(applied.status).toBe(200);
    const allocation = (await org.api.get(`/journals?source=ALLOCATION&date_from=2026-11-01`)).body.journals;
    expect(allocation.map((j: { date: string }) => j.date)).toEqual(['2026-11-03']);
  });

  it('writes nothing when it refuses, and opens again when the operator unlocks', async () => {
    const before = (await org.api.get('/reports/trial_balance')).body.trial_balance;
    expectLocked(await org.api.post(`/invoices/${draft.invoice_id}/approve`, {}));
    expect((await org.api.get('/reports/trial_balance')).body.trial_balance).toEqual(before);
    expect((await lock(org.orgId, '2026-10-09')).status).toBe(200);
    expect((await org.api.post(`/bills/${bill.bill_id}/void`, {})).status).toBe(200);
    expect((await org.api.delete(`/journals/${journalId}`)).status).toBe(200);
    await expectBooksBalanced(org.api);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });
});

describe('the books start date', () => {
  it('refuses every document dated before it with 400 on date, naming the start; the start itself is accepted', async () => {
    const org = await t.given.org();
    const customerId = await customer(org.api);
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-KA' });
    const bank = await accountId(org.api, 'Bank');
    const early = '2019-03-15';
    const refusals = [
      await createInvoice(org.api, { customer_id: customerId, date: early, place_of_supply: 'IN-KA', line_items: [line] }),
      await post(org.api, '/bills', { vendor_id: vendorId, date: early, place_of_supply: 'IN-KA', reference_number: 'E-1', line_items: [line] }),
      await createCreditNote(org.api, { customer_id: customerId, date: early, line_items: [line] }),
      await createDebitNote(org.api, { vendor_id: vendorId, date: early, line_items: [line] }),
      await post(org.api, '/expenses', { date: early, paid_through_account_id: bank, account_id: await accountId(org.api, 'General Expenses'), amount: 10 }),
      await post(org.api, '/payments', { flow: 'INCOMING', contact_id: customerId, date: early, amount: 10 }),
      await post(org.api, '/journals', { date: early, lines: [{ account_id: bank, debit: 5 }, { account_id: await accountId(org.api, "Owner's Equity"), credit: 5 }] }),
      await post(org.api, '/estimates', { customer_id: customerId, date: early, line_items: [line] }),
      await post(org.api, '/sales_orders', { customer_id: customerId, date: early, line_items: [line] }),
      await post(org.api, '/purchase_orders', { vendor_id: vendorId, date: early, line_items: [line] }),
    ];
    for (const res of refusals) {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'date', message: 'date 2019-03-15 is before the books start date 2020-04-01' });
    }
    expect((await org.api.get('/invoices')).body.invoices).toEqual([]);
    const first = await createInvoice(org.api, { customer_id: customerId, date: '2020-04-01', place_of_supply: 'IN-KA', line_items: [line] });
    expect(first.status).toBe(201);
    expect(first.body.invoice.invoice_number).toBe('INV-20-21-00001');
  });
});

sayWhySkipped(!process.env.TEST_DATABASE_URL, needsPostgres('the period lock against a posting in flight'));

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, a lock moved while a posting is in flight', () => {
  it('waits for the posting to commit; a posting after the move is refused', async () => {
    const org = await t.given.org();
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let checked!: () => void;
    const whenChecked = new Promise<void>((resolve) => { checked = resolve; });
    // A posting dated 20 October, stopped after the ledger's lock check (what ledger.post does first), before COMMIT.
    const posting = t.app.database.transaction(async (tx) => {
      await assertPeriodOpen(tx, org.orgId, '2026-10-20');
      checked();
      await held;
    });
    await whenChecked;
    let moved = false;
    const move = lock(org.orgId, LOCK).then((res) => { moved = true; return res; });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(moved).toBe(false);
    release();
    await posting;
    expect((await move).status).toBe(200);
    const bank = await accountId(org.api, 'Bank');
    expectLocked(await post(org.api, '/journals', {
      date: '2026-10-20', lines: [{ account_id: bank, debit: 5 }, { account_id: await accountId(org.api, "Owner's Equity"), credit: 5 }],
    }));
  });
});
