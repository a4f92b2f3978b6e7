import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import type { HttpClient } from '../support/http-client';
import { createCreditNote, createDebitNote, customer, postedBill, postedInvoice, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/**
 * A reversal (void, delete, unapply) is dated on the original entry's date, so the document
 * leaves its period; an application is dated on the later of the two documents' dates
 * (docs/rules/ledger-and-periods.md, "Dates of reversals and applications"). The clock stands in November; every document is dated in October.
 */
let t: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  t = await startTestApp();
  org = await t.given.org();
  t.clock.set(new Date('2026-11-10T06:00:00Z'));
});
afterAll(async () => { await t.close(); });

interface JournalView { journal_id: string; date: string; kind: string; source: string }

/** Every entry of one source document, oldest first. */
async function entriesOf(api: HttpClient, source: string, sourceId: string): Promise<JournalView[]> {
  const res = await api.get(`/journals?source=${source}&source_id=${sourceId}`);
  expect(res.status).toBe(200);
  return [...res.body.journals].reverse();
}

/** One account's balance in the trial balance through `date`: debit positive, credit negative, 0 when absent. */
async function balanceOn(api: HttpClient, date: string, name: string): Promise<number> {
  const res = await api.get(`/reports/trial_balance?date=${date}`);
  expect(res.status).toBe(200);
  const row = res.body.trial_balance.accounts.find((a: { account_name: string }) => a.account_name === name);
  if (!row) return 0;
  return row.balance_side === 'DEBIT' ? row.balance : -row.balance;
}

describe('reversals in their own period', () => {
  it('a void in November of an October invoice is dated in October, and October no longer shows the invoice', async () => {
    const invoice = await postedInvoice(org.api, await customer(org.api), 1000, { date: '2026-10-15', due_date: '2026-11-14' });
    expect(await balanceOn(org.api, '2026-10-31', 'Sales')).toBe(-1000);
    const voided = await org.api.post(`/invoices/${invoice.invoice_id}/void`, {});
    expect(voided.status).toBe(200);
    expect((await entriesOf(org.api, 'INVOICE', invoice.invoice_id)).map((j) => [j.kind, j.date])).toEqual([
      ['POSTING', '2026-10-15'], ['REVERSAL', '2026-10-15'],
    ]);
    expect(await balanceOn(org.api, '2026-10-31', 'Sales')).toBe(0);
    expect(await balanceOn(org.api, '2026-10-31', 'Accounts Receivable')).toBe(0);
    await expectBooksBalanced(org.api);
  });

  it('voids of bills, credit notes and debit notes are dated on the document', async () => {
    const vendorId = await vendor(org.api);
    const bill = await postedBill(org.api, vendorId, 400, { date: '2026-10-12', due_date: '2026-11-11' });
    expect((await org.api.post(`/bills/${bill.bill_id}/void`, {})).status).toBe(200);
    expect((await entriesOf(org.api, 'BILL', bill.bill_id)).map((j) => j.date)).toEqual(['2026-10-12', '2026-10-12']);

    const note = await createCreditNote(org.api, { customer_id: await customer(org.api), date: '2026-10-20', line_items: [{ name: 'Return', hsn_or_sac: '8471', rate: 150, quantity: 1 }] });
    expect(note.status).toBe(201);
    expect((await org.api.post(`/credit_notes/${note.body.credit_note.credit_note_id}/void`, {})).status).toBe(200);
    expect((await entriesOf(org.api, 'CREDIT_NOTE', note.body.credit_note.credit_note_id)).map((j) => j.date)).toEqual(['2026-10-20', '2026-10-20']);

    const debit = await createDebitNote(org.api, { vendor_id: vendorId, date: '2026-10-21', line_items: [{ name: 'Short supply', rate: 80, quantity: 1 }] });
    expect(debit.status, JSON.stringify(debit.body)).toBe(201);
    expect((await org.api.post(`/debit_notes/${debit.body.debit_note.debit_note_id}/void`, {})).status).toBe(200);
    expect((await entriesOf(org.api, 'DEBIT_NOTE', debit.body.debit_note.debit_note_id)).map((j) => j.date)).toEqual(['2026-10-21', '2026-10-21']);

    expect(await balanceOn(org.api, '2026-10-31', 'Accounts Payable')).toBe(0);
    await expectBooksBalanced(org.api);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });

  it('deleting an expense reverses it on its own date', async () => {
    const expense = await org.api.post('/expenses', {
      date: '2026-10-05', paid_through_account_id: await accountId(org.api, 'Petty Cash'), account_id: await accountId(org.api, 'General Expenses'), amount: 250,
    }, { idempotencyKey: newKey() });
    expect(expense.status).toBe(201);
    expect((await org.api.delete(`/expenses/${expense.body.expense.expense_id}`)).status).toBe(200);
    expect((await entriesOf(org.api, 'EXPENSE', expense.body.expense.expense_id)).map((j) => [j.kind, j.date])).toEqual([
      ['POSTING', '2026-10-05'], ['REVERSAL', '2026-10-05'],
    ]);
    expect(await balanceOn(org.api, '2026-10-31', 'Petty Cash')).toBe(0);
    await expectBooksBalanced(org.api);
  });

  it('an allocation is dated on the later document; unapplying it and deleting the payment reverse on the originals\' dates', async () => {
    const customerId = await customer(org.api);
    const invoice = await postedInvoice(org.api, customerId, 600, { date: '2026-10-25', due_date: '2026-11-24' });
    const payment = await org.api.post('/payments', {
      flow: 'INCOMING', contact_id: customerId, date: '2026-10-20', amount: 600, allocations: [{ invoice_id: invoice.invoice_id, amount: 600 }],
    }, { idempotencyKey: newKey() });
    expect(payment.status).toBe(201);
    const paymentId = payment.body.payment.payment_id;
    const allocationId = payment.body.payment.allocations[0].allocation_id;
    expect((await entriesOf(org.api, 'ALLOCATION', allocationId)).map((j) => j.date)).toEqual(['2026-10-25']);

    expect((await org.api.delete(`/payments/${paymentId}/allocations/${allocationId}`)).status).toBe(200);
    expect((await entriesOf(org.api, 'ALLOCATION', allocationId)).map((j) => [j.kind, j.date])).toEqual([
      ['POSTING', '2026-10-25'], ['REVERSAL', '2026-10-25'],
    ]);
    expect((await org.api.delete(`/payments/${paymentId}`)).status).toBe(200);
    expect((await entriesOf(org.api, 'PAYMENT', paymentId)).map((j) => [j.kind, j.date])).toEqual([
      ['POSTING', '2026-10-20'], ['REVERSAL', '2026-10-20'],
    ]);
    // October holds the invoice alone: 600 receivable, nothing in the bank or advances.
    expect(await balanceOn(org.api, '2026-10-31', 'Advances from Customers')).toBe(0);
    await expectBooksBalanced(org.api);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });
});
