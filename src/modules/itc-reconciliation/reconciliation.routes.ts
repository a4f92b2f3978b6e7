import { Type } from '@sinclair/typebox';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { LinkBody, ReconciliationQuery, ReconciliationRow, ReconciliationTotals, SupplierFiling, SuppliersQuery, UnlinkBody } from './reconciliation.schemas';
import type { ReconciliationService } from './reconciliation.service';

const tags = ['GST'];
const RowParam = IdParam('reconciliation_id');
const row = { reconciliation: ReconciliationRow };

export function reconciliationRoutes(reconciliation: ReconciliationService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/gst/reconciliation', operationId: 'listItcReconciliation', tags, produces: 'text/csv',
      summary: "A period's GSTR-2B matched to the books: each supplier document with its status, both sides' figures, what differs and the credit it allows; totals per status and supplier",
      access: 'Svc.gst.READ', query: ReconciliationQuery,
      response: { reconciliation: Type.Array(ReconciliationRow), totals: ReconciliationTotals, page_context: PageContext },
      handle: ({ ctx, query }) => reconciliation.list(ctx, query),
    }),
    route({
      method: 'GET', url: '/gst/reconciliation/suppliers', operationId: 'listItcSuppliers', tags,
      summary: "Per supplier of a period: whether and when its GSTR-1 reached the 2B, and the books' documents its filings leave out with their credit",
      access: 'Svc.gst.READ', query: SuppliersQuery, response: { suppliers: Type.Array(SupplierFiling) },
      handle: ({ ctx, query }) => reconciliation.suppliers(ctx, query),
    }),
    route({
      method: 'POST', url: '/gst/reconciliation/:reconciliation_id/link', operationId: 'linkItcReconciliation', tags, failsWith: [409],
      summary: 'Pair a 2B document with a document of the books (or confirm the pair suggested): the decision outlives a new upload of the 2B',
      access: 'Svc.gst.UPDATE', params: RowParam, body: LinkBody, message: 'The documents are paired.', response: row,
      handle: ({ ctx, params, body }) => reconciliation.link(ctx, params.reconciliation_id, body),
    }),
    route({
      method: 'POST', url: '/gst/reconciliation/:reconciliation_id/unlink', operationId: 'unlinkItcReconciliation', tags, failsWith: [409],
      summary: 'Refuse a pair made or suggested: the 2B document and the document of the books are not the same',
      access: 'Svc.gst.UPDATE', params: RowParam, body: UnlinkBody, message: 'The pair is refused.', response: row,
      handle: ({ ctx, params, body }) => reconciliation.unlink(ctx, params.reconciliation_id, body),
    }),
  ];
}
