import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * The place an invoice's goods leave from when it is not the branch's address (a warehouse, a
 * godown): an address (contacts.rules.ts Address, JSON text), empty on existing invoices. The
 * e-invoice sends it as DispDtls and the e-way bill moves the goods from it (docs/rules/einvoice-ewaybill.md, "Details the e-invoice carries").
 */
export const invoiceDispatchFrom: BahiMigration = {
  name: '050-invoice-dispatch-from',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('invoices').addColumn('dispatch_from', 'text').execute();
  },
};
