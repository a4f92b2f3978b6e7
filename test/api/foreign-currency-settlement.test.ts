import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, expectBooksBalanced } from '../support/books';
import type { HttpClient } from '../support/http-client';
import { createCreditNote, createDebitNote, customer, postedBill, postedInvoice, vendor } from '../support/sales';
import { newKey, startTestApp, type TestApp } from '../support/test-app';

/**
 * Foreign-currency documents whose lines round differently one by one than in total, posted
 * and settled in parts. USD at 83.333333: 0.01 is 0.83333333 (83 paise), 0.02 is 1.66666666
 * (167), 0.03 is 2.49999999 (250). So three lines of 0.01 convert to 249 one by one and to 250
 * as a total; the party owes 250 and the first line takes the paisa. Paid 0.01 at a time, the
 * open balance converted goes 250 → 167 → 83 → 0: the receivable or payable loses 83, 84, 83,
 * while each payment brings 83 (a paisa of exchange difference on the second).
 */
const RATE = 83.333333;
const DATE = '2026-06-12';
const usd = { currency_code: 'USD', exchange_rate: RATE };
const cents = (names: string[]) => names.map((name) => ({ name, hsn_or_sac: '8471', rate: 0.01, quantity: 1 }));
/** A note's lines crediting one unit of each of `count` lines of its invoice or bill, from line `from`. */
const unitsOf = (doc: { invoice_id?: string; line_items: { line_item_id: string }[] }, from: number, count: number) =>
  doc.line_items.slice(from, from + count).map((l) => ({ [doc.invoice_id ? 'invoice_line_item_id' : 'bill_line_item_id']: l.line_item_id, quantity: 1 }));

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
});
afterAll(async () => { await t.close(); });

interface Line { debit: number; credit: number; description: string | null }
/** Each line of a source's entries in force as [description, debit paise, credit paise], in posting order. */
async function linesOf(api: HttpClient, sourceId: string): Promise<[string | null, number, number][]> {
  const journals = (await api.get(`/journals?source_id=${sourceId}`)).body.journals as { lines: Line[] }[];
  return journals.reverse().flatMap((j) => j.lines.map((l): [string | null, number, number] => [l.description, Math.round(l.debit * 100), Math.round(l.credit * 100)]));
}

async function pay(api: HttpClient, flow: 'INCOMING' | 'OUTGOING', contactId: string, target: Record<string, string>) {
  const res = await api.post('/payments', { flow, contact_id: contactId, date: DATE, amount: 0.01, ...usd, allocations: [{ ...target, amount: 0.01 }] }, { idempotencyKey: newKey() });
  expect(res.status).toBe(201);
  return res.body.payment;
}

/** Pays a document 0.01 three times; returns each allocation's entry as [control paise, exchange paise], the control side as the amount it lowers. */
async function payInThreeParts(api: HttpClient, flow: 'INCOMING' | 'OUTGOING', contactId: string, target: Record<string, string>) {
  const out: [number, number][] = [];
  for (let i = 0; i < 3; i += 1) {
    const payment = await pay(api, flow, contactId, target);
    const lines = await linesOf(api, payment.allocations[0].allocation_id);
    const settled = lines.find(([d]) => d === 'Settled')!;
    const exchange = lines.find(([d]) => d === 'Exchange difference');
    out.push([settled[1] + settled[2], exchange ? exchange[1] - exchange[2] : 0]);
  }
  return out;
}

/** The document's balance is 0, its control account is at `control` rupees, the books balance and verify finds nothing. */
async function expectSettled(api: HttpClient, orgId: string, path: string, account: string, control = 0) {
  expect((await api.get(path)).body).toMatchObject({ [path.split('/')[1]!.slice(0, -1)]: { balance: 0 } });
  expect(await accountBalance(api, account)).toBe(control);
  await expectBooksBalanced(api);
  await expectVerified(orgId);
}

/** A new organisation with a USD customer and an approved invoice of three lines of 0.01 (250 paise owed). */
async function foreignInvoice() {
  const org = await t.given.org();
  const customerId = await customer(org.api, { currency_code: 'USD' });
  const invoice = await postedInvoice(org.api, customerId, 0.01, { ...usd, line_items: cents(['A', 'B', 'C']) });
  return { org, customerId, invoice };
}

async function expectVerified(orgId: string) {
  expect(await t.app.reports.verify(orgId)).toEqual([]);
}

describe('a foreign invoice whose lines round apart from its total', () => {
  it('puts the total converted once on the receivable, and nets it to 0 when paid in three parts', async () => {
    const { org, customerId, invoice } = await foreignInvoice();
    expect(invoice).toMatchObject({ total: 0.03, status: 'SENT' });
    expect(await linesOf(org.api, invoice.invoice_id)).toEqual([['Invoice total', 250, 0], ['A', 0, 84], ['B', 0, 83], ['C', 0, 83]]);
    await expectVerified(org.orgId);

    // The receivable loses 83, 84, 83; each advance gave 83, so the second is a paisa of exchange loss.
    expect(await payInThreeParts(org.api, 'INCOMING', customerId, { invoice_id: invoice.invoice_id })).toEqual([[83, 0], [84, 1], [83, 0]]);
    expect(await accountBalance(org.api, 'Exchange Gain or Loss')).toBe(0.01);
    await expectSettled(org.api, org.orgId, `/invoices/${invoice.invoice_id}`, 'Accounts Receivable');
  });

  it('settles what is still open after an earlier part is unapplied and paid again', async () => {
    const { org, customerId, invoice } = await foreignInvoice();
    const first = await pay(org.api, 'INCOMING', customerId, { invoice_id: invoice.invoice_id });
    await pay(org.api, 'INCOMING', customerId, { invoice_id: invoice.invoice_id });
    // The first part took 83 (250 → 167) and the second 84 (167 → 83). Unapplying the first
    // mirrors its 83, but the balance 0.02 converts to 167: one more paisa goes back on.
    const unapplied = await org.api.delete(`/payments/${first.payment_id}/allocations/${first.allocations[0].allocation_id}`, { idempotencyKey: newKey() });
    expect(unapplied.status).toBe(200);
    expect(await accountBalance(org.api, 'Accounts Receivable')).toBe(1.67);
    await pay(org.api, 'INCOMING', customerId, { invoice_id: invoice.invoice_id });
    await pay(org.api, 'INCOMING', customerId, { invoice_id: invoice.invoice_id });
    await expectSettled(org.api, org.orgId, `/invoices/${invoice.invoice_id}`, 'Accounts Receivable');
  });
});

describe('a foreign bill whose lines round apart from its total', () => {
  it('puts the total converted once on the payable, and nets it to 0 when paid in three parts', async () => {
    const org = await t.given.org();
    const vendorId = await vendor(org.api, { currency_code: 'USD' });
    const bill = await postedBill(org.api, vendorId, 0.01, { ...usd, line_items: cents(['A', 'B', 'C']) });
    expect(bill).toMatchObject({ total: 0.03, status: 'OPEN' });
    expect(await linesOf(org.api, bill.bill_id)).toEqual([['A', 84, 0], ['B', 83, 0], ['C', 83, 0], ['Bill total', 0, 250]]);

    // The payable loses 83, 84, 83; each advance to the vendor was 83, so the second is a paisa of exchange gain.
    expect(await payInThreeParts(org.api, 'OUTGOING', vendorId, { bill_id: bill.bill_id })).toEqual([[83, 0], [84, -1], [83, 0]]);
    await expectSettled(org.api, org.orgId, `/bills/${bill.bill_id}`, 'Accounts Payable');
  });
});

describe('foreign notes whose lines round apart from their totals', () => {
  it('a customer credit note: issued at its total converted once, applied twice around a payment, the receivable nets to 0', async () => {
    const { org, customerId, invoice } = await foreignInvoice();
    // Two lines of 0.01 are 166 one by one and 167 as the total 0.02.
    const note = (await createCreditNote(org.api, { customer_id: customerId, invoice_id: invoice.invoice_id, date: DATE, line_items: unitsOf(invoice, 0, 2) })).body.credit_note;
    expect(note).toMatchObject({ total: 0.02, status: 'ISSUED' });
    expect(await linesOf(org.api, note.credit_note_id)).toEqual([['A', 84, 0], ['B', 83, 0], ['Note total', 0, 167]]);

    const apply = async () => {
      const res = await org.api.post(`/credit_notes/${note.credit_note_id}/apply-to-invoice`, { invoice_id: invoice.invoice_id, amount: 0.01 }, { idempotencyKey: newKey() });
      expect(res.status).toBe(200);
    };
    // 0.01 off the invoice takes 250 → 167 (83) and off the note 167 → 83 (84): the receivable
    // is 250 − 167 and should be 167 − 83, so it takes a paisa back (Dr 1) against exchange.
    await apply();
    expect(await accountBalance(org.api, 'Accounts Receivable')).toBe(0.84);
    // The payment takes the invoice 167 → 83 (84); the last 0.01 of the note clears both at 83.
    await pay(org.api, 'INCOMING', customerId, { invoice_id: invoice.invoice_id });
    await apply();
    expect((await org.api.get(`/invoices/${invoice.invoice_id}`)).body.invoice).toMatchObject({ balance: 0 });
    expect((await org.api.get(`/credit_notes/${note.credit_note_id}`)).body.credit_note).toMatchObject({ status: 'APPLIED' });
    expect(await accountBalance(org.api, 'Accounts Receivable')).toBe(0);
    await expectBooksBalanced(org.api);
    await expectVerified(org.orgId);
  });

  it('unapplying a credit after a payment moved both balances: the mirror, then the paisa still missing; voided, the note leaves the invoice converted once', async () => {
    const { org, customerId, invoice } = await foreignInvoice();
    const note = (await createCreditNote(org.api, { customer_id: customerId, invoice_id: invoice.invoice_id, date: DATE, line_items: unitsOf(invoice, 0, 2) })).body.credit_note;
    const applied = await org.api.post(`/credit_notes/${note.credit_note_id}/apply-to-invoice`, { invoice_id: invoice.invoice_id, amount: 0.01 }, { idempotencyKey: newKey() });
    const applicationId = applied.body.credit_note.application_id;
    // As above: the application puts a paisa back on the receivable (250 − 167 + 1 = 84), the payment takes 84.
    expect(await linesOf(org.api, applicationId)).toEqual([['Credit applied', 1, 0], ['Exchange difference', 0, 1]]);
    await pay(org.api, 'INCOMING', customerId, { invoice_id: invoice.invoice_id });
    expect(await accountBalance(org.api, 'Accounts Receivable')).toBe(0);

    // Unapplied, the invoice (0.01 → 0.02) and the note (0.01 → 0.02) both open at 167: the receivable
    // must stay 167 − 167 = 0. The mirror takes the paisa off again, so one more puts it back.
    const undone = await org.api.delete(`/credit_notes/${note.credit_note_id}/applications/${applicationId}`);
    expect(undone.body.invoice).toMatchObject({ balance: 0.02 });
    expect(undone.body.credit_note).toMatchObject({ balance_amount: 0.02, applied_amount: 0 });
    expect(await linesOf(org.api, applicationId)).toEqual([
      ['Credit applied', 1, 0], ['Exchange difference', 0, 1], ['Credit applied', 0, 1], ['Exchange difference', 1, 0], ['Credit unapplied', 1, 0], ['Exchange difference', 0, 1],
    ]);
    expect(await accountBalance(org.api, 'Accounts Receivable')).toBe(0);
    await expectVerified(org.orgId);
    // Voided, the note's 167 comes off: the receivable is the invoice's 0.02 converted once.
    expect((await org.api.post(`/credit_notes/${note.credit_note_id}/void`)).status).toBe(200);
    expect(await accountBalance(org.api, 'Accounts Receivable')).toBe(1.67);
    await pay(org.api, 'INCOMING', customerId, { invoice_id: invoice.invoice_id });
    await pay(org.api, 'INCOMING', customerId, { invoice_id: invoice.invoice_id });
    await expectSettled(org.api, org.orgId, `/invoices/${invoice.invoice_id}`, 'Accounts Receivable');
  });

  it('a vendor credit note and a debit note: each at its total converted once, the payable nets to 0 once all is settled', async () => {
    const org = await t.given.org();
    const vendorId = await vendor(org.api, { currency_code: 'USD' });
    const bill = await postedBill(org.api, vendorId, 0.01, { ...usd, line_items: cents(['A', 'B', 'C', 'D', 'E', 'F']) });
    // Six lines of 0.01 are 498 one by one; the total 0.06 is 4.99999998 → 500, so two paise go on the first line.
    expect(await linesOf(org.api, bill.bill_id)).toEqual([['A', 85, 0], ['B', 83, 0], ['C', 83, 0], ['D', 83, 0], ['E', 83, 0], ['F', 83, 0], ['Bill total', 0, 500]]);
    const debit = (await createDebitNote(org.api, { vendor_id: vendorId, bill_id: bill.bill_id, date: DATE, line_items: unitsOf(bill, 0, 3) })).body.debit_note;
    expect(await linesOf(org.api, debit.debit_note_id)).toEqual([['A', 0, 84], ['B', 0, 83], ['C', 0, 83], ['Note total', 250, 0]]);
    const credit = (await createCreditNote(org.api, { customer_id: vendorId, bill_id: bill.bill_id, date: DATE, line_items: unitsOf(bill, 3, 2) })).body.credit_note;
    expect(await linesOf(org.api, credit.credit_note_id)).toEqual([['D', 0, 84], ['E', 0, 83], ['Note total', 167, 0]]);

    // The debit note named the bill, so it lowered it at once: 0.06 → 0.03 (500 → 250, nothing to convert apart).
    expect(debit).toMatchObject({ status: 'APPLIED', balance_amount: 0 });
    expect((await org.api.get(`/bills/${bill.bill_id}`)).body.bill).toMatchObject({ balance: 0.03 });
    // Unapplied, the bill owes 0.06 again and the note is open: the payable, 500 − 250 − 167 = 83, does not move.
    const undone = await org.api.delete(`/debit_notes/${debit.debit_note_id}/applications/${debit.applications[0].application_id}`);
    expect(undone.body.bill).toMatchObject({ balance: 0.06 });
    expect(await accountBalance(org.api, 'Accounts Payable')).toBe(-0.83);
    // The vendor credit goes on in two parts around a payment.
    const apply = async () => {
      const res = await org.api.post(`/credit_notes/${credit.credit_note_id}/apply-to-bill`, { bill_id: bill.bill_id, amount: 0.01 }, { idempotencyKey: newKey() });
      expect(res.status).toBe(200);
    };
    await apply();
    await pay(org.api, 'OUTGOING', vendorId, { bill_id: bill.bill_id });
    await apply();
    // Then 0.03 in three parts: 250 → 167 → 83 → 0 again.
    expect(await payInThreeParts(org.api, 'OUTGOING', vendorId, { bill_id: bill.bill_id })).toEqual([[83, 0], [84, -1], [83, 0]]);
    // What remains on the payable is the debit note, converted once: the vendor owes us 250.
    await expectSettled(org.api, org.orgId, `/bills/${bill.bill_id}`, 'Accounts Payable', 2.5);
  });
});
