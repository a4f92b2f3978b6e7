import { sql, type Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/** The source documents whose branch an entry of that source takes, by journal source. */
const DOCUMENT_BRANCH: readonly [source: string, table: string, idColumn: string][] = [
  ['INVOICE', 'invoices', 'invoice_id'],
  ['BILL', 'bills', 'bill_id'],
  ['EXPENSE', 'expenses', 'expense_id'],
  ['CREDIT_NOTE', 'credit_notes', 'credit_note_id'],
  ['DEBIT_NOTE', 'debit_notes', 'debit_note_id'],
  ['PAYMENT', 'payments', 'payment_id'],
];

/**
 * Books per GST registration: every journal line names its branch (and so its GSTIN), an
 * entry names the branch it was posted for, payments get a branch, and every organisation
 * an Inter-branch Transfers account through which an entry spanning branches balances in
 * each. Existing entries take their document's branch (an allocation its payment's), else
 * the organisation's default branch; their lines take their entry's, so every existing entry
 * balances per branch as it did in total. Each backfill is one UPDATE with correlated
 * look-ups by primary key, on both engines.
 */
export const branchBooks: BahiMigration = {
  name: '023-branch-books',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.alterTable('payments').addColumn('branch_id', 'text').execute();
    await s.alterTable('journals').addColumn('branch_id', 'text').execute();
    await s.alterTable('journal_lines').addColumn('branch_id', 'text').execute();

    const defaultBranch = (table: string) => sql`(SELECT o.default_branch_id FROM orgs o WHERE o.org_id = ${sql.ref(`${table}.org_id`)})`;
    await sql`UPDATE payments SET branch_id = ${defaultBranch('payments')}`.execute(db);

    const byDocument = DOCUMENT_BRANCH.map(([source, table, id]) =>
      sql`WHEN ${source} THEN (SELECT d.branch_id FROM ${sql.table(table)} d WHERE d.org_id = journals.org_id AND ${sql.ref(`d.${id}`)} = journals.source_id)`);
    const byAllocation = sql`WHEN 'ALLOCATION' THEN (SELECT p.branch_id FROM payment_allocations a
      JOIN payments p ON p.org_id = a.org_id AND p.payment_id = a.payment_id
      WHERE a.org_id = journals.org_id AND a.allocation_id = journals.source_id)`;
    await sql`UPDATE journals SET branch_id = COALESCE(
      CASE source ${sql.join(byDocument, sql` `)} ${byAllocation} END,
      ${defaultBranch('journals')})`.execute(db);
    await sql`UPDATE journal_lines SET branch_id = (SELECT j.branch_id FROM journals j
      WHERE j.org_id = journal_lines.org_id AND j.journal_id = journal_lines.journal_id)`.execute(db);

    // What the trial balance and the journal list filter on (org, branch, account, through a date).
    await s.createIndex('journal_lines_branch').on('journal_lines').columns(['org_id', 'branch_id', 'account_id', 'entry_date']).execute();

    // Ids minted here, one per organisation: the prefix and shape of the service's own (kernel/ids.ts).
    await sql`INSERT INTO accounts (org_id, account_id, account_name, account_code, account_type, system_key, is_active, created_time)
      SELECT o.org_id, 'acc_000000000000000INTERBRANCH', 'Inter-branch Transfers', '3400', 'EQUITY', 'inter_branch', 1, o.created_time
      FROM orgs o WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.org_id = o.org_id AND a.system_key = 'inter_branch')`.execute(db);
  },
};
