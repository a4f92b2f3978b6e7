import type { Db, Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/driver-errors';
import { engineOf } from '../../db/engine';
import { insertRows } from '../../db/prepared';
import { containsSearch } from '../../db/text-search';
import type { BillOfEntryBillsTable, BillsOfEntryTable } from '../../db/schema';
import type { CursorPosition } from '../../kernel/cursor';

export type BillOfEntryRow = BillsOfEntryTable;

export const billsOfEntryRepository = {
  find: (db: Db | Tx, orgId: string, id: string) =>
    db.selectFrom('bills_of_entry').selectAll().where('org_id', '=', orgId).where('bill_of_entry_id', '=', id).executeTakeFirst(),

  /** Newest first, with a search's LIKE pattern (db/text-search.ts searchPatternOf); keyset on the id (time-sortable), one row beyond the page. */
  list(db: Db, orgId: string, search: string | undefined, after: CursorPosition | null, limit: number) {
    let q = db.selectFrom('bills_of_entry').selectAll().where('org_id', '=', orgId);
    if (search) q = q.where(containsSearch(engineOf(db), ['boe_number'], search));
    if (after) q = q.where('bill_of_entry_id', '<', String(after[0]));
    return q.orderBy('bill_of_entry_id', 'desc').limit(limit + 1).execute();
  },

  /** The bills each Bill of Entry covers, in the order they were sent. */
  async billIds(db: Db | Tx, orgId: string, ids: readonly string[]): Promise<Map<string, string[]>> {
    const rows = ids.length === 0 ? [] : await db.selectFrom('bill_of_entry_bills').select(['bill_of_entry_id', 'bill_id'])
      .where('org_id', '=', orgId).where('bill_of_entry_id', 'in', ids).orderBy('bill_of_entry_id').orderBy('position').execute();
    const byEntry = new Map<string, string[]>(ids.map((id) => [id, []]));
    for (const r of rows) byEntry.get(r.bill_of_entry_id)!.push(r.bill_id);
    return byEntry;
  },

  /** The one recorded under the same customs number, port and date, if any. */
  twin: (tx: Tx, b: Pick<BillOfEntryRow, 'org_id' | 'port_code' | 'boe_number' | 'boe_date'>) =>
    tx.selectFrom('bills_of_entry').select('bill_of_entry_id')
      .where('org_id', '=', b.org_id).where('port_code', '=', b.port_code).where('boe_number', '=', b.boe_number).where('boe_date', '=', b.boe_date)
      .executeTakeFirst(),

  /** The bills a request names, as a Bill of Entry checks them. */
  bills: (tx: Tx, orgId: string, billIds: readonly string[]) =>
    billIds.length === 0 ? Promise.resolve([])
      : tx.selectFrom('bills').select(['bill_id', 'branch_id', 'gst_treatment', 'status']).where('org_id', '=', orgId).where('bill_id', 'in', billIds).execute(),

  /** The lines of a bill, in order, for the account its goods were charged to. */
  billLines: (tx: Tx, orgId: string, billId: string) =>
    tx.selectFrom('bill_lines').select(['account_id', 'hsn_or_sac']).where('org_id', '=', orgId).where('bill_id', '=', billId).orderBy('position').execute(),

  /** False when another request recorded the same customs number, port and date meanwhile (the unique index). */
  async insert(tx: Tx, row: BillOfEntryRow, billIds: readonly string[]): Promise<boolean> {
    try {
      await insertRows(tx, 'bills_of_entry', [row]);
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
    await insertRows(tx, 'bill_of_entry_bills', billIds.map((billId, position): BillOfEntryBillsTable => ({
      org_id: row.org_id, bill_of_entry_id: row.bill_of_entry_id, bill_id: billId, position,
    })));
    return true;
  },
};
