import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/** The double-entry ledger: journal entries with their lines, immutable once posted. */
export const ledger: BahiMigration = {
  name: '002-ledger',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.createTable('journals')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('journal_id', 'text', (c) => c.notNull())
      .addColumn('entry_date', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('source_id', 'text', (c) => c.notNull())
      .addColumn('source_version', 'integer', (c) => c.notNull())
      .addColumn('source_ref', 'text')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('reverses_journal_id', 'text')
      .addColumn('reversed_by_journal_id', 'text')
      .addColumn('memo', 'text')
      .addColumn('contact_id', 'text')
      .addColumn('total', 'bigint', (c) => c.notNull())
      .addColumn('created_by_user_id', 'text')
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('journals_pk', ['org_id', 'journal_id'])
      .execute();
    // Re-posting the same source version is a no-op: one entry per (source, id, version, kind).
    await s.createIndex('journals_source').unique().on('journals')
      .columns(['org_id', 'source', 'source_id', 'source_version', 'kind']).execute();
    await s.createIndex('journals_date').on('journals').columns(['org_id', 'entry_date', 'journal_id']).execute();

    await s.createTable('journal_lines')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('line_id', 'text', (c) => c.notNull())
      .addColumn('journal_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('debit', 'bigint', (c) => c.notNull())
      .addColumn('credit', 'bigint', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('contact_id', 'text')
      .addColumn('entry_date', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('journal_lines_pk', ['org_id', 'line_id'])
      .execute();
    await s.createIndex('journal_lines_journal').on('journal_lines').columns(['org_id', 'journal_id', 'position']).execute();
    await s.createIndex('journal_lines_account').on('journal_lines').columns(['org_id', 'account_id', 'entry_date']).execute();
    await s.createIndex('journal_lines_contact').on('journal_lines').columns(['org_id', 'contact_id', 'entry_date']).execute();
  },
};
