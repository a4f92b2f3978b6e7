import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, expectBooksBalanced } from '../support/books';
import { createInvoice, customer, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

let t: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await t.given.org();
});
afterAll(async () => { await t.close(); });

const pay = (body: Record<string, unknown>, key = newKey()) => org.api.post('/payments', { date: '2026-06-15', ...body }, { idempotencyKey: key });
const apply = (paymentId: string, body: Record<string, unknown>, key = newKey()) => org.api.post(`/payments/${paymentId}/apply`, body, { idempotencyKey: key });

async function sentInvoice(customerId: string, rate: number) {
  const res = await createInvoice(org.api, { customer_id: customerId, date: '2026-06-01', due_date: '2026-07-01', place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Work', hsn_or_sac: '9983', rate }] });
  return res.body.invoice.invoice_id as string;
}
const invoiceOf = async (id: string) => (await org.api.get(`/invoices/${id}`)).body.invoice;

describe('POST /payments', () => {
  it('answers a create with every allocation it made, as a later GET shows them', async () => {
    const customerId = await customer(org.api);
    const [first, second] = [await sentInvoice(customerId, 300), await sentInvoice(customerId, 200)];
    const created = await pay({ flow: 'INCOMING', contact_id: customerId, amount: 500, allocations: [{ invoice_id: second, amount: 200 }, { invoice_id: first, amount: 300 }] });
    expect(created.status).toBe(201);
    const allocations = created.body.payment.allocations;
    expect(allocations).toHaveLength(2);
    expect(allocations.map((a: { invoice_id: string; amount: number }) => [a.invoice_id, a.amount]).sort()).toEqual([[first, 300], [second, 200]].sort());
    expect((await org.api.get(`/payments/${created.body.payment.payment_id}`)).body.payment.allocations).toEqual(allocations);
    await expectBooksBalanced(org.api);
  });

  it('records an advance: Dr Bank, Cr Advances from Customers; applying it later moves it to receivables', async () => {
    const customerId = await customer(org.api);
    const invoiceId = await sentInvoice(customerId, 1000);
    const bankBefore = await accountBalance(org.api, 'Bank');
    const created = await pay({ flow: 'INCOMING', contact_id: customerId, amount: 1500, reference_number: 'UTR-1' });
    expect(created.status).toBe(201);
    expect(created.body.payment).toMatchObject({ flow: 'INCOMING', mode: 'BANK_TRANSFER', payment_type: 'REGULAR', amount: 1500, allocations: [] });
    expect(await accountBalance(org.api, 'Bank')).toBeCloseTo(bankBefore + 1500, 2);
    expect(await accountBalance(org.api, 'Advances from Customers')).toBeCloseTo(-1500, 2);

    const applied = await apply(created.body.payment.payment_id, { invoice_id: invoiceId, amount: 600 });
    expect(applied.status).toBe(200);
    expect(applied.body.allocation).toEqual({ invoice_id: invoiceId, bill_id: null, allocated_amount: 600, round_off_amount: 0 });
    expect(applied.body.payment.allocations).toEqual([expect.objectContaining({ invoice_id: invoiceId, amount: 600 })]);
    expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'PARTIALLY_PAID', balance: 400, payment_made: 600 });
    expect(await accountBalance(org.api, 'Advances from Customers')).toBeCloseTo(-900, 2);

    const again = await apply(created.body.payment.payment_id, { invoice_id: invoiceId, amount: 600 });
    expect(again.body.allocation).toMatchObject({ already_applied: true });
    const other = await apply(created.body.payment.payment_id, { invoice_id: invoiceId, amount: 601 });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'conflict.already_allocated', details: { applied_amount: 600, requested: 601 } });
    await expectBooksBalanced(org.api);
  });

  it('applies at create, clears an invoice (PAID, INVOICE_PAID), and refuses bad allocations writing nothing', async () => {
    const customerId = await customer(org.api);
    const a = await sentInvoice(customerId, 300);
    const b = await sentInvoice(customerId, 200);
    const before = (await org.api.get('/payments?per_page=200')).body.payments.length;
    const over = await pay({ flow: 'INCOMING', contact_id: customerId, amount: 100, allocations: [{ invoice_id: a, amount: 101 }] });
    expect(over.body).toMatchObject({ code: 'validation.invalid_value', field: 'allocations' });
    const wrongSide = await pay({ flow: 'INCOMING', contact_id: customerId, amount: 100, allocations: [{ bill_id: 'bill_x', amount: 1 }] });
    expect(wrongSide.body).toMatchObject({ code: 'validation.invalid_value', field: 'allocations[0].bill_id' });
    const aboveBalance = await pay({ flow: 'INCOMING', contact_id: customerId, amount: 500, allocations: [{ invoice_id: b, amount: 201 }] });
    expect(aboveBalance.body).toMatchObject({ code: 'validation.invalid_value', field: 'allocations[0].amount' });
    const foreign = await pay({ flow: 'INCOMING', contact_id: customerId, amount: 5, allocations: [{ invoice_id: 'inv_nope', amount: 5 }] });
    expect(foreign.status).toBe(404);
    expect((await org.api.get('/payments?per_page=200')).body.payments.length).toBe(before);

    const ok = await pay({ flow: 'INCOMING', contact_id: customerId, amount: 500, allocations: [{ invoice_id: a, amount: 300 }, { invoice_id: b, amount: 150 }] });
    expect(ok.status).toBe(201);
    expect(await invoiceOf(a)).toMatchObject({ status: 'PAID', balance: 0 });
    expect(await invoiceOf(b)).toMatchObject({ status: 'PARTIALLY_PAID', balance: 50 });
    const paidEvents = await t.app.database.db.selectFrom('outbox_events').select('payload').where('org_id', '=', org.orgId).where('event_type', '=', 'INVOICE_PAID').execute();
    expect(paidEvents.map((e) => JSON.parse(e.payload).data.id)).toContain(a);
    const received = await t.app.database.db.selectFrom('outbox_events').select('payload').where('org_id', '=', org.orgId).where('event_type', '=', 'PAYMENT_RECEIVED').execute();
    expect(received.map((e) => JSON.parse(e.payload).data.id)).toContain(ok.body.payment.payment_id);
    await expectBooksBalanced(org.api);
  });

  it('caps within the round-off tolerance and posts the excess to Round Off; beyond it, 400 with details', async () => {
    const customerId = await customer(org.api);
    const invoiceId = await sentInvoice(customerId, 1000.5);
    const p = await pay({ flow: 'INCOMING', contact_id: customerId, amount: 1000 });
    const beyond = await apply(p.body.payment.payment_id, { invoice_id: invoiceId, amount: 1002 });
    expect(beyond.status).toBe(400);
    expect(beyond.body.details).toEqual({ payment_amount: 1000, already_applied: 0, unapplied_balance: 1000, requested: 1002 });
    const capped = await apply(p.body.payment.payment_id, { invoice_id: invoiceId, amount: 1000.5 });
    expect(capped.status).toBe(200);
    expect(capped.body.allocation).toMatchObject({ allocated_amount: 1000, round_off_amount: 0.5 });
    expect(capped.body.message).toMatch(/round-off/i);
    expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'PAID', balance: 0 });
    await expectBooksBalanced(org.api);
  });

  it('TDS and bank charges: Dr Bank net, Dr TDS Receivable, Dr Bank Charges', async () => {
    const customerId = await customer(org.api);
    const [bank, tds, charges] = [await accountBalance(org.api, 'Bank'), await accountBalance(org.api, 'TDS Receivable'), await accountBalance(org.api, 'Bank Charges')];
    await pay({ flow: 'INCOMING', contact_id: customerId, amount: 10000, tds_amount: 1000, bank_charges: 25 });
    expect(await accountBalance(org.api, 'Bank')).toBeCloseTo(bank + 8975, 2);
    expect(await accountBalance(org.api, 'TDS Receivable')).toBeCloseTo(tds + 1000, 2);
    expect(await accountBalance(org.api, 'Bank Charges')).toBeCloseTo(charges + 25, 2);
    await expectBooksBalanced(org.api);
  });

  it('OUTGOING pays bills identically: Dr Accounts Payable, Cr Bank; BILL_PAID when cleared', async () => {
    const vendorId = await vendor(org.api);
    const bill = await org.api.post('/bills', { vendor_id: vendorId, date: '2026-06-01', due_date: '2026-07-01', place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Paper', rate: 400 }] });
    const billId = bill.body.bill.bill_id;
    const payable = await accountBalance(org.api, 'Accounts Payable');
    const res = await pay({ flow: 'OUTGOING', contact_id: vendorId, amount: 400, allocations: [{ bill_id: billId, amount: 400 }] });
    expect(res.status).toBe(201);
    expect((await org.api.get(`/bills/${billId}`)).body.bill).toMatchObject({ status: 'PAID', balance: 0, payment_made: 400 });
    expect(await accountBalance(org.api, 'Accounts Payable')).toBeCloseTo(payable + 400, 2);
    const wrong = await pay({ flow: 'OUTGOING', contact_id: vendorId, amount: 1, allocations: [{ invoice_id: 'inv_x', amount: 1 }] });
    expect(wrong.body).toMatchObject({ code: 'validation.invalid_value', field: 'allocations[0].invoice_id' });
    await expectBooksBalanced(org.api);
  });

  it('unapply, update and delete: balances and statuses come back, entries are mirrored', async () => {
    const customerId = await customer(org.api);
    const invoiceId = await sentInvoice(customerId, 100);
    const p = await pay({ flow: 'INCOMING', contact_id: customerId, amount: 100, allocations: [{ invoice_id: invoiceId, amount: 100 }] });
    const paymentId = p.body.payment.payment_id;
    expect((await invoiceOf(invoiceId)).status).toBe('PAID');
    const amountChange = await org.api.put(`/payments/${paymentId}`, { amount: 90 });
    expect(amountChange.status).toBe(409);
    expect(amountChange.body).toMatchObject({ code: 'conflict.allocated', field: 'amount' });
    const described = await org.api.put(`/payments/${paymentId}`, { description: 'June fees', mode: 'UPI' });
    expect(described.body.payment).toMatchObject({ description: 'June fees', mode: 'UPI' });
    const petty = (await org.api.get('/accounts?account_type=CASH')).body.accounts[0].account_id;
    const moved = await org.api.put(`/payments/${paymentId}`, { bank_account_id: petty });
    expect(moved.body.payment.bank_account_id).toBe(petty);
    const sales = (await org.api.get('/accounts?account_type=SALES')).body.accounts[0].account_id;
    expect((await org.api.put(`/payments/${paymentId}`, { bank_account_id: sales })).status).toBe(404);

    const allocationId = p.body.payment.allocations[0].allocation_id;
    const unapplied = await org.api.delete(`/payments/${paymentId}/allocations/${allocationId}`);
    expect(unapplied.status).toBe(200);
    expect(unapplied.body.payment.allocations).toEqual([]);
    expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'SENT', balance: 100, payment_made: 0 });
    expect((await apply(paymentId, { invoice_id: invoiceId, amount: 40 })).status).toBe(200);
    expect((await invoiceOf(invoiceId)).status).toBe('PARTIALLY_PAID');

    const deleted = await org.api.delete(`/payments/${paymentId}`);
    expect(deleted.status).toBe(200);
    expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'SENT', balance: 100 });
    expect((await org.api.get(`/payments/${paymentId}`)).status).toBe(404);
    const timeline = (await org.api.get(`/payments/${paymentId}/activity`));
    expect(timeline.status).toBe(404);
    await expectBooksBalanced(org.api);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });

  it('duplicate guard without a key; bypassed with one', async () => {
    await t.admin.put(`/orgs/${org.orgId}/preferences`, { requireIdempotencyKey: false });
    const customerId = await customer(org.api);
    const body = { flow: 'INCOMING', contact_id: customerId, date: '2026-06-15', amount: 77, reference_number: 'CHQ-9' };
    const first = await org.api.post('/payments', body);
    expect(first.status).toBe(201);
    const twin = await org.api.post('/payments', { ...body, date: '2026-06-18' });
    expect(twin.status).toBe(409);
    expect(twin.body).toMatchObject({ code: 'validation.duplicate_resource', details: { existing_payment_id: first.body.payment.payment_id, existing_amount: 77, existing_reference: 'CHQ-9' } });
    expect((await org.api.post('/payments', body, { idempotencyKey: newKey() })).status).toBe(201);
    await t.admin.put(`/orgs/${org.orgId}/preferences`, { strictPaymentDedupe: false });
    expect((await org.api.post('/payments', body)).status).toBe(201);
    await t.admin.put(`/orgs/${org.orgId}/preferences`, { requireIdempotencyKey: true, strictPaymentDedupe: true });
    expect((await org.api.post('/payments', body)).body.code).toBe('idempotency.key_required');
  });

  it('lists newest first with the flow filter, defaults the bank account, and needs exchange_rate outside INR', async () => {
    const customerId = await customer(org.api);
    const vendorId = await vendor(org.api);
    const incoming = await pay({ flow: 'INCOMING', contact_id: customerId, amount: 10 });
    const outgoing = await pay({ flow: 'OUTGOING', contact_id: vendorId, amount: 20 });
    const bank = (await org.api.get('/accounts?account_type=BANK')).body.accounts[0].account_id;
    expect(incoming.body.payment.bank_account_id).toBe(bank);
    const out = (await org.api.get('/payments?flow=OUTGOING&per_page=200')).body.payments.map((p: { payment_id: string; flow: string }) => p.flow);
    expect(new Set(out)).toEqual(new Set(['OUTGOING']));
    const all = (await org.api.get('/payments?per_page=2')).body;
    expect(all.payments[0].payment_id).toBe(outgoing.body.payment.payment_id);
    expect(all.page_context.has_more_page).toBe(true);
    const usd = await pay({ flow: 'INCOMING', contact_id: customerId, amount: 10, currency_code: 'USD' });
    expect(usd.body).toMatchObject({ code: 'validation.required_field', field: 'exchange_rate' });
    const other = await t.given.org();
    expect((await other.api.get(`/payments/${incoming.body.payment.payment_id}`)).status).toBe(404);
    await expectBooksBalanced(org.api);
  });
});

describe('PUT /payments: the rules a create checks', () => {
  const journalsOf = async (paymentId: string) => (await org.api.get(`/journals?source_id=${paymentId}&per_page=200`)).body.journals.length as number;

  it.each([
    // OUTGOING: lowering the amount to the TDS withheld would have turned the bank leg into a debit.
    ['OUTGOING lowers the amount to the TDS', 'OUTGOING', { tds_amount: 100 }, { amount: 100 }, 'amount'],
    ['OUTGOING lowers the amount below the TDS', 'OUTGOING', { tds_amount: 100, bank_charges: 10 }, { amount: 40, description: 'x' }, 'amount'],
    ['INCOMING lowers the amount to the charges and TDS', 'INCOMING', { tds_amount: 100, bank_charges: 50 }, { amount: 150 }, 'amount'],
    ['INCOMING raises the charges to the rest', 'INCOMING', { tds_amount: 100 }, { bank_charges: 900, amount: 1000 }, 'bank_charges'],
    ['an OUTGOING payment turned INCOMING whose charges take it all', 'OUTGOING', { tds_amount: 100, bank_charges: 900 }, { flow: 'INCOMING' }, 'flow'],
  ])('%s: 400 on the field sent, nothing written', async (_name, flow, deductions, change, field) => {
    const contactId = flow === 'INCOMING' ? await customer(org.api) : await vendor(org.api);
    const created = await pay({ flow, contact_id: contactId, amount: 1000, ...deductions });
    expect(created.status).toBe(201);
    const paymentId = created.body.payment.payment_id;
    const bank = await accountBalance(org.api, 'Bank');
    const journals = await journalsOf(paymentId);

    const res = await org.api.put(`/payments/${paymentId}`, change);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation.invalid_value', field });
    expect((await org.api.get(`/payments/${paymentId}`)).body.payment).toEqual(created.body.payment);
    expect(await journalsOf(paymentId)).toBe(journals);
    expect(await accountBalance(org.api, 'Bank')).toBeCloseTo(bank, 2);
    await expectBooksBalanced(org.api);
  });

  it('an OUTGOING payment may lower its amount while TDS stays below it: Cr Bank amount − TDS', async () => {
    const vendorId = await vendor(org.api);
    const created = await pay({ flow: 'OUTGOING', contact_id: vendorId, amount: 1000, tds_amount: 100 });
    const [bank, tds] = [await accountBalance(org.api, 'Bank'), await accountBalance(org.api, 'TDS Payable')];
    const lowered = await org.api.put(`/payments/${created.body.payment.payment_id}`, { amount: 500 });
    expect(lowered.status).toBe(200);
    expect(lowered.body.payment).toMatchObject({ amount: 500, tds_amount: 100 });
    // Paid 900 and now 400 from the bank: 500 comes back; TDS Payable (a credit) is unchanged.
    expect(await accountBalance(org.api, 'Bank')).toBeCloseTo(bank + 500, 2);
    expect(await accountBalance(org.api, 'TDS Payable')).toBeCloseTo(tds, 2);
    await expectBooksBalanced(org.api);
  });

  it('a move to a contact in the base currency takes rate 1, not the old currency\'s rate', async () => {
    const customerId = await customer(org.api);
    const created = await pay({ flow: 'INCOMING', contact_id: customerId, amount: 10, currency_code: 'USD', exchange_rate: 83 });
    expect(created.status).toBe(201);
    const bank = await accountBalance(org.api, 'Bank');
    const moved = await org.api.put(`/payments/${created.body.payment.payment_id}`, { contact_id: await customer(org.api) });
    expect(moved.status).toBe(200);
    expect(moved.body.payment).toMatchObject({ currency_code: 'INR', exchange_rate: 1, amount: 10 });
    // 830 rupees came in as USD 10; now it is INR 10.
    expect(await accountBalance(org.api, 'Bank')).toBeCloseTo(bank - 820, 2);
    const euro = await org.api.put(`/payments/${created.body.payment.payment_id}`, { currency_code: 'EUR' });
    expect(euro.body).toMatchObject({ code: 'validation.required_field', field: 'exchange_rate' });
    await expectBooksBalanced(org.api);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });
});
