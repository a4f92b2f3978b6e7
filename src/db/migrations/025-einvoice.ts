import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * A branch's structured postal address, as e-invoices need it (docs/rules/organisations.md, "Branches and their addresses"): the existing
 * `address` column stays the address lines, and city, PIN (`zip`) and country join it. The
 * address's state is the branch's own `state_code`. Existing branches keep their lines; the
 * new fields start empty.
 */
export const einvoice: BahiMigration = {
  name: '025-einvoice',
  async up(db: Kysely<unknown>) {
    for (const column of ['city', 'zip', 'country']) {
      await db.schema.alterTable('branches').addColumn(column, 'text').execute();
    }
  },
};
