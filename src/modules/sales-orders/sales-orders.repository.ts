import type { Db, Tx } from '../../db/database';
import { insertRows } from '../../db/prepared';
import { engineOf } from '../../db/engine';
import type { SalesOrderLinesTable, SalesOrdersTable } from '../../db/schema';
import type { CursorPosition } from '../../kernel/cursor';

export type SalesOrderRow = SalesOrdersTable;
export type SalesOrderLineRow = SalesOrderLinesTable;

export interface SalesOrderFilter {
  status?: string;
  customerId?: string;
}

export const salesOrdersRepository = {
  async find(db: Db | Tx, orgId: string, salesOrderId: string, forUpdate = false) {
    let q = db.selectFrom('sales_orders').selectAll().where('org_id', '=', orgId).where('sales_order_id', '=', salesOrderId);
    if (forUpdate && engineOf(db) === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  },

  lines: (db: Db | Tx, orgId: string, salesOrderIds: readonly string[]) =>
    salesOrderIds.length === 0 ? Promise.resolve([] as SalesOrderLineRow[])
      : db.selectFrom('sales_order_lines').selectAll().where('org_id', '=', orgId).where('sales_order_id', 'in', salesOrderIds)
        .orderBy('sales_order_id').orderBy('position').execute(),

  /** Newest first; keyset on sales_order_id (time-sortable), one row beyond the page. */
  list(db: Db, orgId: string, filter: SalesOrderFilter, after: CursorPosition | null, limit: number) {
    let q = db.selectFrom('sales_orders').selectAll().where('org_id', '=', orgId);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.customerId) q = q.where('customer_id', '=', filter.customerId);
    if (after) q = q.where('sales_order_id', '<', String(after[0]));
    return q.orderBy('sales_order_id', 'desc').limit(limit + 1).execute();
  },

  async insert(tx: Tx, order: SalesOrderRow, lines: SalesOrderLineRow[]) {
    await insertRows(tx, 'sales_orders', [order]);
    await insertRows(tx, 'sales_order_lines', lines);
  },

  async update(tx: Tx, orgId: string, salesOrderId: string, changes: Partial<SalesOrderRow>) {
    await tx.updateTable('sales_orders').set(changes).where('org_id', '=', orgId).where('sales_order_id', '=', salesOrderId).execute();
  },

  async countForContact(tx: Tx, orgId: string, contactId: string) {
    const row = await tx.selectFrom('sales_orders').select(({ fn }) => fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId).where('customer_id', '=', contactId).executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
