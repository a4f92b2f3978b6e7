import type { Insertable, Kysely } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { insertRows } from '../../db/prepared';
import { engineOf } from '../../db/engine';
import { containsSearch, type SearchFilter } from '../../db/text-search';
import type { Tables } from '../../db/schema';
import type { CursorPosition } from '../../kernel/cursor';

/** The documents that post nothing, each a header table and a lines table. */
interface UnpostedTables {
  estimates: 'estimate_lines';
  sales_orders: 'sales_order_lines';
  purchase_orders: 'purchase_order_lines';
}

/** Where one kind of unposted document lives: its tables, its id and number columns, and its contact's id and name columns. */
export interface UnpostedDocumentTables<H extends keyof UnpostedTables> {
  header: H;
  lines: UnpostedTables[H];
  id: keyof Tables[H] & keyof Tables[UnpostedTables[H]] & string;
  number: keyof Tables[H] & string;
  contact: keyof Tables[H] & ('customer_id' | 'vendor_id');
  contactName: keyof Tables[H] & ('customer_name' | 'vendor_name');
}

export interface UnpostedDocumentFilter extends SearchFilter {
  status?: string;
  contactId?: string;
}

/**
 * The repository of estimates, sales orders and purchase orders: one implementation, named
 * by the tables it serves. Their queries differ only in table and column names, which
 * Kysely's types cannot take as a parameter; the rows keep their own types at the edge.
 */
export function unpostedDocumentsRepository<H extends keyof UnpostedTables>(t: UnpostedDocumentTables<H>) {
  type Row = Tables[H];
  type LineRow = Tables[UnpostedTables[H]];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table is a parameter (see above)
  const dynamic = (db: Db | Tx) => db as unknown as Kysely<any>;
  const headerTable: string = t.header;
  const linesTable: string = t.lines;
  const id: string = t.id;
  const contact: string = t.contact;
  const searched: string[] = [t.number, t.contactName];

  return {
    async find(db: Db | Tx, orgId: string, documentId: string, forUpdate = false): Promise<Row | undefined> {
      let q = dynamic(db).selectFrom(headerTable).selectAll().where('org_id', '=', orgId).where(id, '=', documentId);
      if (forUpdate && engineOf(db) === 'postgres') q = q.forUpdate();
      return q.executeTakeFirst() as Promise<Row | undefined>;
    },

    lines: (db: Db | Tx, orgId: string, documentIds: readonly string[]): Promise<LineRow[]> =>
      documentIds.length === 0 ? Promise.resolve([])
        : dynamic(db).selectFrom(linesTable).selectAll().where('org_id', '=', orgId).where(id, 'in', documentIds)
          .orderBy(id).orderBy('position').execute() as Promise<LineRow[]>,

    /** Newest first; keyset on the id (time-sortable), one row beyond the page. */
    list(db: Db, orgId: string, filter: UnpostedDocumentFilter, after: CursorPosition | null, limit: number): Promise<Row[]> {
      let q = dynamic(db).selectFrom(headerTable).selectAll().where('org_id', '=', orgId);
      if (filter.status) q = q.where('status', '=', filter.status);
      if (filter.contactId) q = q.where(contact, '=', filter.contactId);
      if (filter.search) q = q.where(containsSearch(engineOf(db), searched, filter.search));
      if (after) q = q.where(id, '<', String(after[0]));
      return q.orderBy(id, 'desc').limit(limit + 1).execute() as Promise<Row[]>;
    },

    async insert(tx: Tx, document: Row, lines: LineRow[]) {
      await insertRows(tx, t.header, [document as Insertable<Tables[H]>]);
      await insertRows(tx, t.lines, lines as Insertable<Tables[UnpostedTables[H]]>[]);
    },

    async update(tx: Tx, orgId: string, documentId: string, changes: Partial<Row>) {
      await dynamic(tx).updateTable(headerTable).set(changes).where('org_id', '=', orgId).where(id, '=', documentId).execute();
    },

    async delete(tx: Tx, orgId: string, documentId: string) {
      await dynamic(tx).deleteFrom(linesTable).where('org_id', '=', orgId).where(id, '=', documentId).execute();
      await dynamic(tx).deleteFrom(headerTable).where('org_id', '=', orgId).where(id, '=', documentId).execute();
    },

    async countForContact(tx: Tx, orgId: string, contactId: string) {
      const row = await dynamic(tx).selectFrom(headerTable).select(({ fn }) => fn.countAll<number>().as('n'))
        .where('org_id', '=', orgId).where(contact, '=', contactId).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
