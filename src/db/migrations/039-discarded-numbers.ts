import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * A deleted draft's number stays taken (docs/rules/numbering.md, "Series and their formats"), so
 * GSTR-1's documents-issued table counts it as issued and cancelled: its `issued_numbers` row
 * keeps the series and date the draft had when it was deleted. Drafts deleted before this have
 * neither and stay uncounted.
 */
export const discardedNumbers: BahiMigration = {
  name: '039-discarded-numbers',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('issued_numbers').addColumn('series_id', 'text').execute();
    await db.schema.alterTable('issued_numbers').addColumn('discarded_date', 'text').execute();
  },
};
