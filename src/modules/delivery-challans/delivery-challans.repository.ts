import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import { insertRows } from '../../db/prepared';
import { containsSearch, type SearchFilter } from '../../db/text-search';
import type { DeliveryChallanLinesTable, DeliveryChallansTable } from '../../db/schema';
import type { CursorPosition } from '../../kernel/cursor';
import type { LocalDate } from '../../kernel/local-date';

export type DeliveryChallanRow = DeliveryChallansTable;
export type DeliveryChallanLineRow = DeliveryChallanLinesTable;

export interface ChallanFilter extends SearchFilter {
  reason?: string;
  /** Only goods on approval, issued and not invoiced, removed before this date (delivery-challans.rules.ts approvalOverdueBefore). */
  approvalRemovedBefore?: LocalDate;
}

export const deliveryChallansRepository = {
  async find(db: Db | Tx, orgId: string, id: string, forUpdate = false): Promise<DeliveryChallanRow | undefined> {
    let q = db.selectFrom('delivery_challans').selectAll().where('org_id', '=', orgId).where('delivery_challan_id', '=', id);
    if (forUpdate && engineOf(db) === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  },

  lines: (db: Db | Tx, orgId: string, ids: readonly string[]): Promise<DeliveryChallanLineRow[]> => (ids.length === 0 ? Promise.resolve([])
    : db.selectFrom('delivery_challan_lines').selectAll().where('org_id', '=', orgId).where('delivery_challan_id', 'in', ids)
      .orderBy('delivery_challan_id').orderBy('position').execute()),

  /** Newest first; keyset on the id (time-sortable), one row beyond the page. */
  list(db: Db, orgId: string, filter: ChallanFilter, after: CursorPosition | null, limit: number): Promise<DeliveryChallanRow[]> {
    let q = db.selectFrom('delivery_challans').selectAll().where('org_id', '=', orgId);
    if (filter.reason) q = q.where('reason', '=', filter.reason);
    if (filter.approvalRemovedBefore) {
      q = q.where('reason', '=', 'ON_APPROVAL').where('status', '=', 'ISSUED').where('invoice_id', 'is', null).where('challan_date', '<', filter.approvalRemovedBefore);
    }
    if (filter.search) q = q.where(containsSearch(engineOf(db), ['delivery_challan_number', 'contact_name'], filter.search));
    if (after) q = q.where('delivery_challan_id', '<', String(after[0]));
    return q.orderBy('delivery_challan_id', 'desc').limit(limit + 1).execute();
  },

  async insert(tx: Tx, row: DeliveryChallanRow, lines: DeliveryChallanLineRow[]) {
    await insertRows(tx, 'delivery_challans', [row]);
    await insertRows(tx, 'delivery_challan_lines', lines);
  },

  async update(tx: Tx, orgId: string, id: string, changes: Partial<DeliveryChallanRow>) {
    await tx.updateTable('delivery_challans').set(changes).where('org_id', '=', orgId).where('delivery_challan_id', '=', id).execute();
  },

  async countForContact(tx: Tx, orgId: string, contactId: string) {
    const row = await tx.selectFrom('delivery_challans').select(({ fn }) => fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId).where('contact_id', '=', contactId).executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
