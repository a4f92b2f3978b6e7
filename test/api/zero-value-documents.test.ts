/**
 * Zero-value documents (docs/rules/amounts-and-rounding.md, "Zero amounts"): a line whose inputs are exactly zero (rate 0,
 * a 100% discount) is valid; a document whose lines total 0 approves (SENT or OPEN, never
 * PAID), is numbered and reads as 0, with no journal entry; voiding it reverses nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { createCreditNote, createDebitNote, createInvoice, customer, taxId, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

let t: TestApp;
let org: OrgFixture;
/** Lines worth 0 by hand: 5 × 0.00, and 2 × 250.00 less a discount of 500.00; 18% of 0 is 0. */
let zeroLines: () => Array<Record<string, unknown>>;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await t.given.org({ state_code: 'IN-KA' });
  const gst18 = await taxId(org.api, 18);
  zeroLines = () => [
    { name: 'Free sample', hsn_or_sac: '8471', rate: 0, quantity: 5, tax_id: gst18 },
    { name: 'Waived service', hsn_or_sac: '9983', rate: 250, quantity: 2, discount: 500, tax_id: gst18 },
  ];
});
afterAll(async () => { await t.close(); });

const ZERO_TOTALS = { sub_total: 0, tax_total: 0, cgst_total: 0, sgst_total: 0, igst_total: 0, total: 0 };

const journalsOf = async (sourceId: string) => (await org.api.get(`/journals?source_id=${sourceId}`)).body.journals as unknown[];

/** The end of every test: nothing posted for the documents, the books balanced, the ledger checks clean. */
async function expectNothingPosted(...ids: string[]) {
  for (const id of ids) expect(await journalsOf(id)).toEqual([]);
  await expectBooksBalanced(org.api);
  expect(await t.app.reports.verify(org.orgId)).toEqual([]);
}

describe('zero-value invoices', () => {
  it('auto-approve to SENT, numbered, with totals of 0 and no journal; stay SENT past the due date; void to CANCELLED', async () => {
    const res = await createInvoice(org.api, {
      customer_id: await customer(org.api), date: '2026-06-01', due_date: '2026-06-05', place_of_supply: 'IN-KA', auto_approve: true, line_items: zeroLines(),
    });
    expect(res.status).toBe(201);
    const invoice = res.body.invoice;
    expect(invoice).toMatchObject({ ...ZERO_TOTALS, status: 'SENT', balance: 0, round_off: 0, invoice_number: expect.stringMatching(/^INV-/) });
    expect(invoice.line_items.map((l: { item_total: number }) => l.item_total)).toEqual([0, 0]);
    // Due on 5 June, read on 15 June: OVERDUE needs a balance, PAID needs money received.
    expect((await org.api.get(`/invoices/${invoice.invoice_id}`)).body.invoice).toMatchObject({ status: 'SENT', total: 0, balance: 0 });
    expect((await org.api.get('/invoices?status=SENT')).body.invoices.map((i: { invoice_id: string }) => i.invoice_id)).toContain(invoice.invoice_id);

    const voided = await org.api.post(`/invoices/${invoice.invoice_id}/void`, {}, { idempotencyKey: newKey() });
    expect(voided.status).toBe(200);
    expect(voided.body.invoice).toMatchObject({ status: 'CANCELLED', total: 0, balance: 0 });
    await expectNothingPosted(invoice.invoice_id);
  });

  it('approve from DRAFT to SENT without a journal, and take neither payments nor credits', async () => {
    const customerId = await customer(org.api);
    const draft = (await createInvoice(org.api, { customer_id: customerId, date: '2026-06-10', place_of_supply: 'IN-MH', line_items: zeroLines() })).body.invoice;
    expect(draft).toMatchObject({ ...ZERO_TOTALS, status: 'DRAFT' });
    const approved = await org.api.post(`/invoices/${draft.invoice_id}/approve`, {}, { idempotencyKey: newKey() });
    expect(approved.status).toBe(200);
    expect(approved.body.invoice).toMatchObject({ ...ZERO_TOTALS, status: 'SENT', balance: 0, invoice_number: draft.invoice_number });

    const payment = await org.api.post('/payments', {
      flow: 'INCOMING', contact_id: customerId, date: '2026-06-15', amount: 10, allocations: [{ invoice_id: draft.invoice_id, amount: 10 }],
    }, { idempotencyKey: newKey() });
    expect(payment.status).toBe(400);
    expect(payment.body).toMatchObject({ code: 'validation.invalid_value', field: 'allocations[0].amount' });
    await expectNothingPosted(draft.invoice_id);
  });

  it('come from a zero sales order converted and approved, and from a recurring run of a zero template', async () => {
    const customerId = await customer(org.api);
    const order = (await org.api.post('/sales_orders', { customer_id: customerId, date: '2026-06-15', line_items: zeroLines() })).body.sales_order;
    expect(order).toMatchObject(ZERO_TOTALS);
    expect((await org.api.put(`/sales_orders/${order.sales_order_id}`, { status: 'OPEN' })).status).toBe(200);
    const converted = await org.api.post(`/sales_orders/${order.sales_order_id}/convert`);
    expect(converted.status).toBe(200);
    const invoiceId = converted.body.invoice.invoice_id;
    const approved = await org.api.post(`/invoices/${invoiceId}/approve`, {}, { idempotencyKey: newKey() });
    expect(approved.body.invoice).toMatchObject({ ...ZERO_TOTALS, status: 'SENT' });

    const schedule = await org.api.post('/recurring', {
      entity_type: 'INVOICE', name: 'Free tier', frequency: 'MONTHLY', start_date: '2026-06-15',
      template_payload: { customer_id: customerId, place_of_supply: 'IN-KA', auto_approve: true, line_items: zeroLines() },
    }, { idempotencyKey: newKey() });
    expect(schedule.status).toBe(201);
    const run = await org.api.post(`/recurring/${schedule.body.recurring.recurring_id}/run`, {}, { idempotencyKey: newKey() });
    expect(run.status).toBe(200);
    const generated = (await org.api.get(`/invoices/${run.body.generated_entity_id}`)).body.invoice;
    expect(generated).toMatchObject({ ...ZERO_TOTALS, status: 'SENT', invoice_number: expect.stringMatching(/^INV-/) });
    await expectNothingPosted(invoiceId, generated.invoice_id);
  });
});

describe('zero-value bills', () => {
  const bill = async (extra: Record<string, unknown>) => org.api.post('/bills', {
    vendor_id: await vendor(org.api), date: '2026-06-10', place_of_supply: 'IN-KA', reference_number: newKey().slice(-12), line_items: zeroLines(), ...extra,
  }, { idempotencyKey: newKey() });

  it('auto-approve to OPEN, numbered, with totals of 0 and no journal; void to CANCELLED', async () => {
    const res = await bill({ auto_approve: true });
    expect(res.status).toBe(201);
    expect(res.body.bill).toMatchObject({ ...ZERO_TOTALS, status: 'OPEN', balance: 0, bill_number: expect.stringMatching(/^BILL-/) });
    const voided = await org.api.post(`/bills/${res.body.bill.bill_id}/void`, {}, { idempotencyKey: newKey() });
    expect(voided.status).toBe(200);
    expect(voided.body.bill).toMatchObject({ status: 'CANCELLED', total: 0 });
    await expectNothingPosted(res.body.bill.bill_id);
  });

  it('approve from DRAFT, and from a zero purchase order converted, to OPEN without a journal', async () => {
    const draft = (await bill({})).body.bill;
    const approved = await org.api.post(`/bills/${draft.bill_id}/approve`, {}, { idempotencyKey: newKey() });
    expect(approved.status).toBe(200);
    expect(approved.body.bill).toMatchObject({ ...ZERO_TOTALS, status: 'OPEN' });

    const order = (await org.api.post('/purchase_orders', { vendor_id: await vendor(org.api, { place_of_contact: 'IN-KA' }), date: '2026-06-15', line_items: zeroLines() })).body.purchase_order;
    expect((await org.api.put(`/purchase_orders/${order.purchase_order_id}`, { status: 'OPEN' })).status).toBe(200);
    const converted = await org.api.post(`/purchase_orders/${order.purchase_order_id}/convert`);
    expect(converted.status).toBe(200);
    const billId = converted.body.bill.bill_id;
    const fromOrder = await org.api.post(`/bills/${billId}/approve`, {}, { idempotencyKey: newKey() });
    expect(fromOrder.body.bill).toMatchObject({ ...ZERO_TOTALS, status: 'OPEN' });
    await expectNothingPosted(draft.bill_id, billId);
  });
});

describe('zero-value notes', () => {
  it('a credit note and a debit note are ISSUED, numbered, with totals of 0 and no journal; void to CANCELLED', async () => {
    const credit = await createCreditNote(org.api, { customer_id: await customer(org.api), date: '2026-06-12', line_items: zeroLines() });
    expect(credit.status).toBe(201);
    expect(credit.body.credit_note).toMatchObject({ ...ZERO_TOTALS, status: 'ISSUED', balance_amount: 0, credit_note_number: expect.stringMatching(/^CN-/) });
    const debit = await createDebitNote(org.api, { vendor_id: await vendor(org.api), date: '2026-06-12', line_items: zeroLines() });
    expect(debit.status).toBe(201);
    expect(debit.body.debit_note).toMatchObject({ ...ZERO_TOTALS, status: 'ISSUED' });

    const creditId = credit.body.credit_note.credit_note_id;
    const debitId = debit.body.debit_note.debit_note_id;
    const voidedCredit = await org.api.post(`/credit_notes/${creditId}/void`, {}, { idempotencyKey: newKey() });
    expect(voidedCredit.status).toBe(200);
    expect(voidedCredit.body.credit_note).toMatchObject({ status: 'CANCELLED', total: 0 });
    const voidedDebit = await org.api.post(`/debit_notes/${debitId}/void`, {}, { idempotencyKey: newKey() });
    expect(voidedDebit.status).toBe(200);
    expect(voidedDebit.body.debit_note).toMatchObject({ status: 'CANCELLED', total: 0 });
    await expectNothingPosted(creditId, debitId);
  });
});

describe('a round-off cannot make a total negative', () => {
  it('a zero-value invoice or bill with round_off -0.01 is 400 on round_off, on create and on a draft edit, and nothing is written', async () => {
    const customerId = await customer(org.api);
    const refusedInvoice = await createInvoice(org.api, {
      customer_id: customerId, date: '2026-06-10', place_of_supply: 'IN-KA', round_off: -0.01, line_items: zeroLines(),
    });
    expect(refusedInvoice.status).toBe(400);
    expect(refusedInvoice.body).toMatchObject({ code: 'validation.invalid_value', field: 'round_off' });
    expect((await org.api.get(`/invoices?customer_id=${customerId}`)).body.invoices).toEqual([]);

    const vendorId = await vendor(org.api);
    const bill = { vendor_id: vendorId, date: '2026-06-10', place_of_supply: 'IN-KA', reference_number: newKey().slice(-12), line_items: zeroLines() };
    const refusedBill = await org.api.post('/bills', { ...bill, round_off: -0.01 }, { idempotencyKey: newKey() });
    expect(refusedBill.status).toBe(400);
    expect(refusedBill.body.field).toBe('round_off');

    const draft = (await org.api.post('/bills', bill, { idempotencyKey: newKey() })).body.bill;
    expect(draft).toMatchObject({ total: 0, status: 'DRAFT' });
    const edit = await org.api.put(`/bills/${draft.bill_id}`, { round_off: -0.01 }, { idempotencyKey: newKey() });
    expect(edit.status).toBe(400);
    expect(edit.body.field).toBe('round_off');
    expect((await org.api.get(`/bills/${draft.bill_id}`)).body.bill).toMatchObject({ total: 0, balance: 0, round_off: 0 });
    await expectNothingPosted(draft.bill_id);
  });
});
