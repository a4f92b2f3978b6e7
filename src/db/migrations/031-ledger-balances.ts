import { sql, type Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * Per account, branch and day, the sums of the journal lines (LedgerBalancesTable), filled
 * from the lines already posted. The primary key is the order statements read and postings
 * upsert in.
 */
export const ledgerBalances: BahiMigration = {
  name: '031-ledger-balances',
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('ledger_balances')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('branch_id', 'text', (c) => c.notNull())
      .addColumn('entry_date', 'text', (c) => c.notNull())
      .addColumn('debit', 'bigint', (c) => c.notNull())
      .addColumn('credit', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('ledger_balances_pk', ['org_id', 'account_id', 'branch_id', 'entry_date'])
      .execute();
    await sql`insert into ledger_balances (org_id, account_id, branch_id, entry_date, debit, credit)
      select org_id, account_id, branch_id, entry_date, sum(debit), sum(credit) from journal_lines
      group by org_id, account_id, branch_id, entry_date`.execute(db);
  },
};
