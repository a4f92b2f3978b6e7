import type { Db, Tx } from '../../db/database';
import type { BankTransactionsTable } from '../../db/bank-schema';
import { engineOf } from '../../db/engine';
import type { CursorPosition } from '../../kernel/cursor';

/** Which lines a list reads: one account's, optionally of one status and within dates. */
export interface BankLineFilter { accountId: string; status?: string; from?: string; to?: string }

/** An account's bank lines as the lines endpoints read and change them (migration 056). */
export const bankLinesStore = {
  /** In the bank's order (sequence); keyset on it, one row beyond the page. No limit: every line of the filter (the CSV). */
  list(db: Db, orgId: string, filter: BankLineFilter, after: CursorPosition | null, limit: number | null): Promise<BankTransactionsTable[]> {
    let q = db.selectFrom('bank_transactions').selectAll().where('org_id', '=', orgId).where('account_id', '=', filter.accountId);
    if (filter.status !== undefined) q = q.where('status', '=', filter.status);
    if (filter.from !== undefined) q = q.where('txn_date', '>=', filter.from);
    if (filter.to !== undefined) q = q.where('txn_date', '<=', filter.to);
    if (after) q = q.where('sequence', '>', Number(after[0]));
    q = q.orderBy('sequence');
    return (limit === null ? q : q.limit(limit + 1)).execute();
  },

  /** One line; locked on PostgreSQL for a change (SQLite runs one writer at a time). */
  find(db: Db | Tx, orgId: string, lineId: string, lock = false): Promise<BankTransactionsTable | undefined> {
    let q = db.selectFrom('bank_transactions').selectAll().where('org_id', '=', orgId).where('bank_transaction_id', '=', lineId);
    if (lock && engineOf(db) === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  },

  /** The pairs of the matches the lines are in, every pair of each match. */
  matchesOf(db: Db, orgId: string, lineIds: readonly string[]) {
    if (lineIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('bank_matches').select(['match_group_id', 'bank_transaction_id', 'source', 'source_id', 'amount'])
      .where('org_id', '=', orgId)
      .where('match_group_id', 'in', (eb) => eb.selectFrom('bank_matches').select('match_group_id').where('org_id', '=', orgId).where('bank_transaction_id', 'in', [...lineIds]))
      .orderBy('match_group_id').orderBy('bank_match_id').execute();
  },

  /** Sets a line's status; false when its version moved on meanwhile. */
  async setStatus(tx: Tx, row: BankTransactionsTable, status: string, reason: string | null, now: string): Promise<boolean> {
    const result = await tx.updateTable('bank_transactions').set({ status, exclude_reason: reason, version: Number(row.version) + 1, updated_time: now })
      .where('org_id', '=', row.org_id).where('bank_transaction_id', '=', row.bank_transaction_id).where('version', '=', row.version).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
};
