import type { Db, Tx } from '../../db/database';
import { insertRows } from '../../db/prepared';
import { engineOf } from '../../db/engine';
import type { EstimateLinesTable, EstimatesTable } from '../../db/schema';
import type { CursorPosition } from '../../kernel/cursor';

export type EstimateRow = EstimatesTable;
export type EstimateLineRow = EstimateLinesTable;

export interface EstimateFilter {
  status?: string;
  customerId?: string;
}

export const estimatesRepository = {
  async find(db: Db | Tx, orgId: string, estimateId: string, forUpdate = false) {
    let q = db.selectFrom('estimates').selectAll().where('org_id', '=', orgId).where('estimate_id', '=', estimateId);
    if (forUpdate && engineOf(db) === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  },

  lines: (db: Db | Tx, orgId: string, estimateIds: readonly string[]) =>
    estimateIds.length === 0 ? Promise.resolve([] as EstimateLineRow[])
      : db.selectFrom('estimate_lines').selectAll().where('org_id', '=', orgId).where('estimate_id', 'in', estimateIds)
        .orderBy('estimate_id').orderBy('position').execute(),

  /** Newest first; keyset on estimate_id (time-sortable), one row beyond the page. */
  list(db: Db, orgId: string, filter: EstimateFilter, after: CursorPosition | null, limit: number) {
    let q = db.selectFrom('estimates').selectAll().where('org_id', '=', orgId);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.customerId) q = q.where('customer_id', '=', filter.customerId);
    if (after) q = q.where('estimate_id', '<', String(after[0]));
    return q.orderBy('estimate_id', 'desc').limit(limit + 1).execute();
  },

  async insert(tx: Tx, estimate: EstimateRow, lines: EstimateLineRow[]) {
    await insertRows(tx, 'estimates', [estimate]);
    await insertRows(tx, 'estimate_lines', lines);
  },

  async update(tx: Tx, orgId: string, estimateId: string, changes: Partial<EstimateRow>) {
    await tx.updateTable('estimates').set(changes).where('org_id', '=', orgId).where('estimate_id', '=', estimateId).execute();
  },

  async delete(tx: Tx, orgId: string, estimateId: string) {
    await tx.deleteFrom('estimate_lines').where('org_id', '=', orgId).where('estimate_id', '=', estimateId).execute();
    await tx.deleteFrom('estimates').where('org_id', '=', orgId).where('estimate_id', '=', estimateId).execute();
  },

  async countForContact(tx: Tx, orgId: string, contactId: string) {
    const row = await tx.selectFrom('estimates').select(({ fn }) => fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId).where('customer_id', '=', contactId).executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
