/**
 * Amounts that are not zero but round to 0.00 in the base currency (docs/rules/amounts-and-rounding.md, "Zero amounts"):
 * 400 validation.invalid_value on the input that produced them (`exchange_rate` on payments and
 * foreign-currency documents, `line_items[i].quantity` on lines, the parent's id on a note that
 * converts at its parent's rate, the allocation's amount), with nothing written. Just above the
 * threshold the amount posts as worked out by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { createCreditNote, createDebitNote, createInvoice, customer, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

let t: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await t.given.org({ state_code: 'IN-KA' });
});
afterAll(async () => { await t.close(); });

const DATE = '2026-06-15';
const post = (path: string, body: unknown) => org.api.post(path, body, { idempotencyKey: newKey() });
const journalsOf = async (sourceId: string) => (await org.api.get(`/journals?source_id=${sourceId}`)).body.journals as Array<{ lines: Array<{ debit: number; credit: number }> }>;
/** Σ debits of an entry in paise, which equals its credits when it balances. */
const entryTotal = (j: { lines: Array<{ debit: number; credit: number }> }) => {
  const debit = j.lines.reduce((s, l) => s + Math.round(l.debit * 100), 0);
  expect(j.lines.reduce((s, l) => s + Math.round(l.credit * 100), 0)).toBe(debit);
  return debit;
};

async function expectRefused(res: { status: number; body: Record<string, unknown> }, field: string) {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ code: 'validation.invalid_value', field });
}

/** The end of every test: the books balance and every document agrees with its postings. */
async function expectBooksInOrder() {
  await expectBooksBalanced(org.api);
  expect(await t.app.reports.verify(org.orgId)).toEqual([]);
}

describe('payments whose amount is 0.00 in rupees', () => {
  it('refuses 1.00 USD at 0.001 (0.001 INR) on exchange_rate, and posts 5.00 USD at 0.001 as 0.01 INR', async () => {
    const contactId = await customer(org.api, { currency_code: 'USD' });
    const body = { flow: 'INCOMING', contact_id: contactId, date: DATE, currency_code: 'USD', exchange_rate: 0.001 };
    await expectRefused(await post('/payments', { ...body, amount: 1 }), 'exchange_rate');
    // bank_charges 0.01 USD is 0.00001 INR: an amount of the payment lost in conversion too.
    await expectRefused(await post('/payments', { ...body, amount: 100, exchange_rate: 0.3, bank_charges: 0.01 }), 'exchange_rate');
    expect((await org.api.get('/payments')).body.payments).toEqual([]);

    // 5.00 × 0.001 = 0.005 → 0.01 (half-up): Dr Bank 0.01, Cr Advances 0.01.
    const res = await post('/payments', { ...body, amount: 5 });
    expect(res.status).toBe(201);
    const [journal] = await journalsOf(res.body.payment.payment_id);
    expect(entryTotal(journal!)).toBe(1);
    await expectBooksInOrder();
  });

  it('refuses PUT exchange_rate 0.000001 on a 100 USD payment (0.0001 INR), leaving the payment and its entry as they were', async () => {
    const contactId = await vendor(org.api, { currency_code: 'USD' });
    const made = await post('/payments', { flow: 'OUTGOING', contact_id: contactId, date: DATE, amount: 100, currency_code: 'USD', exchange_rate: 83.5 });
    expect(made.status).toBe(201);
    const id = made.body.payment.payment_id;
    await expectRefused(await org.api.put(`/payments/${id}`, { exchange_rate: 0.000001 }), 'exchange_rate');
    expect((await org.api.get(`/payments/${id}`)).body.payment).toMatchObject({ exchange_rate: 83.5, amount: 100 });
    // 100 × 83.5 = 8350.00, still the one entry in force.
    const journals = await journalsOf(id);
    expect(journals.map(entryTotal)).toEqual([835000]);
    await expectBooksInOrder();
  });

  it('refuses an allocation of 0.01 USD at 0.3 (0.003 INR) on its amount, and applies 0.02 USD (0.006 → 0.01 INR)', async () => {
    const contactId = await customer(org.api, { currency_code: 'USD' });
    const usd = { currency_code: 'USD', exchange_rate: 0.3 };
    const invoice = (await createInvoice(org.api, {
      customer_id: contactId, date: DATE, place_of_supply: 'IN-KA', auto_approve: true, ...usd, line_items: [{ name: 'Licence', hsn_or_sac: '997331', rate: 10 }],
    })).body.invoice;
    expect(invoice).toMatchObject({ total: 10, status: 'SENT' });
    const payment = (await post('/payments', { flow: 'INCOMING', contact_id: contactId, date: DATE, amount: 10, ...usd })).body.payment;
    const apply = (amount: number) => post(`/payments/${payment.payment_id}/apply`, { invoice_id: invoice.invoice_id, amount });
    await expectRefused(await apply(0.01), 'amount');
    expect((await org.api.get(`/invoices/${invoice.invoice_id}`)).body.invoice).toMatchObject({ balance: 10, status: 'SENT' });
    const applied = await apply(0.02);
    expect(applied.status).toBe(200);
    expect((await org.api.get(`/invoices/${invoice.invoice_id}`)).body.invoice).toMatchObject({ balance: 9.98, status: 'PARTIALLY_PAID' });
    await expectBooksInOrder();
  });
});

describe('lines whose quantity × rate rounds to 0.00', () => {
  const lines = [{ name: 'Bolts', hsn_or_sac: '7318', rate: 12.5, quantity: 4 }, { name: 'Washer dust', hsn_or_sac: '7318', rate: 0.01, quantity: 0.001 }];

  it.each([
    ['invoices', '/invoices', async () => ({ customer_id: await customer(org.api), place_of_supply: 'IN-KA', auto_approve: true })],
    ['bills', '/bills', async () => ({ vendor_id: await vendor(org.api), place_of_supply: 'IN-KA', reference_number: newKey().slice(-12), auto_approve: true })],
    ['credit notes', '/credit_notes', async () => ({ customer_id: await customer(org.api) })],
    ['debit notes', '/debit_notes', async () => ({ vendor_id: await vendor(org.api) })],
    ['estimates', '/estimates', async () => ({ customer_id: await customer(org.api) })],
  ])('refuses 0.001 × 0.01 on %s on line_items[1].quantity; 0.5 × 0.01 is 0.01', async (_name, path, header) => {
    const before = (await org.api.get('/journals?per_page=200')).body.journals.length;
    await expectRefused(await post(path, { ...(await header()), date: DATE, line_items: lines }), 'line_items[1].quantity');
    expect((await org.api.get('/journals?per_page=200')).body.journals.length).toBe(before);
    // 4 × 12.50 = 50.00, and 0.5 × 0.01 = 0.005 → 0.01: 50.01.
    const res = await post(path, { ...(await header()), date: DATE, line_items: [lines[0], { ...lines[1], quantity: 0.5 }] });
    expect(res.status).toBe(201);
    const document = Object.values(res.body).find((v) => typeof v === 'object') as { sub_total: number; total: number };
    expect(document).toMatchObject({ sub_total: 50.01, total: 50.01 });
    await expectBooksInOrder();
  });
});

describe('foreign-currency documents with an amount that is 0.00 in rupees', () => {
  it('refuses an invoice and a bill on exchange_rate when a line converts to 0.00, and posts them at the rate where it does not', async () => {
    const customerId = await customer(org.api, { currency_code: 'USD' });
    const vendorId = await vendor(org.api, { currency_code: 'USD' });
    // 0.01 USD × 0.3 = 0.003 INR → 0.00; the whole, 100.01 USD, would still be 30.00 INR.
    const lines = [{ name: 'Licence', hsn_or_sac: '997331', rate: 100 }, { name: 'Rounding', hsn_or_sac: '997331', rate: 0.01 }];
    const invoice = { customer_id: customerId, date: DATE, place_of_supply: 'IN-KA', auto_approve: true, currency_code: 'USD', line_items: lines };
    const bill = { vendor_id: vendorId, date: DATE, place_of_supply: 'IN-KA', auto_approve: true, currency_code: 'USD', line_items: lines, reference_number: newKey().slice(-12) };
    await expectRefused(await createInvoice(org.api, { ...invoice, exchange_rate: 0.3 }), 'exchange_rate');
    await expectRefused(await post('/bills', { ...bill, exchange_rate: 0.3 }), 'exchange_rate');
    // 1.00 USD at 0.001 is 0.001 INR: the total itself vanishes, on a draft too.
    await expectRefused(await createInvoice(org.api, { ...invoice, auto_approve: false, exchange_rate: 0.001, line_items: [{ name: 'Licence', hsn_or_sac: '997331', rate: 1 }] }), 'exchange_rate');
    expect((await org.api.get(`/invoices?customer_id=${customerId}`)).body.invoices).toEqual([]);

    // At 0.5: 100 × 0.5 = 50.00 and 0.01 × 0.5 = 0.005 → 0.01; receivable 50.01.
    const posted = await createInvoice(org.api, { ...invoice, exchange_rate: 0.5 });
    expect(posted.status).toBe(201);
    expect((await journalsOf(posted.body.invoice.invoice_id)).map(entryTotal)).toEqual([5001]);
    const postedBill = await post('/bills', { ...bill, exchange_rate: 0.5 });
    expect(postedBill.status).toBe(201);
    expect((await journalsOf(postedBill.body.bill.bill_id)).map(entryTotal)).toEqual([5001]);

    // A note converts at its parent's rate: a 0.01 USD line on a bill at 0.3 is refused on bill_id.
    const atPoint3 = (await post('/bills', { ...bill, exchange_rate: 0.3, line_items: [lines[0]], reference_number: newKey().slice(-12) })).body.bill;
    await expectRefused(await createDebitNote(org.api, { vendor_id: vendorId, bill_id: atPoint3.bill_id, date: DATE, line_items: [{ bill_line_item_id: atPoint3.line_items[0].line_item_id, amount: 0.01 }] }), 'bill_id');
    const invoiceAtPoint3 = (await createInvoice(org.api, { ...invoice, exchange_rate: 0.3, line_items: [lines[0]] })).body.invoice;
    await expectRefused(await createCreditNote(org.api, { customer_id: customerId, invoice_id: invoiceAtPoint3.invoice_id, date: DATE, line_items: [{ invoice_line_item_id: invoiceAtPoint3.line_items[0].line_item_id, amount: 0.01 }] }), 'invoice_id');
    await expectBooksInOrder();
  });
});

describe('amounts past the money bound once converted (docs/decisions.md, "Money bound on computed amounts")', () => {
  it('refuses a payment and an invoice whose rupee amount would pass ₹1 lakh crore, on exchange_rate, writing nothing', async () => {
    const contactId = await customer(org.api, { currency_code: 'USD' });
    const made = await post('/payments', { flow: 'INCOMING', contact_id: contactId, date: DATE, amount: 100, currency_code: 'USD', exchange_rate: 83.5 });
    expect(made.status).toBe(201);
    const id = made.body.payment.payment_id;
    // 1,000,000,000,000 USD × 83.5 = 83.5 lakh crore INR.
    await expectRefused(await org.api.put(`/payments/${id}`, { amount: 1e12 }), 'exchange_rate');
    expect((await org.api.get(`/payments/${id}`)).body.payment).toMatchObject({ amount: 100 });
    expect((await journalsOf(id)).map(entryTotal)).toEqual([835000]);
    // 600,000,000,000 USD × 2 = 1.2 lakh crore INR; the same at 1.5 is 0.9 lakh crore, within the bound.
    const invoice = { customer_id: contactId, date: DATE, place_of_supply: 'IN-MH', auto_approve: true, currency_code: 'USD', line_items: [{ name: 'Fleet', hsn_or_sac: '8704', rate: 600_000_000_000 }] };
    await expectRefused(await createInvoice(org.api, { ...invoice, exchange_rate: 2 }), 'exchange_rate');
    const within = await createInvoice(org.api, { ...invoice, exchange_rate: 1.5 });
    expect(within.status).toBe(201);
    expect((await journalsOf(within.body.invoice.invoice_id)).map(entryTotal)).toEqual([90_000_000_000_000]);
    await expectBooksInOrder();
  });
});
