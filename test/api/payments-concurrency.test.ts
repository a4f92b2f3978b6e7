import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { createInvoice, customer } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Races between payments (issue 5). On PostgreSQL requests really run side by side and
 * the row locks decide; on SQLite writers are serialised. The invariants hold either way.
 */
let t: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await t.given.org({ rate_limit_per_minute: 100_000 });
});
afterAll(async () => { await t.close(); });

const invoice = async (customerId: string, rate: number) => (await createInvoice(org.api, {
  customer_id: customerId, date: '2026-06-01', due_date: '2026-07-01', place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Work', hsn_or_sac: '9983', rate }],
})).body.invoice.invoice_id as string;

async function expectInvariants() {
  await expectBooksBalanced(org.api);
  expect(await t.app.reports.verify(org.orgId)).toEqual([]);
}

describe('payments under concurrency', () => {
  it('50 parallel applies from one payment to different invoices never exceed the payment', async () => {
    const customerId = await customer(org.api);
    const invoices = await Promise.all(Array.from({ length: 50 }, () => invoice(customerId, 100)));
    const payment = (await org.api.post('/payments', { flow: 'INCOMING', contact_id: customerId, date: '2026-06-15', amount: 2000 }, { idempotencyKey: newKey() })).body.payment;
    const results = await Promise.all(invoices.map((id) => org.api.post(`/payments/${payment.payment_id}/apply`, { invoice_id: id, amount: 100 }, { idempotencyKey: newKey() })));
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    const after = (await org.api.get(`/payments/${payment.payment_id}`)).body.payment;
    expect(after.allocations.reduce((s: number, a: { amount: number }) => s + a.amount, 0)).toBe(2000);
    await expectInvariants();
  });

  it('50 parallel payments against one invoice never take its balance below 0; PAID exactly at 0', async () => {
    const customerId = await customer(org.api);
    const id = await invoice(customerId, 1000);
    const results = await Promise.all(Array.from({ length: 50 }, () => org.api.post('/payments', {
      flow: 'INCOMING', contact_id: customerId, date: '2026-06-15', amount: 30, allocations: [{ invoice_id: id, amount: 30 }],
    }, { idempotencyKey: newKey() })));
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(results.filter((r) => r.status === 201)).toHaveLength(33);
    const final = (await org.api.get(`/invoices/${id}`)).body.invoice;
    expect(final).toMatchObject({ balance: 10, payment_made: 990, status: 'PARTIALLY_PAID' });
    const last = await org.api.post('/payments', { flow: 'INCOMING', contact_id: customerId, date: '2026-06-15', amount: 10, allocations: [{ invoice_id: id, amount: 10 }] }, { idempotencyKey: newKey() });
    expect(last.status).toBe(201);
    expect((await org.api.get(`/invoices/${id}`)).body.invoice).toMatchObject({ balance: 0, status: 'PAID' });
    await expectInvariants();
  });

  it('a delete racing an apply on one payment: one wins cleanly, no 5xx', async () => {
    const customerId = await customer(org.api);
    for (let round = 0; round < 5; round++) {
      const id = await invoice(customerId, 50);
      const payment = (await org.api.post('/payments', { flow: 'INCOMING', contact_id: customerId, date: '2026-06-15', amount: 50 }, { idempotencyKey: newKey() })).body.payment;
      const [applied, deleted] = await Promise.all([
        org.api.post(`/payments/${payment.payment_id}/apply`, { invoice_id: id, amount: 50 }, { idempotencyKey: newKey() }),
        org.api.delete(`/payments/${payment.payment_id}`),
      ]);
      expect([applied.status, deleted.status].every((s) => s < 500)).toBe(true);
      expect(deleted.status).toBe(200);
      // Whichever ran first, the payment is gone and the invoice owes its whole total again.
      expect((await org.api.get(`/invoices/${id}`)).body.invoice).toMatchObject({ balance: 50, status: 'SENT' });
    }
    await expectInvariants();
  });
});
