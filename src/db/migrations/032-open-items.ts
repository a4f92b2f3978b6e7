import { sql, type Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * What the ageing reads (ageing.repository.ts): the items open now, through partial indexes
 * that hold only them, and the documents and credits dated after a date with their applications. A payment keeps its
 * unapplied amount, as a note keeps its balance, so its open part needs no sum of allocations.
 */
export const openItems: BahiMigration = {
  name: '032-open-items',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.alterTable('payments').addColumn('unapplied_amount', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update payments set unapplied_amount = amount - coalesce((select sum(a.amount) from payment_allocations as a
      where a.org_id = payments.org_id and a.payment_id = payments.payment_id and a.released = 0), 0) where deleted = 0`.execute(db);

    await s.createIndex('invoices_open').on('invoices').columns(['org_id', 'invoice_id']).where(sql<boolean>`balance > 0`).execute();
    await s.createIndex('bills_open').on('bills').columns(['org_id', 'bill_id']).where(sql<boolean>`balance > 0`).execute();
    await s.createIndex('credit_notes_open').on('credit_notes').columns(['org_id', 'credit_note_id']).where(sql<boolean>`balance_amount > 0`).execute();
    await s.createIndex('debit_notes_open').on('debit_notes').columns(['org_id', 'debit_note_id']).where(sql<boolean>`balance_amount > 0`).execute();
    await s.createIndex('payments_open').on('payments').columns(['org_id', 'payment_id']).where(sql<boolean>`unapplied_amount > 0`).execute();

    await s.createIndex('bills_date').on('bills').columns(['org_id', 'bill_date']).execute();
    await s.createIndex('payments_date').on('payments').columns(['org_id', 'payment_date']).execute();
    await s.createIndex('credit_notes_date').on('credit_notes').columns(['org_id', 'note_date']).execute();
    await s.createIndex('debit_notes_date').on('debit_notes').columns(['org_id', 'note_date']).execute();
    await s.createIndex('credit_note_applications_invoice').on('credit_note_applications').columns(['org_id', 'invoice_id']).execute();
    await s.createIndex('credit_note_applications_bill').on('credit_note_applications').columns(['org_id', 'bill_id']).execute();
    await s.createIndex('debit_note_applications_bill').on('debit_note_applications').columns(['org_id', 'bill_id']).execute();
  },
};
