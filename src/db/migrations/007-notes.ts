import type { CreateTableBuilder, Kysely } from 'kysely';
import { withLineColumns } from './document-columns';
import type { BahiMigration } from './migration';

/**
 * The columns credit and debit notes share: the party (a customer or a vendor, so the
 * column is `contact_id`), the parent document, GST totals, and what has been applied.
 */
function withNoteColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('branch_id', 'text', (c) => c.notNull())
    .addColumn('contact_id', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('invoice_id', 'text')
    .addColumn('bill_id', 'text')
    .addColumn('note_date', 'text', (c) => c.notNull())
    .addColumn('reference_number', 'text')
    .addColumn('place_of_supply', 'text', (c) => c.notNull())
    .addColumn('supply_type', 'text', (c) => c.notNull())
    .addColumn('stock_direction', 'text', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('exchange_rate_micro', 'bigint', (c) => c.notNull())
    .addColumn('sub_total', 'bigint', (c) => c.notNull())
    .addColumn('tax_total', 'bigint', (c) => c.notNull())
    .addColumn('cgst_total', 'bigint', (c) => c.notNull())
    .addColumn('sgst_total', 'bigint', (c) => c.notNull())
    .addColumn('igst_total', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('applied_amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_time', 'text', (c) => c.notNull())
    .addColumn('last_modified_time', 'text', (c) => c.notNull());
}

/** Credit notes (customer or vendor side), debit notes, their lines, and where credit notes were applied. */
export const notes: BahiMigration = {
  name: '007-notes',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    for (const kind of ['credit_note', 'debit_note'] as const) {
      let header = s.createTable(`${kind}s`)
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn(`${kind}_id`, 'text', (c) => c.notNull())
        .addColumn(`${kind}_number`, 'text', (c) => c.notNull());
      // A credit note is either a customer's (against an invoice) or a vendor's (against a bill).
      if (kind === 'credit_note') header = header.addColumn('note_type', 'text', (c) => c.notNull());
      await withNoteColumns(header).addPrimaryKeyConstraint(`${kind}s_pk`, ['org_id', `${kind}_id`]).execute();
      await s.createIndex(`${kind}s_contact`).on(`${kind}s`).columns(['org_id', 'contact_id', `${kind}_id`]).execute();
      await s.createIndex(`${kind}s_status`).on(`${kind}s`).columns(['org_id', 'status', `${kind}_id`]).execute();

      await withLineColumns(s.createTable(`${kind}_lines`)
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn(`${kind}_id`, 'text', (c) => c.notNull())
        .addColumn('restock', 'integer', (c) => c.notNull()))
        .addPrimaryKeyConstraint(`${kind}_lines_pk`, ['org_id', 'line_item_id'])
        .execute();
      await s.createIndex(`${kind}_lines_note`).on(`${kind}_lines`).columns(['org_id', `${kind}_id`, 'position']).execute();
    }

    await s.createTable('credit_note_applications')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('application_id', 'text', (c) => c.notNull())
      .addColumn('credit_note_id', 'text', (c) => c.notNull())
      .addColumn('invoice_id', 'text')
      .addColumn('bill_id', 'text')
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('credit_note_applications_pk', ['org_id', 'application_id'])
      .execute();
    await s.createIndex('credit_note_applications_note').on('credit_note_applications').columns(['org_id', 'credit_note_id']).execute();
  },
};
