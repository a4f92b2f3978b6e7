import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * A note bound to an invoice or bill names, on each line, the parent's line it corrects
 * (`parent_line_item_id`, null on free-form lines) and whether it credits taxable value
 * alone (`value_only`: a price revision, no goods) or a quantity; a debit note applied to
 * its bill is recorded like a credit note's application.
 */
export const noteBindings: BahiMigration = {
  name: '021-note-bindings',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    for (const table of ['credit_note_lines', 'debit_note_lines']) {
      await s.alterTable(table).addColumn('parent_line_item_id', 'text').execute();
      await s.alterTable(table).addColumn('value_only', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      // What is still uncredited on a parent's line is summed over the notes naming it.
      await s.createIndex(`${table}_parent_line`).on(table).columns(['org_id', 'parent_line_item_id']).execute();
    }
    // What is already credited against a parent is summed over its notes.
    await s.createIndex('credit_notes_invoice').on('credit_notes').columns(['org_id', 'invoice_id']).execute();
    await s.createIndex('credit_notes_bill').on('credit_notes').columns(['org_id', 'bill_id']).execute();
    await s.createIndex('debit_notes_bill').on('debit_notes').columns(['org_id', 'bill_id']).execute();

    await s.createTable('debit_note_applications')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('application_id', 'text', (c) => c.notNull())
      .addColumn('debit_note_id', 'text', (c) => c.notNull())
      .addColumn('bill_id', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('debit_note_applications_pk', ['org_id', 'application_id'])
      .execute();
    await s.createIndex('debit_note_applications_note').on('debit_note_applications').columns(['org_id', 'debit_note_id']).execute();
  },
};
