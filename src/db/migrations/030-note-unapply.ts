import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * A note's application can be unapplied. The row stays (it names the conversion entry posted
 * under its id, and the mirror that undid it) and is marked released, as a payment's
 * allocation is.
 */
export const noteUnapply: BahiMigration = {
  name: '030-note-unapply',
  async up(db: Kysely<unknown>) {
    for (const table of ['credit_note_applications', 'debit_note_applications']) {
      await db.schema.alterTable(table).addColumn('released', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    }
  },
};
