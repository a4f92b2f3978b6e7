import type { Db } from '../../db/database';
import { csvReply } from '../../http/csv-reply';
import { toCsv } from '../../kernel/csv';
import { invalidState, invalidValue, notFound, requiredField } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { readCursor, cursorPage } from '../../platform/pagination';
import type { BooksDocument, Gstr2bDocument } from './itc-documents';
import { saveDecision } from './itc-links.repository';
import type { Pair } from './matcher.rules';
import { RECONCILIATION_COLUMNS, reconciliationCsvRows } from './reconciliation-csv.rules';
import { presentPair } from './reconciliation.presenter';
import { reconciliationIdOf } from './reconciliation-row.rules';
import { locateRow } from './reconciliation-row.locator';
import { reconcile, type PeriodReconciliation } from './reconciliation.reader';
import type { LinkBody, ReconciliationQuery, SuppliersQuery, UnlinkBody } from './reconciliation.schemas';
import { reconciliationTotals, supplierFilings } from './reconciliation-totals.rules';

const LIST = 'itc-reconciliation';
const ACTIVITY_ENTITY = { bill: 'BILL', expense: 'EXPENSE', bill_of_entry: 'BILL_OF_ENTRY', vendor_credit: 'CREDIT_NOTE' } as const;
const sortKey = (p: Pair) => [p.gstr2b?.supplierGstin ?? p.books?.supplierGstin ?? '', (p.gstr2b ?? p.books)!.documentDate, reconciliationIdOf(p)] as const;

/** GSTR-2B matched to the books, and the links and refusals people make (docs/rules/itc-reconciliation.md, "Matching"). */
export function reconciliationService(deps: Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'cursors'>) {
  const db: Db = deps.database.db;

  /** The row a link or unlink names, by the 2B document's or the books document's id. */
  function rowNamed(found: PeriodReconciliation, id: string): Pair {
    const pair = found.pairs.find((p) => p.gstr2b?.id === id || (p.gstr2b === null && p.books?.id === id));
    if (!pair) throw notFound('reconciliation row', 'reconciliation_id');
    return pair;
  }

  /**
   * Records a person's decision on a pair, in the activity log of the document of the books, and
   * answers the row as the matcher now makes it: one transaction, the answer stored with the key.
   */
  function decide(ctx: RequestContext, id: string, choose: (found: PeriodReconciliation, row: Pair) => { gstr2b: Gstr2bDocument; books: BooksDocument }, decision: 'LINKED' | 'REFUSED', reason: string | null) {
    return deps.uow(ctx, async (tx) => {
      const query = await locateRow(tx, ctx.orgId, id);
      const found = await reconcile(tx, ctx.orgId, query);
      const { gstr2b, books } = choose(found, rowNamed(found, id));
      await saveDecision(tx, {
        org_id: ctx.orgId, itc_link_id: deps.ids.next('itl'), gstin: query.gstin, supplier_gstin: gstr2b.supplierGstin ?? '', document_type: gstr2b.documentType,
        financial_year: gstr2b.financialYear, number_key: gstr2b.numberKey, books_id: books.id, decision, reason, created_time: deps.clock.now().toISOString(),
      });
      await deps.activity.record(tx, ctx, {
        entityType: ACTIVITY_ENTITY[books.type], entityId: books.id, entityRef: books.documentNumber,
        action: decision === 'LINKED' ? 'GSTR2B_LINKED' : 'GSTR2B_UNLINKED',
        metadata: { gstin: query.gstin, supplier_gstin: gstr2b.supplierGstin, document_type: gstr2b.documentType, document_number: gstr2b.documentNumber, period: gstr2b.period, ...(reason && { reason }) },
      });
      return { reconciliation: presentPair(rowNamed(await reconcile(tx, ctx.orgId, query), gstr2b.id)) };
    });
  }

  return {
    async list(ctx: RequestContext, query: ReconciliationQuery) {
      const found = await reconcile(db, ctx.orgId, query);
      const rows = found.rows
        .filter((p) => (query.status === undefined || p.status === query.status)
          && (query.supplier_gstin === undefined || (p.gstr2b ?? p.books)!.supplierGstin === query.supplier_gstin.trim().toUpperCase())
          && (query.document_type === undefined || (p.gstr2b ?? p.books)!.documentType === query.document_type))
        .sort((a, b) => compare(sortKey(a), sortKey(b)));
      if (query.format === 'csv') return csvReply(`itc-reconciliation-${found.period.fp}`, toCsv(RECONCILIATION_COLUMNS, reconciliationCsvRows(rows.map(presentPair))));
      const { perPage, after } = readCursor(deps.cursors, LIST, query);
      const from = after === null ? 0 : rows.findIndex((p) => compare(sortKey(p), after as readonly [string, string, string]) > 0);
      const { items, page_context } = cursorPage(deps.cursors, LIST, from < 0 ? [] : rows.slice(from, from + perPage + 1), perPage, (p) => [...sortKey(p)]);
      return { reconciliation: items.map(presentPair), totals: reconciliationTotals(rows), page_context };
    },

    async suppliers(ctx: RequestContext, query: SuppliersQuery) {
      const found = await reconcile(db, ctx.orgId, query);
      return { suppliers: supplierFilings(found.rows) };
    },

    /** Pairs a row with a document of the other side, or confirms the pair suggested. */
    link(ctx: RequestContext, id: string, body: LinkBody) {
      return decide(ctx, id, (found, row) => {
        const gstr2b = row.gstr2b ?? (body.gstr2b_document_id === undefined ? null : found.pairs.find((p) => p.gstr2b?.id === body.gstr2b_document_id)?.gstr2b);
        if (gstr2b === undefined) throw notFound('2B document', 'gstr2b_document_id');
        const books = body.books_document_id === undefined ? row.books : found.pairs.find((p) => p.books?.id === body.books_document_id)?.books;
        if (books === undefined) throw notFound('document of the books', 'books_document_id');
        if (gstr2b === null) throw requiredField('gstr2b_document_id', 'name the 2B document to pair with this row of the books');
        if (books === null) throw requiredField('books_document_id', 'name the bill, expense, vendor credit or Bill of Entry to pair with this 2B document');
        if (row.status === 'matched' && row.books?.id === books.id && row.gstr2b?.id === gstr2b.id) throw invalidState('the two documents are already paired');
        if (books.supplierGstin !== gstr2b.supplierGstin || books.documentType !== gstr2b.documentType) {
          throw invalidValue('books_document_id', `the document of the books is a ${books.documentType} of ${books.supplierGstin ?? 'no registered supplier'}, the 2B document a ${gstr2b.documentType} of ${gstr2b.supplierGstin ?? 'a supplier outside India'}`);
        }
        return { gstr2b, books };
      }, 'LINKED', body.reason ?? null);
    },

    /** Refuses a pair the matcher made or suggested: the two are not the same document. */
    unlink(ctx: RequestContext, id: string, body: UnlinkBody) {
      return decide(ctx, id, (_found, row) => {
        if (row.gstr2b === null || row.books === null) throw invalidState(`the row is ${row.status}: there is no pair to refuse`);
        return { gstr2b: row.gstr2b, books: row.books };
      }, 'REFUSED', body.reason ?? null);
    },
  };
}

export type ReconciliationService = ReturnType<typeof reconciliationService>;

function compare(a: readonly (string | number)[], b: readonly (string | number)[]): number {
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [String(a[i]), String(b[i])];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
