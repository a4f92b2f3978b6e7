import { sql, type Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * What GST returns classify a document by (inv_typ R, SEWP, SEWOP, DE, EXPWP, EXPWOP):
 * the contact's gst_treatment when the document was made, and on invoices and credit notes
 * the export_type of an export or a supply to an SEZ (WPAY, WOPAY). Invoices and bills also
 * record whether their amounts were entered inclusive of tax. Documents made before this
 * take their contact's gst_treatment as it is now, the best there is.
 */
export const gstTreatment: BahiMigration = {
  name: '019-gst-treatment',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    const documents = [
      { table: 'invoices', contact: 'customer_id', exportType: true, inclusive: true },
      { table: 'bills', contact: 'vendor_id', exportType: false, inclusive: true },
      { table: 'credit_notes', contact: 'contact_id', exportType: true, inclusive: false },
      { table: 'debit_notes', contact: 'contact_id', exportType: false, inclusive: false },
    ];
    for (const d of documents) {
      await s.alterTable(d.table).addColumn('gst_treatment', 'text').execute();
      if (d.exportType) await s.alterTable(d.table).addColumn('export_type', 'text').execute();
      if (d.inclusive) await s.alterTable(d.table).addColumn('is_inclusive_tax', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await sql`UPDATE ${sql.table(d.table)} SET gst_treatment = (SELECT c.gst_treatment FROM contacts c
        WHERE c.org_id = ${sql.ref(`${d.table}.org_id`)} AND c.contact_id = ${sql.ref(`${d.table}.${d.contact}`)})`.execute(db);
    }
  },
};
