import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * An account's reconciliations to its bank statement (docs/rules/banking.md, "Reconciliation"):
 * the statement's date and the bank's closing balance on it, OPEN until the cleared balance
 * equals it and it is closed; the cleared balance and the lines settled are kept at the close,
 * and the lines carry the reconciliation's id (bank_transactions.reconciliation_id).
 */
export const bankReconciliations: BahiMigration = {
  name: '059-bank-reconciliations',
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('bank_reconciliations')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('reconciliation_id', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('statement_date', 'text', (c) => c.notNull())
      .addColumn('closing_balance', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('cleared_balance', 'bigint')
      .addColumn('lines', 'integer')
      .addColumn('closed_time', 'text')
      .addColumn('reopened_time', 'text')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addColumn('updated_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('bank_reconciliations_pk', ['org_id', 'reconciliation_id'])
      .execute();
    await db.schema.createIndex('bank_reconciliations_by_account').on('bank_reconciliations').columns(['org_id', 'account_id', 'statement_date']).execute();
    // What a close stamps and a reopen clears: the lines of one reconciliation.
    await db.schema.createIndex('bank_transactions_by_reconciliation').on('bank_transactions').columns(['org_id', 'reconciliation_id']).execute();
  },
};
