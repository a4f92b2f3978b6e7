import type { Db, Tx } from '../../db/database';
import { insertRows } from '../../db/prepared';
import { engineOf } from '../../db/engine';
import type { PurchaseOrderLinesTable, PurchaseOrdersTable } from '../../db/schema';
import type { CursorPosition } from '../../kernel/cursor';

export type PurchaseOrderRow = PurchaseOrdersTable;
export type PurchaseOrderLineRow = PurchaseOrderLinesTable;

export interface PurchaseOrderFilter {
  status?: string;
  vendorId?: string;
}

export const purchaseOrdersRepository = {
  async find(db: Db | Tx, orgId: string, purchaseOrderId: string, forUpdate = false) {
    let q = db.selectFrom('purchase_orders').selectAll().where('org_id', '=', orgId).where('purchase_order_id', '=', purchaseOrderId);
    if (forUpdate && engineOf(db) === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  },

  lines: (db: Db | Tx, orgId: string, purchaseOrderIds: readonly string[]) =>
    purchaseOrderIds.length === 0 ? Promise.resolve([] as PurchaseOrderLineRow[])
      : db.selectFrom('purchase_order_lines').selectAll().where('org_id', '=', orgId).where('purchase_order_id', 'in', purchaseOrderIds)
        .orderBy('purchase_order_id').orderBy('position').execute(),

  /** Newest first; keyset on purchase_order_id (time-sortable), one row beyond the page. */
  list(db: Db, orgId: string, filter: PurchaseOrderFilter, after: CursorPosition | null, limit: number) {
    let q = db.selectFrom('purchase_orders').selectAll().where('org_id', '=', orgId);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.vendorId) q = q.where('vendor_id', '=', filter.vendorId);
    if (after) q = q.where('purchase_order_id', '<', String(after[0]));
    return q.orderBy('purchase_order_id', 'desc').limit(limit + 1).execute();
  },

  async insert(tx: Tx, order: PurchaseOrderRow, lines: PurchaseOrderLineRow[]) {
    await insertRows(tx, 'purchase_orders', [order]);
    await insertRows(tx, 'purchase_order_lines', lines);
  },

  async update(tx: Tx, orgId: string, purchaseOrderId: string, changes: Partial<PurchaseOrderRow>) {
    await tx.updateTable('purchase_orders').set(changes).where('org_id', '=', orgId).where('purchase_order_id', '=', purchaseOrderId).execute();
  },

  async delete(tx: Tx, orgId: string, purchaseOrderId: string) {
    await tx.deleteFrom('purchase_order_lines').where('org_id', '=', orgId).where('purchase_order_id', '=', purchaseOrderId).execute();
    await tx.deleteFrom('purchase_orders').where('org_id', '=', orgId).where('purchase_order_id', '=', purchaseOrderId).execute();
  },

  async countForContact(tx: Tx, orgId: string, contactId: string) {
    const row = await tx.selectFrom('purchase_orders').select(({ fn }) => fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId).where('vendor_id', '=', contactId).executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
