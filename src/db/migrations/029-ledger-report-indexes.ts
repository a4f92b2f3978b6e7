import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * The general ledger walks one account's lines in (entry date, journal, position) order, a
 * page at a time from a keyset cursor. The account indexes stopped at the date, so each page
 * sorted every line of its first and last day; they now carry the whole walking order. Each
 * replaces the index it extends (a prefix of it), so a posting writes no more index entries.
 */
export const ledgerReportIndexes: BahiMigration = {
  name: '029-ledger-report-indexes',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.dropIndex('journal_lines_account').execute();
    await s.createIndex('journal_lines_account').on('journal_lines')
      .columns(['org_id', 'account_id', 'entry_date', 'journal_id', 'position']).execute();
    await s.dropIndex('journal_lines_branch').execute();
    await s.createIndex('journal_lines_branch').on('journal_lines')
      .columns(['org_id', 'branch_id', 'account_id', 'entry_date', 'journal_id', 'position']).execute();
  },
};
