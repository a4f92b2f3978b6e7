import { route, type RouteDef } from '../../http/route';
import { FiledReturn, FiledReturnParams, FiledReturnQuery, MarkFiledBody } from './filed-returns.schemas';
import type { FiledReturnsService } from './filed-returns.service';

const tags = ['GST'];
const url = '/gst/returns/:gstin/:period/filed';

/** A GST return marked filed on the portal (docs/rules/returns-gstr1-gstr3b.md, "A filed return"). */
export function filedReturnsRoutes(filings: FiledReturnsService): RouteDef[] {
  return [
    route({
      method: 'PUT', url, operationId: 'markReturnFiled', tags, idempotency: 'optional',
      summary: 'Mark a GSTR-1 or GSTR-3B filed with its ARN: until reopened, nothing it reports may be issued, voided or reposted (409 conflict.period_filed)',
      access: 'Svc.gst.UPDATE', params: FiledReturnParams, body: MarkFiledBody, message: 'The return is marked filed.', response: { filed_return: FiledReturn },
      handle: async ({ ctx, params, body }) => filings.mark(ctx, params, body),
    }),
    route({
      method: 'GET', url, operationId: 'getFiledReturn', tags,
      summary: 'A return marked filed, with every change to what it reports since it was marked; 404 when not filed',
      access: 'Svc.gst.READ', params: FiledReturnParams, query: FiledReturnQuery, response: { filed_return: FiledReturn },
      handle: async ({ ctx, params, query }) => filings.get(ctx, { ...params, return: query.return }),
    }),
    route({
      method: 'DELETE', url, operationId: 'reopenReturn', tags, idempotency: 'optional',
      summary: 'Reopen a return marked filed: what it reports may change again; 404 when not filed',
      access: 'Svc.gst.UPDATE', params: FiledReturnParams, query: FiledReturnQuery, message: 'The return is reopened.', response: { filed_return: FiledReturn },
      handle: async ({ ctx, params, query }) => filings.reopen(ctx, { ...params, return: query.return }),
    }),
  ];
}
