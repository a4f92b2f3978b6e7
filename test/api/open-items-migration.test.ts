import { afterAll, describe, expect, it } from 'vitest';
import { databaseBefore, insertRow, type DatabaseBefore } from '../support/migration-fixture';

/*
 * Migration 032 on payments made before it: each keeps what its live allocations leave of
 * its amount (released ones give theirs back), and a deleted payment nothing.
 */
describe('migration 032 on payments made before it', () => {
  let before: DatabaseBefore;
  afterAll(async () => { await before?.close(); });

  it("gives each payment its unapplied amount from its live allocations", async () => {
    before = await databaseBefore('032-open-items');
    const payment = (id: string, amount: number, deleted = 0) => insertRow(before, 'payments', { org_id: 'org_OLD', payment_id: id, flow: 'INCOMING', amount, deleted });
    const allocation = (id: string, paymentId: string, amount: number, released = 0) =>
      insertRow(before, 'payment_allocations', { org_id: 'org_OLD', allocation_id: id, payment_id: paymentId, invoice_id: 'inv_OLD', amount, document_amount: amount, released });
    await payment('pay_UNAPPLIED', 50_000);
    await payment('pay_PART', 100_000);
    await allocation('alc_1', 'pay_PART', 30_000);
    await allocation('alc_2', 'pay_PART', 25_000);
    await allocation('alc_3', 'pay_PART', 40_000, 1);
    await payment('pay_WHOLE', 20_000);
    await allocation('alc_4', 'pay_WHOLE', 20_000);
    await payment('pay_DELETED', 70_000, 1);
    await allocation('alc_5', 'pay_DELETED', 70_000, 1);
    await before.database.migrate();
    const rows = await before.database.db.selectFrom('payments').select(['payment_id', 'unapplied_amount']).orderBy('payment_id').execute();
    expect(rows.map((r) => [r.payment_id, Number(r.unapplied_amount)])).toEqual([
      ['pay_DELETED', 0], ['pay_PART', 100_000 - 30_000 - 25_000], ['pay_UNAPPLIED', 50_000], ['pay_WHOLE', 0],
    ]);
  }, 60_000);
});
