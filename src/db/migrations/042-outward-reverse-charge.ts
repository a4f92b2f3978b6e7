import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * An invoice whose tax the recipient pays under reverse charge (CGST s.9(3), IGST s.5(3);
 * docs/rules/returns-gstr1-gstr3b.md, "Outward reverse charge"): its lines keep the tax they
 * state, its total and receivable are the taxable value, and no output tax is posted. Invoices
 * made before were all under forward charge.
 */
export const outwardReverseCharge: BahiMigration = {
  name: '042-outward-reverse-charge',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('invoices').addColumn('is_reverse_charge', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
