import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, accountId, expectBooksBalanced } from '../support/books';
import { createCreditNote, createDebitNote, customer, postedBill, postedInvoice, taxId, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Notes bound to the document they correct (s.34 CGST): each line names the invoice or bill
 * line, credits a quantity at that line's rate and discount per unit or an amount of taxable
 * value, never more than is uncredited, at that line's tax; and debit notes lower their bill.
 */

let t: TestApp;
let org: OrgFixture;
let gst18: string;
let gst28: string;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await t.given.org({ state_code: 'IN-KA' });
  gst18 = await taxId(org.api, 18);
  gst28 = await taxId(org.api, 28);
});
afterAll(async () => { await t.close(); });

/** 3 units at ₹100.00 less ₹10.00 = ₹290.00 taxable at 18%, intra-state: ₹342.20. */
const widgets = () => ({ name: 'Widget', hsn_or_sac: '8471', quantity: 3, rate: 100, discount: 10, tax_id: gst18 });
const lineOf = (doc: { line_items: { line_item_id: string }[] }, i = 0) => doc.line_items[i]!.line_item_id;

async function creditNote(customerId: string, invoiceId: string, lineItems: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return createCreditNote(org.api, { customer_id: customerId, invoice_id: invoiceId, date: '2026-06-12', line_items: lineItems, ...extra });
}

describe('a credit note naming its invoice', () => {
  it('refuses more units than the invoice line still has uncredited, naming them (was accepted: 5 units against a line of 2)', async () => {
    const customerId = await customer(org.api);
    const invoice = await postedInvoice(org.api, customerId, 200, { line_items: [{ name: 'Chair', hsn_or_sac: '9401', quantity: 2, rate: 200, tax_id: gst18 }] });
    const five = await creditNote(customerId, invoice.invoice_id, [{ invoice_line_item_id: lineOf(invoice), quantity: 5 }]);
    expect(five).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'line_items[0].quantity', details: { uncredited_quantity: 2, requested: 5 } } });
    expect(five.body.message).toContain('only 2 ');
    expect((await org.api.get(`/credit_notes?invoice_id=${invoice.invoice_id}`)).body.credit_notes).toEqual([]);
  });

  it("refuses another tax than the invoice line's (was accepted: 28% against an 18% line); the note takes the line's tax and HSN", async () => {
    const customerId = await customer(org.api);
    const invoice = await postedInvoice(org.api, customerId, 100, { line_items: [widgets()] });
    const at28 = await creditNote(customerId, invoice.invoice_id, [{ invoice_line_item_id: lineOf(invoice), quantity: 1, tax_id: gst28 }]);
    expect(at28).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'line_items[0].tax_id', details: { invoice_line_tax_id: gst18, tax_percentage: 18 } } });
  });

  it("credits units at the line's rate, tax and discount per unit, until none is left; a voided note's units come back", async () => {
    const customerId = await customer(org.api);
    const invoice = await postedInvoice(org.api, customerId, 100, { line_items: [widgets()] });
    expect(invoice).toMatchObject({ sub_total: 290, cgst_total: 26.1, sgst_total: 26.1, total: 342.2 });
    const one = await creditNote(customerId, invoice.invoice_id, [{ invoice_line_item_id: lineOf(invoice), quantity: 1, restock: true }]);
    expect(one.status).toBe(201);
    // 1 × ₹100.00 less a third of ₹10.00 (₹3.33) = ₹96.67; 18% = ₹17.40 (17.4006), halves ₹8.70.
    expect(one.body.credit_note).toMatchObject({ place_of_supply: 'IN-KA', sub_total: 96.67, cgst_total: 8.7, sgst_total: 8.7, igst_total: 0, total: 114.07 });
    expect(one.body.credit_note.line_items[0]).toMatchObject({
      invoice_line_item_id: lineOf(invoice), bill_line_item_id: null, name: 'Widget', hsn_or_sac: '8471', tax_id: gst18, tax_percentage: 18,
      quantity: 1, rate: 100, discount: 3.33, item_total: 96.67, restock: true,
    });
    // The other two units take the rest of the discount (₹6.67): ₹193.33, 18% = ₹34.80 (34.7994).
    const two = await creditNote(customerId, invoice.invoice_id, [{ invoice_line_item_id: lineOf(invoice), quantity: 2 }]);
    expect(two.body.credit_note).toMatchObject({ sub_total: 193.33, tax_total: 34.8, total: 228.13 });
    expect(two.body.credit_note.line_items[0]).toMatchObject({ quantity: 2, discount: 6.67 });
    const more = await creditNote(customerId, invoice.invoice_id, [{ invoice_line_item_id: lineOf(invoice), quantity: 0.001 }]);
    expect(more).toMatchObject({ status: 400, body: { field: 'line_items[0].quantity', details: { uncredited_quantity: 0 } } });

    expect((await org.api.post(`/credit_notes/${two.body.credit_note.credit_note_id}/void`)).status).toBe(200);
    const again = await creditNote(customerId, invoice.invoice_id, [{ invoice_line_item_id: lineOf(invoice), quantity: 2 }]);
    expect(again.status).toBe(201);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });

  it('credits taxable value alone (a price revision, s.34(1)), at most what the line has uncredited, goods and value together', async () => {
    const customerId = await customer(org.api);
    const invoice = await postedInvoice(org.api, customerId, 100, { line_items: [widgets()] });
    const revision = await creditNote(customerId, invoice.invoice_id, [{ invoice_line_item_id: lineOf(invoice), amount: 250 }]);
    expect(revision.status).toBe(201);
    expect(revision.body.credit_note).toMatchObject({ sub_total: 250, cgst_total: 22.5, sgst_total: 22.5, total: 295 });
    expect(revision.body.credit_note.line_items[0]).toMatchObject({ quantity: 1, rate: 250, discount: 0, tax_id: gst18, item_total: 250 });
    const over = await creditNote(customerId, invoice.invoice_id, [{ invoice_line_item_id: lineOf(invoice), amount: 40.01 }]);
    expect(over).toMatchObject({ status: 400, body: { field: 'line_items[0].amount', details: { uncredited_taxable_value: 40, requested: 40.01 } } });
    // A unit returned now is worth ₹96.67 of taxable value, more than the ₹40.00 left.
    const unit = await creditNote(customerId, invoice.invoice_id, [{ invoice_line_item_id: lineOf(invoice), quantity: 1 }]);
    expect(unit).toMatchObject({ status: 400, body: { field: 'line_items[0].quantity', details: { uncredited_taxable_value: 40 } } });
    await expectBooksBalanced(org.api);
  });

  it('on a tax-inclusive invoice credits as the invoice was entered: units and amounts include the tax', async () => {
    const customerId = await customer(org.api);
    // 2 × ₹118.00 including 18%: ₹200.00 taxable, ₹18.00 CGST and ₹18.00 SGST.
    const invoice = await postedInvoice(org.api, customerId, 118, { is_inclusive_tax: true, line_items: [{ name: 'Kettle', hsn_or_sac: '8516', quantity: 2, rate: 118, tax_id: gst18 }] });
    expect(invoice).toMatchObject({ sub_total: 200, tax_total: 36, total: 236 });
    const unit = await creditNote(customerId, invoice.invoice_id, [{ invoice_line_item_id: lineOf(invoice), quantity: 1 }]);
    expect(unit.body.credit_note).toMatchObject({ sub_total: 100, cgst_total: 9, sgst_total: 9, total: 118 });
    // ₹59.00 including 18% is ₹50.00 taxable.
    const revision = await creditNote(customerId, invoice.invoice_id, [{ invoice_line_item_id: lineOf(invoice), amount: 59 }]);
    expect(revision.body.credit_note).toMatchObject({ sub_total: 50, tax_total: 9, total: 59 });
    const rest = await creditNote(customerId, invoice.invoice_id, [{ invoice_line_item_id: lineOf(invoice), quantity: 1 }]);
    expect(rest).toMatchObject({ status: 400, body: { field: 'line_items[0].quantity', details: { uncredited_taxable_value: 50, requested: 100 } } });
    await expectBooksBalanced(org.api);
  });

  it("is dated on or after the invoice, in its place of supply, and its lines name that invoice's lines", async () => {
    const customerId = await customer(org.api);
    const invoice = await postedInvoice(org.api, customerId, 100, { line_items: [widgets()] });
    const bound = { invoice_line_item_id: lineOf(invoice), quantity: 1 };
    const early = await creditNote(customerId, invoice.invoice_id, [bound], { date: '2026-06-09' });
    expect(early).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'date', details: { invoice_date: '2026-06-10' } } });
    const elsewhere = await creditNote(customerId, invoice.invoice_id, [bound], { place_of_supply: 'IN-MH' });
    expect(elsewhere).toMatchObject({ status: 400, body: { field: 'place_of_supply' } });
    // A line naming no invoice line is priced by its rate (notes-spec-form.test.ts); a bare amount needs one.
    const free = await creditNote(customerId, invoice.invoice_id, [{ name: 'Goods', amount: 10 }]);
    expect(free).toMatchObject({ status: 400, body: { field: 'line_items[0].amount' } });
    const neither = await creditNote(customerId, invoice.invoice_id, [{ invoice_line_item_id: lineOf(invoice) }]);
    expect(neither).toMatchObject({ status: 400, body: { code: 'validation.required_field', field: 'line_items[0].quantity' } });
    const both = await creditNote(customerId, invoice.invoice_id, [{ ...bound, amount: 5 }]);
    expect(both).toMatchObject({ status: 400, body: { field: 'line_items[0].amount' } });
    const repriced = await creditNote(customerId, invoice.invoice_id, [{ ...bound, rate: 50 }]);
    expect(repriced).toMatchObject({ status: 400, body: { field: 'line_items[0].rate' } });
    const otherInvoice = await postedInvoice(org.api, customerId, 100);
    const stranger = await creditNote(customerId, invoice.invoice_id, [{ invoice_line_item_id: lineOf(otherInvoice), quantity: 1 }]);
    expect(stranger).toMatchObject({ status: 400, body: { field: 'line_items[0].invoice_line_item_id' } });
    const billSide = await creditNote(customerId, invoice.invoice_id, [{ bill_line_item_id: lineOf(invoice), quantity: 1 }]);
    expect(billSide).toMatchObject({ status: 400, body: { field: 'line_items[0].bill_line_item_id' } });
    expect((await org.api.get(`/credit_notes?invoice_id=${invoice.invoice_id}`)).body.credit_notes).toEqual([]);
  });

  it("never credits more than the invoice's total, naming what remains (a rounded-off invoice: ₹118.35 less ₹0.35)", async () => {
    const customerId = await customer(org.api);
    // Inter-state: one IGST of ₹18.05 (18.054).
    const invoice = await postedInvoice(org.api, customerId, 100.3, { place_of_supply: 'IN-MH', round_off: -0.35, line_items: [{ name: 'Lamp', hsn_or_sac: '9405', rate: 100.3, tax_id: gst18 }] });
    expect(invoice).toMatchObject({ total: 118 });
    const all = await creditNote(customerId, invoice.invoice_id, [{ invoice_line_item_id: lineOf(invoice), quantity: 1 }]);
    expect(all).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'total', details: { remaining_creditable: 118, requested: 118.35 } } });
    expect(all.body.message).toContain('118');
  });

  it('without an invoice keeps free-form lines, which name no invoice line and send no bare amount', async () => {
    const customerId = await customer(org.api);
    const free = await createCreditNote(org.api, { customer_id: customerId, date: '2026-06-12', line_items: [{ name: 'Goodwill', hsn_or_sac: '9983', rate: 50, tax_id: gst28 }] });
    expect(free.status).toBe(201);
    expect(free.body.credit_note).toMatchObject({ total: 64, invoice_id: null });
    expect(free.body.credit_note.line_items[0]).toMatchObject({ quantity: 1, invoice_line_item_id: null, bill_line_item_id: null });
    const named = await createCreditNote(org.api, { customer_id: customerId, date: '2026-06-12', line_items: [{ name: 'x', rate: 1, invoice_line_item_id: 'li_1' }] });
    expect(named).toMatchObject({ status: 400, body: { field: 'line_items[0].invoice_line_item_id' } });
    const amount = await createCreditNote(org.api, { customer_id: customerId, date: '2026-06-12', line_items: [{ name: 'x', amount: 1 }] });
    expect(amount).toMatchObject({ status: 400, body: { field: 'line_items[0].amount' } });
    await expectBooksBalanced(org.api);
  });

  it("posts an unbound line to the income account it names, as an invoice line does; a bound line takes its invoice line's account", async () => {
    const customerId = await customer(org.api);
    const service = await accountId(org.api, 'Service Income');
    const invoice = await postedInvoice(org.api, customerId, 100, { line_items: [{ ...widgets(), account_id: service }] });
    const before = await accountBalance(org.api, 'Service Income');
    // ₹90.00 taxable credited, debited back to Service Income (not Sales): the invoice's −290 + 90.
    const unbound = await creditNote(customerId, invoice.invoice_id, [{ name: 'Widget', hsn_or_sac: '8471', rate: 90, tax_id: gst18, account_id: service }]);
    expect(unbound.status, JSON.stringify(unbound.body)).toBe(201);
    expect(await accountBalance(org.api, 'Service Income')).toBe(before + 90);
    const sales = await accountId(org.api, 'Sales');
    const elsewhere = await creditNote(customerId, invoice.invoice_id, [{ invoice_line_item_id: lineOf(invoice), quantity: 1, account_id: sales }]);
    expect(elsewhere).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'line_items[0].account_id' } });
    const expense = await creditNote(customerId, invoice.invoice_id, [{ name: 'Widget', hsn_or_sac: '8471', rate: 1, tax_id: gst18, account_id: await accountId(org.api, 'General Expenses') }]);
    expect(expense).toMatchObject({ status: 400, body: { field: 'line_items[0].account_id' } });
    await expectBooksBalanced(org.api);
  });
});

describe('a debit note naming its bill', () => {
  const debitNote = (vendorId: string, billId: string, lineItems: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
    createDebitNote(org.api, { vendor_id: vendorId, bill_id: billId, date: '2026-06-12', line_items: lineItems, ...extra });

  it("binds to the bill's lines as a credit note to an invoice's; vendor credit notes on the bill count too", async () => {
    const vendorId = await vendor(org.api);
    const bill = await postedBill(org.api, vendorId, 200, { line_items: [{ name: 'Steel', quantity: 2, rate: 200, tax_id: gst18 }] });
    const five = await debitNote(vendorId, bill.bill_id, [{ bill_line_item_id: lineOf(bill), quantity: 5 }]);
    expect(five).toMatchObject({ status: 400, body: { field: 'line_items[0].quantity', details: { uncredited_quantity: 2, requested: 5 } } });
    const at28 = await debitNote(vendorId, bill.bill_id, [{ bill_line_item_id: lineOf(bill), quantity: 1, tax_id: gst28 }]);
    expect(at28).toMatchObject({ status: 400, body: { field: 'line_items[0].tax_id' } });
    const early = await debitNote(vendorId, bill.bill_id, [{ bill_line_item_id: lineOf(bill), quantity: 1 }], { date: '2026-06-01' });
    expect(early).toMatchObject({ status: 400, body: { field: 'date', details: { bill_date: '2026-06-10' } } });
    const invoiceSide = await debitNote(vendorId, bill.bill_id, [{ invoice_line_item_id: lineOf(bill), quantity: 1 }]);
    expect(invoiceSide).toMatchObject({ status: 400, body: { field: 'line_items[0].invoice_line_item_id' } });

    const one = await debitNote(vendorId, bill.bill_id, [{ bill_line_item_id: lineOf(bill), quantity: 1, restock: true }]);
    expect(one.status).toBe(201);
    expect(one.body.debit_note).toMatchObject({ sub_total: 200, cgst_total: 18, sgst_total: 18, total: 236 });
    expect(one.body.debit_note.line_items[0]).toMatchObject({ bill_line_item_id: lineOf(bill), invoice_line_item_id: null, quantity: 1, tax_id: gst18 });
    const vendorCredit = await createCreditNote(org.api, {
      customer_id: vendorId, bill_id: bill.bill_id, date: '2026-06-12', line_items: [{ bill_line_item_id: lineOf(bill), quantity: 1 }],
    });
    expect(vendorCredit.status).toBe(201);
    const none = await debitNote(vendorId, bill.bill_id, [{ bill_line_item_id: lineOf(bill), quantity: 1 }]);
    expect(none).toMatchObject({ status: 400, body: { field: 'line_items[0].quantity', details: { uncredited_quantity: 0 } } });
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });
});

describe('POST /debit_notes/{id}/apply-to-bill', () => {
  const apply = (id: string, billId: string, amount: number, key = newKey(), api = org.api) =>
    api.post(`/debit_notes/${id}/apply-to-bill`, { bill_id: billId, amount }, { idempotencyKey: key });

  const unapply = (id: string, applicationId: string, api = org.api) => api.delete(`/debit_notes/${id}/applications/${applicationId}`);

  it('a note naming its bill lowers it at once (was: the full balance stayed, overstating payables); unapplied, the bill owes it again; applied in parts; PAID once the rest is paid', async () => {
    const books = await t.given.org({ state_code: 'IN-KA' });
    const gst = await taxId(books.api, 18);
    const vendorId = await vendor(books.api);
    // ₹1,000.00 + 18% = ₹1,180.00 owed; one unit back is ₹250.00 + ₹45.00 = ₹295.00.
    const bill = await postedBill(books.api, vendorId, 1000, { line_items: [{ name: 'Steel', quantity: 4, rate: 250, tax_id: gst }] });
    const note = await createDebitNote(books.api, { vendor_id: vendorId, bill_id: bill.bill_id, date: '2026-06-12', line_items: [{ bill_line_item_id: lineOf(bill), quantity: 1 }] });
    expect(note.status).toBe(201);
    const dn = note.body.debit_note.debit_note_id;
    const [application] = note.body.debit_note.applications;
    expect(note.body.debit_note).toMatchObject({ total: 295, applied_amount: 295, balance_amount: 0, status: 'APPLIED' });
    expect(application).toEqual({ application_id: expect.stringMatching(/^dna_/), invoice_id: null, bill_id: bill.bill_id, amount: 295 });
    // The note lowered the payable by its journal, and the bill by the application: they agree.
    expect(await accountBalance(books.api, 'Accounts Payable')).toBe(-885);
    expect((await books.api.get(`/bills/${bill.bill_id}`)).body.bill).toMatchObject({ balance: 885, status: 'PARTIALLY_PAID', vendor_credits_applied: 295 });

    const undone = await unapply(dn, application.application_id, books.api);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({
      message: 'The debit note has been unapplied.',
      debit_note: { debit_note_id: dn, applied_amount: 0, balance_amount: 295, status: 'ISSUED', applications: [] },
      bill: { bill_id: bill.bill_id, balance: 1180, status: 'OPEN', paid_amount: 0 },
    });
    expect(await unapply(dn, application.application_id, books.api)).toMatchObject({ status: 404, body: { code: 'not_found.resource', field: 'application_id' } });
    // In the base currency neither applying nor unapplying posts anything; the payable stands.
    expect(await accountBalance(books.api, 'Accounts Payable')).toBe(-885);
    expect((await books.api.get(`/journals?source=ALLOCATION`)).body.journals).toEqual([]);

    const part = await apply(dn, bill.bill_id, 95, newKey(), books.api);
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({
      message: 'The debit note has been applied.',
      debit_note: { debit_note_id: dn, application_id: expect.stringMatching(/^dna_/), applied_amount: 95, balance_amount: 200, status: 'ISSUED' },
      bill: { bill_id: bill.bill_id, balance: 1085, status: 'PARTIALLY_PAID', paid_amount: 95 },
    });
    const rest = await apply(dn, bill.bill_id, 200, newKey(), books.api);
    expect(rest.body.debit_note).toEqual({ debit_note_id: dn, application_id: expect.stringMatching(/^dna_/), applied_amount: 295, balance_amount: 0, status: 'APPLIED' });
    expect((await books.api.get(`/debit_notes/${dn}`)).body.debit_note.applications.map((a: { amount: number }) => a.amount)).toEqual([95, 200]);
    expect((await books.api.get(`/bills/${bill.bill_id}`)).body.bill).toMatchObject({ balance: 885, status: 'PARTIALLY_PAID', vendor_credits_applied: 295 });

    const pay = await books.api.post('/payments', { flow: 'OUTGOING', contact_id: vendorId, date: '2026-06-14', amount: 885, allocations: [{ bill_id: bill.bill_id, amount: 885 }] }, { idempotencyKey: newKey() });
    expect(pay.status).toBe(201);
    expect((await books.api.get(`/bills/${bill.bill_id}`)).body.bill).toMatchObject({ balance: 0, status: 'PAID' });
    expect(await accountBalance(books.api, 'Accounts Payable')).toBe(0);

    const timeline = (await books.api.get(`/debit_notes/${dn}/activity`)).body.activity.map((a: { action: string }) => a.action);
    expect(timeline).toEqual(['DEBIT_NOTE_APPLIED', 'DEBIT_NOTE_APPLIED', 'DEBIT_NOTE_UNAPPLIED', 'DEBIT_NOTE_APPLIED', 'DEBIT_NOTE_CREATED']);
    expect((await books.api.post(`/debit_notes/${dn}/void`)).status).toBe(409);
    expect(await t.app.reports.verify(books.orgId)).toEqual([]);
    await expectBooksBalanced(books.api);
  });

  it('a note naming its bill for all the bill owes clears it at creation: PAID, BILL_PAID fires; a retried create applies once; on a paid bill it applies nothing', async () => {
    const vendorId = await vendor(org.api);
    const bill = await postedBill(org.api, vendorId, 300);
    const key = newKey();
    const body = { vendor_id: vendorId, bill_id: bill.bill_id, date: '2026-06-12', line_items: [{ bill_line_item_id: lineOf(bill), quantity: 1 }] };
    const once = await createDebitNote(org.api, body, key);
    const again = await createDebitNote(org.api, body, key);
    expect(once.body.debit_note).toMatchObject({ total: 300, applied_amount: 300, balance_amount: 0, status: 'APPLIED' });
    expect(again.body).toEqual(once.body);
    expect((await org.api.get(`/bills/${bill.bill_id}`)).body.bill).toMatchObject({ vendor_credits_applied: 300, balance: 0, status: 'PAID' });
    const paid = await t.app.database.db.selectFrom('outbox_events').select('payload').where('org_id', '=', org.orgId).where('event_type', '=', 'BILL_PAID').execute();
    expect(paid.map((e) => JSON.parse(e.payload).data.id)).toContain(bill.bill_id);

    // A bill already paid in cash: the note is the vendor's debt to us, applied to nothing.
    const cashBill = await postedBill(org.api, vendorId, 200);
    await org.api.post('/payments', { flow: 'OUTGOING', contact_id: vendorId, date: '2026-06-11', amount: 200, allocations: [{ bill_id: cashBill.bill_id, amount: 200 }] }, { idempotencyKey: newKey() });
    const refund = await createDebitNote(org.api, { ...body, bill_id: cashBill.bill_id, line_items: [{ bill_line_item_id: lineOf(cashBill), amount: 50 }] });
    expect(refund.body.debit_note).toMatchObject({ total: 50, applied_amount: 0, balance_amount: 50, status: 'ISSUED', applications: [] });
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });

  it('unapply refuses an application of another note, an unknown one, a foreign organisation and a locked period; once nothing is applied the note and the bill can be voided', async () => {
    const vendorId = await vendor(org.api);
    const bill = await postedBill(org.api, vendorId, 500);
    const made = await createDebitNote(org.api, { vendor_id: vendorId, bill_id: bill.bill_id, date: '2026-06-12', line_items: [{ bill_line_item_id: lineOf(bill), amount: 100 }] });
    const dn = made.body.debit_note.debit_note_id;
    const applicationId = made.body.debit_note.applications[0].application_id;
    const otherNote = (await createDebitNote(org.api, { vendor_id: vendorId, date: '2026-06-12', line_items: [{ name: 'Return', rate: 10 }] })).body.debit_note.debit_note_id;
    expect(await unapply(otherNote, applicationId)).toMatchObject({ status: 404, body: { field: 'application_id' } });
    expect(await unapply(dn, 'dna_nope')).toMatchObject({ status: 404, body: { field: 'application_id' } });
    const stranger = await t.given.org({ state_code: 'IN-KA' });
    expect(await unapply(dn, applicationId, stranger.api)).toMatchObject({ status: 404, body: { field: 'debit_note_id' } });
    // The application is dated on the later of the note (12 June) and the bill (10 June).
    expect((await t.admin.put(`/orgs/${org.orgId}/lock`, { lock_date: '2026-06-12' })).status).toBe(200);
    expect(await unapply(dn, applicationId)).toMatchObject({ status: 409, body: { code: 'conflict.period_locked' } });
    expect((await t.admin.put(`/orgs/${org.orgId}/lock`, { lock_date: null })).status).toBe(200);
    expect((await org.api.post(`/bills/${bill.bill_id}/void`)).status).toBe(409);
    expect((await unapply(dn, applicationId)).status).toBe(200);
    expect((await org.api.post(`/debit_notes/${dn}/void`)).body.debit_note).toMatchObject({ status: 'CANCELLED', applied_amount: 0 });
    expect((await org.api.post(`/bills/${bill.bill_id}/void`)).body.bill).toMatchObject({ status: 'CANCELLED' });
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });

  it("refuses above the limit with it in details, another vendor's bill, another branch's, a voided note, no key, and foreign ids", async () => {
    const vendorId = await vendor(org.api);
    const bill = await postedBill(org.api, vendorId, 500);
    const made = await createDebitNote(org.api, { vendor_id: vendorId, date: '2026-06-12', line_items: [{ name: 'Return', rate: 100 }] });
    const dn = made.body.debit_note.debit_note_id;
    const over = await apply(dn, bill.bill_id, 100.01);
    expect(over).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'amount', details: { limit: 100, debit_note_balance: 100, bill_balance: 500, requested: 100.01 } } });
    const strangersBill = await postedBill(org.api, await vendor(org.api), 500);
    expect(await apply(dn, strangersBill.bill_id, 10)).toMatchObject({ status: 400, body: { field: 'bill_id' } });
    const noKey = await org.api.post(`/debit_notes/${dn}/apply-to-bill`, { bill_id: bill.bill_id, amount: 10 });
    expect(noKey).toMatchObject({ status: 400, body: { code: 'idempotency.key_required' } });
    expect(await apply(dn, bill.bill_id, 0)).toMatchObject({ status: 400 });
    const other = await t.given.org({ state_code: 'IN-KA' });
    expect(await apply(dn, bill.bill_id, 10, newKey(), other.api)).toMatchObject({ status: 404, body: { field: 'debit_note_id' } });
    expect(await apply(dn, 'bill_nope', 10)).toMatchObject({ status: 404, body: { field: 'bill_id' } });
    // A note corrects a supply of one registration: a bill of the vendor's in the Mumbai branch is another GSTIN's.
    const mumbai = (await t.admin.post(`/orgs/${org.orgId}/branches`, { name: 'Mumbai', state_code: 'IN-MH' })).body.branch.branch_id;
    const mumbaiBill = await postedBill(org.api, vendorId, 500, { branch_id: mumbai });
    expect(await apply(dn, mumbaiBill.bill_id, 10)).toMatchObject({ status: 400, body: { field: 'bill_id', details: { bill_branch_id: mumbai } } });
    expect((await org.api.post(`/debit_notes/${dn}/void`)).status).toBe(200);
    expect(await apply(dn, bill.bill_id, 10)).toMatchObject({ status: 409, body: { code: 'conflict.invalid_state' } });
    expect((await org.api.get(`/bills/${bill.bill_id}`)).body.bill).toMatchObject({ balance: 500, vendor_credits_applied: 0 });
    await expectBooksBalanced(org.api);
  });
});
