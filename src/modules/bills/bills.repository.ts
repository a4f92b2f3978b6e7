import type { Db, Tx } from '../../db/database';
import { insertRows } from '../../db/prepared';
import { engineOf } from '../../db/engine';
import { containsSearch, type SearchFilter } from '../../db/text-search';
import type { BillLinesTable, BillsTable } from '../../db/schema';
import type { CursorPosition } from '../../kernel/cursor';
import type { LocalDate } from '../../kernel/local-date';
import { BILL_OPEN_STATUSES, POSTED_BILL_STATUSES, type BillFingerprint } from './bills.rules';

export type BillRow = BillsTable;
export type BillLineRow = BillLinesTable;

export interface BillFilter extends SearchFilter {
  status?: string;
  vendorId?: string;
  dateFrom?: string;
  dateTo?: string;
}

export const billsRepository = {
  async find(db: Db | Tx, orgId: string, billId: string, forUpdate = false) {
    let q = db.selectFrom('bills').selectAll().where('org_id', '=', orgId).where('bill_id', '=', billId);
    if (forUpdate && engineOf(db) === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  },

  lines: (db: Db | Tx, orgId: string, billIds: readonly string[]) =>
    billIds.length === 0 ? Promise.resolve([] as BillLineRow[])
      : db.selectFrom('bill_lines').selectAll().where('org_id', '=', orgId).where('bill_id', 'in', billIds)
        .orderBy('bill_id').orderBy('position').execute(),

  /**
   * Posted bills of a vendor on a date with a total and reference number (none and an empty one
   * alike): the anti-duplicate guard's candidates, found in its index without reading the
   * vendor's same-day repeats that carry other references.
   */
  postedTwins: (tx: Tx, twin: BillFingerprint & { org_id: string }) =>
    tx.selectFrom('bills').select(['bill_id', 'bill_number', 'vendor_id', 'bill_date', 'total', 'reference_number'])
      .where('org_id', '=', twin.org_id).where('vendor_id', '=', twin.vendor_id).where('bill_date', '=', twin.bill_date)
      .where('total', '=', twin.total)
      .where((eb) => (twin.reference_number ? eb('reference_number', '=', twin.reference_number)
        : eb.or([eb('reference_number', 'is', null), eb('reference_number', '=', '')])))
      .where('status', 'in', POSTED_BILL_STATUSES).execute(),

  /** Newest first. OVERDUE is derived: open, owing, due before today. */
  list(db: Db, orgId: string, filter: BillFilter, today: LocalDate, after: CursorPosition | null, limit: number) {
    let q = db.selectFrom('bills').selectAll().where('org_id', '=', orgId);
    if (filter.status === 'OVERDUE') {
      q = q.where('status', 'in', BILL_OPEN_STATUSES).where('balance', '>', 0).where('due_date', '<', today);
    } else if (filter.status && BILL_OPEN_STATUSES.includes(filter.status)) {
      q = q.where('status', '=', filter.status).where((eb) => eb.or([eb('balance', '<=', 0), eb('due_date', '>=', today)]));
    } else if (filter.status) {
      q = q.where('status', '=', filter.status);
    }
    if (filter.vendorId) q = q.where('vendor_id', '=', filter.vendorId);
    if (filter.dateFrom) q = q.where('bill_date', '>=', filter.dateFrom);
    if (filter.dateTo) q = q.where('bill_date', '<=', filter.dateTo);
    if (filter.search) q = q.where(containsSearch(engineOf(db), ['bill_number', 'vendor_name'], filter.search));
    if (after) q = q.where('bill_id', '<', String(after[0]));
    return q.orderBy('bill_id', 'desc').limit(limit + 1).execute();
  },

  /** Batchable: a new bill's id is minted here, and no unique index covers a bill (the anti-duplicate guard is a look-up). */
  async insert(tx: Tx, bill: BillRow, lines: BillLineRow[]) {
    await insertRows(tx, 'bills', [bill], { batchable: true });
    await insertRows(tx, 'bill_lines', lines, { batchable: true });
  },

  async update(tx: Tx, orgId: string, billId: string, changes: Partial<BillRow>) {
    await tx.updateTable('bills').set(changes).where('org_id', '=', orgId).where('bill_id', '=', billId).execute();
  },

  async delete(tx: Tx, orgId: string, billId: string) {
    await tx.deleteFrom('bill_lines').where('org_id', '=', orgId).where('bill_id', '=', billId).execute();
    await tx.deleteFrom('bills').where('org_id', '=', orgId).where('bill_id', '=', billId).execute();
  },

  async countForContact(tx: Tx, orgId: string, contactId: string) {
    const row = await tx.selectFrom('bills').select(({ fn }) => fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId).where('vendor_id', '=', contactId).executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
