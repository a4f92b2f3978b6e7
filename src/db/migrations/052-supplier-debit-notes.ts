import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * A supplier's debit note entered as a bill (CGST s.34(3), seen from the recipient's side): it
 * raises what is payable and the credit as a bill does, and says so (document_type INVOICE or
 * SUPPLIER_DEBIT_NOTE; every earlier bill is an invoice) with the bill it raises
 * (original_bill_id), so GSTR-2B's `cdnr` debit notes are matched to it, not to invoices
 * (docs/rules/documents-and-notes.md, "Debit notes from suppliers").
 */
export const supplierDebitNotes: BahiMigration = {
  name: '052-supplier-debit-notes',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('bills').addColumn('document_type', 'text', (c) => c.notNull().defaultTo('INVOICE')).execute();
    await db.schema.alterTable('bills').addColumn('original_bill_id', 'text').execute();
  },
};
