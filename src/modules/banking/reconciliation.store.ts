import type { Db, Tx } from '../../db/database';
import type { BankReconciliationsTable } from '../../db/bank-schema';

export type ReconciliationRow = BankReconciliationsTable;

/** Lines stamped or cleared per statement: well inside either engine's limit on bound values. */
const LINES_PER_STATEMENT = 500;

/** The rows of an account's reconciliations, and the stamp a close puts on its lines. */
export const reconciliationStore = {
  insert: (tx: Tx, row: ReconciliationRow) => tx.insertInto('bank_reconciliations').values(row).execute(),

  find: (reader: Db | Tx, orgId: string, accountId: string, reconciliationId: string) =>
    reader.selectFrom('bank_reconciliations').selectAll()
      .where('org_id', '=', orgId).where('account_id', '=', accountId).where('reconciliation_id', '=', reconciliationId).executeTakeFirst(),

  /** The account's reconciliations, the latest statement date first. */
  list: (reader: Db | Tx, orgId: string, accountId: string) =>
    reader.selectFrom('bank_reconciliations').selectAll().where('org_id', '=', orgId).where('account_id', '=', accountId)
      .orderBy('statement_date', 'desc').orderBy('reconciliation_id', 'desc').execute(),

  async update(tx: Tx, row: ReconciliationRow): Promise<void> {
    await tx.updateTable('bank_reconciliations').set(row).where('org_id', '=', row.org_id).where('reconciliation_id', '=', row.reconciliation_id).execute();
  },

  async remove(tx: Tx, row: ReconciliationRow): Promise<void> {
    await tx.deleteFrom('bank_reconciliations').where('org_id', '=', row.org_id).where('reconciliation_id', '=', row.reconciliation_id).execute();
  },

  /** Marks the lines settled by a close; a line another reconciliation settled keeps its own. */
  async stampLines(tx: Tx, row: ReconciliationRow, lineIds: readonly string[], now: string): Promise<void> {
    for (let i = 0; i < lineIds.length; i += LINES_PER_STATEMENT) {
      await tx.updateTable('bank_transactions').set((eb) => ({ reconciliation_id: row.reconciliation_id, version: eb('version', '+', 1), updated_time: now }))
        .where('org_id', '=', row.org_id).where('bank_transaction_id', 'in', lineIds.slice(i, i + LINES_PER_STATEMENT)).where('reconciliation_id', 'is', null).execute();
    }
  },

  async clearLines(tx: Tx, row: ReconciliationRow, now: string): Promise<void> {
    await tx.updateTable('bank_transactions').set((eb) => ({ reconciliation_id: null, version: eb('version', '+', 1), updated_time: now }))
      .where('org_id', '=', row.org_id).where('reconciliation_id', '=', row.reconciliation_id).execute();
  },

  /** The lines a closed reconciliation settled, in the bank's order. */
  async linesOf(reader: Db | Tx, row: ReconciliationRow) {
    const lines = await reader.selectFrom('bank_transactions').select(['bank_transaction_id', 'txn_date', 'narration', 'reference', 'direction', 'amount', 'status'])
      .where('org_id', '=', row.org_id).where('reconciliation_id', '=', row.reconciliation_id).orderBy('txn_date').orderBy('sequence').execute();
    return lines.map((l) => ({
      id: l.bank_transaction_id, date: l.txn_date, narration: l.narration, reference: l.reference, direction: l.direction === 'IN' ? 'IN' as const : 'OUT' as const,
      amount: Number(l.amount), status: l.status,
    }));
  },
};
