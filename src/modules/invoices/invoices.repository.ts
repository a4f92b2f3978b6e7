import type { Db, Tx } from '../../db/database';
import { insertRows, preparedQuery, preparedShapes } from '../../db/prepared';
import { engineOf } from '../../db/engine';
import { perDatabase } from '../../db/per-database';
import { containsSearch, type SearchFilter } from '../../db/text-search';
import type { InvoiceLinesTable, InvoicesTable } from '../../db/schema';
import { BoundedCache } from '../../kernel/bounded-cache';
import type { CursorPosition } from '../../kernel/cursor';
import type { LocalDate } from '../../kernel/local-date';
import { joinedIrnColumns, withEInvoiceStatus, type EInvoiceFilter, type JoinedIrn } from '../einvoice';
import { OPEN_STATUSES } from './invoices.rules';

type InvoiceKey = { orgId: string; invoiceId: string };
const invoiceById = preparedQuery((db, a: InvoiceKey) =>
  db.selectFrom('invoices').selectAll().where('org_id', '=', a.orgId).where('invoice_id', '=', a.invoiceId));
const invoiceForUpdate = preparedQuery((db, a: InvoiceKey) => {
  const query = db.selectFrom('invoices').selectAll().where('org_id', '=', a.orgId).where('invoice_id', '=', a.invoiceId);
  return engineOf(db) === 'postgres' ? query.forUpdate() : query;
});
const invoiceWithIrn = preparedQuery((db, a: InvoiceKey) => db.selectFrom('invoices as d')
  .leftJoin('einvoice_irns as e', (join) => join.onRef('e.org_id', '=', 'd.org_id').onRef('e.document_id', '=', 'd.invoice_id'))
  .selectAll('d').select(joinedIrnColumns as never as 'e.irn').where('d.org_id', '=', a.orgId).where('d.invoice_id', '=', a.invoiceId));
const linesOfOne = preparedQuery((db, a: InvoiceKey) =>
  db.selectFrom('invoice_lines').selectAll().where('org_id', '=', a.orgId).where('invoice_id', '=', a.invoiceId).orderBy('position'));

interface PageShape extends Record<string, string | boolean> {
  /** A status filter: none, the derived OVERDUE, an open status (not yet overdue), or any other stored status. */
  status: 'any' | 'overdue' | 'open' | 'stored';
  customer: boolean;
  from: boolean;
  to: boolean;
  after: boolean;
  search: boolean;
  einvoice: 'any' | EInvoiceFilter;
}
interface PageArgs { orgId: string; status: string; customerId: string; dateFrom: string; dateTo: string; search: string; after: string; today: string; limit: number }
const versionsPage = preparedShapes((db, a: PageArgs, shape: PageShape) => {
  let q = db.selectFrom('invoices').select(['invoice_id', 'version']).where('org_id', '=', a.orgId);
  if (shape.status === 'overdue') q = q.where('status', 'in', OPEN_STATUSES).where('balance', '>', 0).where('due_date', '<', a.today);
  if (shape.status === 'open') q = q.where('status', '=', a.status).where((eb) => eb.or([eb('balance', '<=', 0), eb('due_date', '>=', a.today)]));
  if (shape.status === 'stored') q = q.where('status', '=', a.status);
  if (shape.customer) q = q.where('customer_id', '=', a.customerId);
  if (shape.from) q = q.where('invoice_date', '>=', a.dateFrom);
  if (shape.to) q = q.where('invoice_date', '<=', a.dateTo);
  if (shape.search) q = q.where(containsSearch(engineOf(db), ['invoice_number', 'customer_name'], a.search));
  if (shape.einvoice !== 'any') q = q.where(withEInvoiceStatus(shape.einvoice, { table: 'invoices', id: 'invoice_id' }));
  if (shape.after) q = q.where('invoice_id', '<', a.after);
  return q.orderBy('invoice_id', 'desc').limit(a.limit);
});

export type InvoiceRow = InvoicesTable;
export type InvoiceLineRow = InvoiceLinesTable;

export interface InvoiceFilter extends SearchFilter {
  status?: string;
  customerId?: string;
  dateFrom?: string;
  dateTo?: string;
  einvoice?: EInvoiceFilter;
}

/**
 * An invoice's lines are written once, with the invoice, and never change (edits touch only
 * header fields; a DRAFT's delete removes them with it, and ids are never reused), so reads
 * of lines are cached: a list page or a get then reads only the invoice rows. A cached entry
 * of a deleted invoice is never asked for again, in this process or another.
 */
const linesOf = perDatabase(() => new BoundedCache<string, InvoiceLineRow[]>(20_000));

export const invoicesRepository = {
  async find(db: Db | Tx, orgId: string, invoiceId: string, forUpdate = false) {
    const [row] = await (forUpdate ? invoiceForUpdate : invoiceById)(db, { orgId, invoiceId });
    return row;
  },

  /** An invoice with the IRN columns of its e-invoice (null when none), as a get shows it. */
  async findWithIrn(db: Db, orgId: string, invoiceId: string): Promise<(InvoiceRow & JoinedIrn) | undefined> {
    const [row] = await invoiceWithIrn(db, { orgId, invoiceId });
    return row as unknown as (InvoiceRow & JoinedIrn) | undefined;
  },

  /** The lines of each invoice, in position order, keyed by invoice id. */
  async lines(db: Db | Tx, orgId: string, invoiceIds: readonly string[]): Promise<Map<string, InvoiceLineRow[]>> {
    const cache = linesOf(db);
    const found = new Map<string, InvoiceLineRow[]>();
    const missing: string[] = [];
    for (const id of invoiceIds) {
      const cached = cache.get(id);
      if (cached && cached[0]!.org_id === orgId) found.set(id, cached);
      else missing.push(id);
    }
    if (missing.length > 0) {
      // One invoice (a get, an approval) is the common case: its statement is compiled once.
      const rows = missing.length === 1
        ? await linesOfOne(db, { orgId, invoiceId: missing[0]! })
        : await db.selectFrom('invoice_lines').selectAll().where('org_id', '=', orgId).where('invoice_id', 'in', missing)
          .orderBy('invoice_id').orderBy('position').execute();
      for (const row of rows) {
        const lines = found.get(row.invoice_id);
        if (lines) lines.push(row);
        else found.set(row.invoice_id, [row]);
      }
      for (const id of missing) if (found.has(id)) cache.set(id, found.get(id)!);
    }
    return found;
  },

  /**
   * Which invoices a list page shows, newest first, and at which version (a page takes each
   * one's view from the cache while its version holds). A status filter reads OVERDUE as
   * derived: open, owing, due before today. The status index covers these columns, so a
   * page filtered by them is read from the index alone; a search reads the number and the
   * customer's name, an e-invoice status the invoice's IRN.
   */
  listVersions(db: Db, orgId: string, filter: InvoiceFilter, today: LocalDate, after: CursorPosition | null, limit: number) {
    const status = !filter.status ? 'any' : filter.status === 'OVERDUE' ? 'overdue' : (OPEN_STATUSES as readonly string[]).includes(filter.status) ? 'open' : 'stored';
    const shape = {
      status, customer: !!filter.customerId, from: !!filter.dateFrom, to: !!filter.dateTo, after: !!after, search: !!filter.search, einvoice: filter.einvoice ?? 'any',
    } as const;
    return versionsPage(db, shape, {
      orgId, status: filter.status ?? '', customerId: filter.customerId ?? '', dateFrom: filter.dateFrom ?? '', dateTo: filter.dateTo ?? '', search: filter.search ?? '',
      after: after ? String(after[0]) : '', today, limit: limit + 1,
    });
  },

  /** These invoices of the organisation, keyed by id; one deleted meanwhile is absent. */
  async findMany(db: Db, orgId: string, invoiceIds: readonly string[]): Promise<Map<string, InvoiceRow>> {
    if (invoiceIds.length === 0) return new Map();
    const rows = await db.selectFrom('invoices').selectAll().where('org_id', '=', orgId).where('invoice_id', 'in', invoiceIds).execute();
    return new Map(rows.map((row) => [row.invoice_id, row]));
  },

  /** A new invoice, its number already claimed (series takeNumber); it may go with the transaction's next statement. */
  insert: (tx: Tx, invoice: InvoiceRow) => insertRows(tx, 'invoices', [invoice], { batchable: true }),

  /** The lines of an invoice just inserted; they may go with the transaction's next statement. */
  insertLines: (tx: Tx, lines: InvoiceLineRow[]) => insertRows(tx, 'invoice_lines', lines, { batchable: true }),

  /** Every change raises the version: a cached list view holds exactly while its version does. */
  async update(tx: Tx, orgId: string, invoiceId: string, changes: Partial<InvoiceRow> & Pick<InvoiceRow, 'version'>) {
    await tx.updateTable('invoices').set(changes).where('org_id', '=', orgId).where('invoice_id', '=', invoiceId).execute();
  },

  async delete(tx: Tx, orgId: string, invoiceId: string) {
    linesOf(tx).delete(invoiceId);
    await tx.deleteFrom('invoice_lines').where('org_id', '=', orgId).where('invoice_id', '=', invoiceId).execute();
    await tx.deleteFrom('invoices').where('org_id', '=', orgId).where('invoice_id', '=', invoiceId).execute();
  },

  async countForContact(tx: Tx, orgId: string, contactId: string) {
    const row = await tx.selectFrom('invoices').select(({ fn }) => fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId).where('customer_id', '=', contactId).executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
