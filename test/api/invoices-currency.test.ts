import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { createInvoice, customer, taxId } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

let t: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await t.given.org();
});
afterAll(async () => { await t.close(); });

describe('invoices in a foreign currency', () => {
  it('requires exchange_rate, keeps document amounts in the currency and posts INR that balances', async () => {
    const customerId = await customer(org.api, { currency_code: 'USD' });
    const base = { customer_id: customerId, date: '2026-06-15', place_of_supply: 'IN-MH', currency_code: 'USD', auto_approve: true };
    const missing = await createInvoice(org.api, { ...base, line_items: [{ name: 'Licence', hsn_or_sac: '997331', rate: 100 }] });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'validation.required_field', field: 'exchange_rate' });

    const gst18 = await taxId(org.api, 18);
    const res = await createInvoice(org.api, {
      ...base, exchange_rate: 83.005,
      line_items: [{ name: 'Licence', hsn_or_sac: '997331', rate: 33.33, quantity: 3, tax_id: gst18 }, { name: 'Support', hsn_or_sac: '998313', rate: 0.07, tax_id: gst18 }],
    });
    expect(res.status).toBe(201);
    const inv = res.body.invoice;
    // 99.99 + 0.07 = 100.06; IGST 18.00 + 0.01 = 18.01; total 118.07 USD.
    expect(inv).toMatchObject({ currency_code: 'USD', exchange_rate: 83.005, sub_total: 100.06, tax_total: 18.01, total: 118.07 });
    const journal = (await org.api.get(`/journals?source_id=${inv.invoice_id}`)).body.journals[0];
    const debit = journal.lines.reduce((s: number, l: { debit: number }) => s + Math.round(l.debit * 100), 0);
    const credit = journal.lines.reduce((s: number, l: { credit: number }) => s + Math.round(l.credit * 100), 0);
    expect(debit).toBe(credit);
    // Each credit converted half-up: 99.99×83.005 = 8299.67, 0.07×83.005 = 5.81, IGST 18.01×83.005 = 1494.92.
    expect(journal.lines.map((l: { credit: number }) => l.credit).filter((c: number) => c > 0).sort((a: number, b: number) => a - b)).toEqual([5.81, 1494.92, 8299.67]);
    expect(debit).toBe(980040);
    await expectBooksBalanced(org.api);
  });
});
