import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * A contact's UPI handle (`name@psp`), empty on existing contacts: a bank line whose narration
 * carries it is the contact's money (docs/rules/banking.md, "Suggestions and matching").
 */
export const contactUpi: BahiMigration = {
  name: '057-contact-upi',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('contacts').addColumn('upi_vpa', 'text').execute();
  },
};
