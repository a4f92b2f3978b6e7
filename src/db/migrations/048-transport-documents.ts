import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * The e-way bill's transport documents on invoices and bills (docs/rules/einvoice-ewaybill.md,
 * "E-way bill"): the transport document's number and date (lorry receipt, railway receipt,
 * airway bill, bill of lading), the vehicle type (regular or over-dimensional cargo) and the
 * transporter's name, all optional and empty on existing documents.
 */
export const transportDocuments: BahiMigration = {
  name: '048-transport-documents',
  async up(db: Kysely<unknown>) {
    for (const table of ['invoices', 'bills']) {
      for (const column of ['trans_doc_no', 'trans_doc_date', 'vehicle_type', 'transporter_name']) {
        await db.schema.alterTable(table).addColumn(column, 'text').execute();
      }
    }
  },
};
