import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * A branch's postal address: the supplier address a GST invoice must carry (the place of
 * business of the registration the branch stands for). Free text, lines separated by newlines.
 */
export const pdfs: BahiMigration = {
  name: '013-pdfs',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('branches').addColumn('address', 'text').execute();
  },
};
