import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * Debit notes to customers (CGST s.34(3)) beside those raised to vendors: a debit note says
 * whose it is (note_type, CUSTOMER or VENDOR; every earlier one is a vendor's) and, as a
 * customer credit note, the export_type (WPAY, WOPAY) of the invoice it raises.
 */
export const customerDebitNotes: BahiMigration = {
  name: '041-customer-debit-notes',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('debit_notes').addColumn('note_type', 'text', (c) => c.notNull().defaultTo('VENDOR')).execute();
    await db.schema.alterTable('debit_notes').addColumn('export_type', 'text').execute();
  },
};
