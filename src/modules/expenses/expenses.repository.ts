import type { Db, Tx } from '../../db/database';
import { insertRows } from '../../db/prepared';
import { engineOf } from '../../db/engine';
import { containsSearch, type SearchFilter } from '../../db/text-search';
import type { ExpenseLinesTable, ExpensesTable } from '../../db/schema';
import type { CursorPosition } from '../../kernel/cursor';

export type ExpenseRow = ExpensesTable;
export type ExpenseLineRow = ExpenseLinesTable;

export interface ExpenseFilter extends SearchFilter {
  vendorId?: string;
  accountId?: string;
  paidThroughAccountId?: string;
  dateFrom?: string;
  dateTo?: string;
}

export const expensesRepository = {
  /** Any status, DELETED included: callers decide what a deleted expense means to them. */
  async find(db: Db | Tx, orgId: string, expenseId: string, forUpdate = false) {
    let q = db.selectFrom('expenses').selectAll().where('org_id', '=', orgId).where('expense_id', '=', expenseId);
    if (forUpdate && engineOf(db) === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  },

  lines: (db: Db | Tx, orgId: string, expenseIds: readonly string[]) =>
    expenseIds.length === 0 ? Promise.resolve([] as ExpenseLineRow[])
      : db.selectFrom('expense_lines').selectAll().where('org_id', '=', orgId).where('expense_id', 'in', expenseIds)
        .orderBy('expense_id').orderBy('position').execute(),

  /** Recorded expenses, newest first; keyset on expense_id (time-sortable), one row beyond the page. */
  list(db: Db, orgId: string, filter: ExpenseFilter, after: CursorPosition | null, limit: number) {
    let q = db.selectFrom('expenses').selectAll().where('org_id', '=', orgId).where('status', '=', 'RECORDED');
    if (filter.vendorId) q = q.where('vendor_id', '=', filter.vendorId);
    if (filter.paidThroughAccountId) q = q.where('paid_through_account_id', '=', filter.paidThroughAccountId);
    if (filter.dateFrom) q = q.where('expense_date', '>=', filter.dateFrom);
    if (filter.dateTo) q = q.where('expense_date', '<=', filter.dateTo);
    if (filter.accountId) {
      const accountId = filter.accountId;
      q = q.where('expense_id', 'in', (eb) => eb.selectFrom('expense_lines').select('expense_id')
        .where('org_id', '=', orgId).where('account_id', '=', accountId));
    }
    if (filter.search) q = q.where(containsSearch(engineOf(db), ['reference_number', 'vendor_name'], filter.search));
    if (after) q = q.where('expense_id', '<', String(after[0]));
    return q.orderBy('expense_id', 'desc').limit(limit + 1).execute();
  },

  /** Batchable: a new expense's id is minted here and nothing in it is unique to the organisation. */
  async insert(tx: Tx, expense: ExpenseRow, lines: ExpenseLineRow[]) {
    await insertRows(tx, 'expenses', [expense], { batchable: true });
    await insertRows(tx, 'expense_lines', lines, { batchable: true });
  },

  async update(tx: Tx, orgId: string, expenseId: string, changes: Partial<ExpenseRow>) {
    await tx.updateTable('expenses').set(changes).where('org_id', '=', orgId).where('expense_id', '=', expenseId).execute();
  },

  /** Lines are the expense's current shape; the journal, not the lines, keeps the history. */
  async replaceLines(tx: Tx, orgId: string, expenseId: string, lines: ExpenseLineRow[]) {
    await tx.deleteFrom('expense_lines').where('org_id', '=', orgId).where('expense_id', '=', expenseId).execute();
    await insertRows(tx, 'expense_lines', lines);
  },

  /** Deleted expenses count too: their entries (posting and reversal) still name the vendor. */
  async countForContact(tx: Tx, orgId: string, contactId: string) {
    const row = await tx.selectFrom('expenses').select(({ fn }) => fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId).where('vendor_id', '=', contactId).executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
