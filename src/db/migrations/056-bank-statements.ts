import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * Bank statements and their lines (docs/rules/banking.md, "Statements in"). A line is stored
 * once per account under its key, however many overlapping statements bring it; `sequence`
 * orders an account's lines as the bank listed them, so running balances can be checked
 * against the line just before. A match pairs lines with the book entries they are (docs/rules/banking.md,
 * "Suggestions and matching"): one line with several entries or several lines with one entry.
 */
export const bankStatements: BahiMigration = {
  name: '056-bank-statements',
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('bank_statements')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('statement_id', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('preset', 'text')
      .addColumn('file_name', 'text')
      .addColumn('from_date', 'text')
      .addColumn('to_date', 'text')
      .addColumn('opening_balance', 'bigint')
      .addColumn('closing_balance', 'bigint')
      .addColumn('lines', 'integer', (c) => c.notNull())
      .addColumn('new_lines', 'integer', (c) => c.notNull())
      .addColumn('matched', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('bank_statements_pk', ['org_id', 'statement_id'])
      .execute();
    await db.schema.createIndex('bank_statements_by_account').on('bank_statements').columns(['org_id', 'account_id', 'created_time']).execute();

    await db.schema.createTable('bank_transactions')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('bank_transaction_id', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('statement_id', 'text', (c) => c.notNull())
      .addColumn('line_key', 'text', (c) => c.notNull())
      .addColumn('sequence', 'bigint', (c) => c.notNull())
      .addColumn('txn_date', 'text', (c) => c.notNull())
      .addColumn('value_date', 'text')
      .addColumn('narration', 'text', (c) => c.notNull())
      .addColumn('reference', 'text')
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('balance', 'bigint')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('exclude_reason', 'text')
      .addColumn('reconciliation_id', 'text')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addColumn('updated_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('bank_transactions_pk', ['org_id', 'bank_transaction_id'])
      .execute();
    await db.schema.createIndex('bank_transactions_by_key').on('bank_transactions').columns(['org_id', 'account_id', 'line_key']).unique().execute();
    await db.schema.createIndex('bank_transactions_by_sequence').on('bank_transactions').columns(['org_id', 'account_id', 'sequence']).unique().execute();
    await db.schema.createTable('bank_matches')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('bank_match_id', 'text', (c) => c.notNull())
      .addColumn('match_group_id', 'text', (c) => c.notNull())
      .addColumn('bank_transaction_id', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('source_id', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('bank_matches_pk', ['org_id', 'bank_match_id'])
      .execute();
    await db.schema.createIndex('bank_matches_by_line').on('bank_matches').columns(['org_id', 'bank_transaction_id']).execute();
    await db.schema.createIndex('bank_matches_by_entry').on('bank_matches').columns(['org_id', 'source', 'source_id']).execute();
    await db.schema.createIndex('bank_matches_by_group').on('bank_matches').columns(['org_id', 'match_group_id']).execute();
    await db.schema.createIndex('bank_transactions_by_status').on('bank_transactions').columns(['org_id', 'account_id', 'status', 'txn_date']).execute();
  },
};
