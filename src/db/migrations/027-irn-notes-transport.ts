import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * IRNs of credit notes, and e-way bill transport on invoices and bills. An IRN row now names
 * its document: `invoice_id` becomes `document_id` and `document_type` (INVOICE, CREDIT_NOTE)
 * joins it, every existing row being an invoice's. Invoices and bills take the e-way bill's
 * transport (Part B): mode, approximate distance, vehicle number and transporter id, all
 * optional and empty on existing documents.
 */
export const irnNotesTransport: BahiMigration = {
  name: '027-irn-notes-transport',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('einvoice_irns').renameColumn('invoice_id', 'document_id').execute();
    await db.schema.alterTable('einvoice_irns').addColumn('document_type', 'text', (c) => c.notNull().defaultTo('INVOICE')).execute();
    for (const table of ['invoices', 'bills']) {
      await db.schema.alterTable(table).addColumn('transport_mode', 'text').execute();
      await db.schema.alterTable(table).addColumn('distance_km', 'integer').execute();
      await db.schema.alterTable(table).addColumn('vehicle_no', 'text').execute();
      await db.schema.alterTable(table).addColumn('transporter_id', 'text').execute();
    }
  },
};
