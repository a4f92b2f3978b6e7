import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import { createCreditNote, customer, postedBill, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/* The vendor statement: the customer ledger's mirror on what the organisation owes a vendor. */

let t: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-30T06:00:00Z'));
  org = await t.given.org({ state_code: 'IN-KA' });
});
afterAll(async () => { await t.close(); });

interface Entry { date: string; source: string; debit: number; credit: number; balance: number }

describe('vendor ledger', () => {
  it('lists bills, payments made, vendor credits and journals naming the vendor, the balance what is owed to them', async () => {
    const vendorId = await vendor(org.api);
    const bill = await postedBill(org.api, vendorId, 1000, { date: '2026-06-01' });
    const payment = await org.api.post('/payments', {
      flow: 'OUTGOING', contact_id: vendorId, date: '2026-06-10', amount: 400, allocations: [{ bill_id: bill.bill_id, amount: 400 }],
    }, { idempotencyKey: newKey() });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    // A credit the vendor gave us (a vendor credit note): Dr Payable.
    const vendorCredit = await createCreditNote(org.api, {
      customer_id: vendorId, date: '2026-06-12', place_of_supply: 'IN-KA', line_items: [{ name: 'Returned stock', rate: 100, quantity: 1 }],
    });
    expect(vendorCredit.status, JSON.stringify(vendorCredit.body)).toBe(201);
    expect(vendorCredit.body.credit_note.type).toBe('vendor');
    const [payable, purchases] = await Promise.all(['Accounts Payable', 'Purchases'].map((n) => accountId(org.api, n)));
    const journal = await org.api.post('/journals', {
      date: '2026-06-14', memo: 'Quantity discount agreed', contact_id: vendorId,
      lines: [{ account_id: payable, debit: 50 }, { account_id: purchases, credit: 50 }],
    });
    expect(journal.status, JSON.stringify(journal.body)).toBe(201);

    const all = await org.api.get(`/reports/vendor_ledger?contact_id=${vendorId}`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const ledger = all.body.vendor_ledger;
    expect(ledger.entries.map((e: Entry) => [e.date, e.source, e.debit, e.credit, e.balance])).toEqual([
      ['2026-06-01', 'BILL', 0, 1000, 1000],
      // Paid as an advance, then applied: the advance and the payable move in one entry.
      ['2026-06-10', 'PAYMENT', 400, 0, 600],
      ['2026-06-10', 'ALLOCATION', 0, 400, 1000],
      ['2026-06-10', 'ALLOCATION', 400, 0, 600],
      ['2026-06-12', 'CREDIT_NOTE', 100, 0, 500],
      ['2026-06-14', 'MANUAL', 50, 0, 450],
    ]);
    expect(ledger.entries[0]).toMatchObject({ document_number: bill.bill_number });
    expect(ledger).toMatchObject({ contact_id: vendorId, opening_balance: 0, closing_balance: 450, from_date: null, to_date: null });

    const window = await org.api.get(`/reports/vendor_ledger?contact_id=${vendorId}&from_date=2026-06-11&to_date=2026-06-13`);
    expect(window.body.vendor_ledger).toMatchObject({ opening_balance: 600, closing_balance: 500, from_date: '2026-06-11', to_date: '2026-06-13' });
    expect(window.body.vendor_ledger.entries).toHaveLength(1);
    // The vendor has no receivable: their customer statement is empty.
    expect((await org.api.get(`/reports/customer_ledger?contact_id=${vendorId}`)).body.customer_ledger).toMatchObject({ entries: [], closing_balance: 0 });
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });

  it('answers as the customer ledger does: 404 for another organisation\'s contact, 400 without contact_id or with to_date before from_date', async () => {
    const other = await t.given.org();
    const foreign = await vendor(other.api);
    expect((await org.api.get(`/reports/vendor_ledger?contact_id=${foreign}`)).body).toMatchObject({ code: 'not_found.resource', field: 'contact_id' });
    expect((await org.api.get('/reports/vendor_ledger')).body).toMatchObject({ code: 'validation.required_field', field: 'contact_id' });
    const own = await customer(org.api);
    const backwards = await org.api.get(`/reports/vendor_ledger?contact_id=${own}&from_date=2026-06-10&to_date=2026-06-01`);
    expect(backwards.body).toMatchObject({ code: 'validation.invalid_value', field: 'to_date' });
  });

  it('needs Svc.contacts.READ, as the customer ledger (docs/rules/reports.md, "Scopes")', async () => {
    const contactsOnly = await t.given.org({ scopes: ['Svc.contacts.READ', 'Svc.contacts.CREATE'] });
    const vendorId = await vendor(contactsOnly.api);
    expect((await contactsOnly.api.get(`/reports/vendor_ledger?contact_id=${vendorId}`)).status).toBe(200);
    const accountsOnly = await t.given.org({ scopes: ['Svc.accounts.READ'] });
    expect((await accountsOnly.api.get(`/reports/vendor_ledger?contact_id=${vendorId}`)).status).toBe(403);
  });
});
