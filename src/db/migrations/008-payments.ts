import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/** Payments in and out, and their allocations to invoices and bills. */
export const payments: BahiMigration = {
  name: '008-payments',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.createTable('payments')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('payment_id', 'text', (c) => c.notNull())
      .addColumn('flow', 'text', (c) => c.notNull())
      .addColumn('payment_type', 'text', (c) => c.notNull())
      .addColumn('contact_id', 'text', (c) => c.notNull())
      .addColumn('contact_name', 'text', (c) => c.notNull())
      .addColumn('payment_date', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('reference_number', 'text')
      .addColumn('description', 'text')
      .addColumn('currency_code', 'text', (c) => c.notNull())
      .addColumn('exchange_rate_micro', 'bigint', (c) => c.notNull())
      .addColumn('bank_charges', 'bigint', (c) => c.notNull())
      .addColumn('tds_amount', 'bigint', (c) => c.notNull())
      .addColumn('bank_account_id', 'text', (c) => c.notNull())
      .addColumn('deleted', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addColumn('last_modified_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('payments_pk', ['org_id', 'payment_id'])
      .execute();
    await s.createIndex('payments_flow').on('payments').columns(['org_id', 'flow', 'payment_id']).execute();
    // The duplicate guard looks payments up by contact and amount within a window of dates.
    await s.createIndex('payments_duplicate_guard').on('payments').columns(['org_id', 'contact_id', 'amount', 'payment_date']).execute();

    await s.createTable('payment_allocations')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('allocation_id', 'text', (c) => c.notNull())
      .addColumn('payment_id', 'text', (c) => c.notNull())
      .addColumn('invoice_id', 'text')
      .addColumn('bill_id', 'text')
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('document_amount', 'bigint', (c) => c.notNull())
      .addColumn('round_off_amount', 'bigint', (c) => c.notNull())
      .addColumn('released', 'integer', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('payment_allocations_pk', ['org_id', 'allocation_id'])
      .execute();
    await s.createIndex('payment_allocations_payment').on('payment_allocations').columns(['org_id', 'payment_id']).execute();
    await s.createIndex('payment_allocations_invoice').on('payment_allocations').columns(['org_id', 'invoice_id']).execute();
    await s.createIndex('payment_allocations_bill').on('payment_allocations').columns(['org_id', 'bill_id']).execute();
  },
};
