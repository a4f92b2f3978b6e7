import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * Opening balances (docs/rules/opening-balances.md): the organisation's one opening, with the
 * entry that carries it; and the open items it made (invoices, bills, and advances kept as
 * payments), so that every report can leave them out and a replacement can remove them.
 */
export const openingBalances: BahiMigration = {
  name: '061-opening-balances',
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('opening_balances')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('opening_balance_id', 'text', (c) => c.notNull())
      .addColumn('entry_date', 'text', (c) => c.notNull())
      .addColumn('journal_id', 'text', (c) => c.notNull())
      .addColumn('accounts', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addColumn('last_modified_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('opening_balances_pk', ['org_id'])
      .execute();

    await db.schema.createTable('opening_items')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('document_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('opening_balance_id', 'text', (c) => c.notNull())
      .addColumn('contact_id', 'text', (c) => c.notNull())
      .addColumn('open_amount', 'bigint', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('opening_items_pk', ['org_id', 'document_id'])
      .execute();
  },
};
