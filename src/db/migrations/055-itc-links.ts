import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * What a person decided about a pair the GSTR-2B matcher could not settle alone
 * (docs/rules/itc-reconciliation.md, "Matching"): a supplier document linked to a document of
 * the books, or a suggested pair refused. Keyed by the supplier document (supplier GSTIN, type,
 * financial year, normalised number), so a decision outlives a new upload of the month's 2B.
 */
export const itcLinks: BahiMigration = {
  name: '055-itc-links',
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('itc_links')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('itc_link_id', 'text', (c) => c.notNull())
      .addColumn('gstin', 'text', (c) => c.notNull())
      .addColumn('supplier_gstin', 'text', (c) => c.notNull())
      .addColumn('document_type', 'text', (c) => c.notNull())
      .addColumn('financial_year', 'text', (c) => c.notNull())
      .addColumn('number_key', 'text', (c) => c.notNull())
      .addColumn('books_id', 'text', (c) => c.notNull())
      .addColumn('decision', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('itc_links_pk', ['org_id', 'itc_link_id'])
      .execute();
    await db.schema.createIndex('itc_links_by_pair').on('itc_links')
      .columns(['org_id', 'gstin', 'supplier_gstin', 'document_type', 'financial_year', 'number_key', 'books_id']).unique().execute();
  },
};
