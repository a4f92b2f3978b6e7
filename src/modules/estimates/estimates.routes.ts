import { Type } from '@sinclair/typebox';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { SalesOrder } from '../sales-orders/sales-orders.schemas';
import { CreateEstimateBody, Estimate, ListEstimatesQuery, UpdateEstimateBody } from './estimates.schemas';
import type { EstimatesService } from './estimates.service';

const tags = ['Estimates'];
const EstimateIdParam = IdParam('estimate_id');

export function estimatesRoutes(estimates: EstimatesService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/estimates', operationId: 'listEstimates', summary: 'List estimates, newest first', tags,
      access: 'Svc.estimates.READ', query: ListEstimatesQuery, response: { estimates: Type.Array(Estimate), page_context: PageContext },
      handle: ({ ctx, query }) => estimates.listEstimates(ctx, query),
    }),
    route({
      method: 'GET', url: '/estimates/:estimate_id', operationId: 'getEstimate', summary: 'Get an estimate', tags,
      access: 'Svc.estimates.READ', params: EstimateIdParam, response: { estimate: Estimate },
      handle: ({ ctx, params }) => estimates.getEstimate(ctx, params.estimate_id),
    }),
    route({
      method: 'POST', url: '/estimates', operationId: 'createEstimate', summary: 'Create an estimate (DRAFT)', tags,
      access: 'Svc.estimates.CREATE', body: CreateEstimateBody, status: 201, message: 'The estimate has been created.', response: { estimate: Estimate },
      handle: ({ ctx, body }) => estimates.createEstimate(ctx, body),
    }),
    route({
      method: 'PUT', url: '/estimates/:estimate_id', operationId: 'updateEstimate',
      summary: 'Update reference_number, expiry_date or notes, or move the status (DRAFT→SENT/DECLINED, SENT→DECLINED/CANCELLED)', tags,
      access: 'Svc.estimates.UPDATE', params: EstimateIdParam, body: UpdateEstimateBody, message: 'The estimate has been updated.', response: { estimate: Estimate },
      handle: ({ ctx, params, body }) => estimates.updateEstimate(ctx, params.estimate_id, body),
    }),
    route({
      method: 'POST', url: '/estimates/:estimate_id/accept', operationId: 'acceptEstimate', summary: 'Accept a DRAFT or SENT estimate', tags,
      access: 'Svc.estimates.UPDATE', params: EstimateIdParam, message: 'The estimate has been accepted.', response: { estimate: Estimate },
      handle: ({ ctx, params }) => estimates.acceptEstimate(ctx, params.estimate_id),
    }),
    route({
      method: 'POST', url: '/estimates/:estimate_id/convert', operationId: 'convertEstimate',
      summary: 'Convert an ACCEPTED estimate to a sales order: the estimate CONVERTED, the order DRAFT', tags,
      access: 'Svc.estimates.UPDATE', params: EstimateIdParam, message: 'The estimate has been converted to a sales order.',
      response: { estimate: Estimate, sales_order: SalesOrder },
      handle: ({ ctx, params }) => estimates.convertEstimate(ctx, params.estimate_id),
    }),
    route({
      method: 'DELETE', url: '/estimates/:estimate_id', operationId: 'deleteEstimate', summary: 'Delete an estimate that is not CONVERTED', tags,
      access: 'Svc.estimates.DELETE', params: EstimateIdParam, message: 'The estimate has been deleted.', response: { estimate_id: Type.String() },
      handle: ({ ctx, params }) => estimates.deleteEstimate(ctx, params.estimate_id),
    }),
  ];
}
