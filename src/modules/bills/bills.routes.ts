import { Type } from '@sinclair/typebox';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { PERIOD_CLOSED } from '../../platform/orgs/period-lock.rules';
import { Bill, CreateBillBody, ListBillsQuery, UpdateBillBody } from './bills.schemas';
import type { BillsService } from './bills.service';

const tags = ['Bills'];
const BillIdParam = IdParam('bill_id');
const response = { bill: Bill };

export function billsRoutes(bills: BillsService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/bills', operationId: 'listBills', summary: 'List bills, newest first', tags,
      access: 'Svc.bills.READ', query: ListBillsQuery, response: { bills: Type.Array(Bill), page_context: PageContext },
      handle: ({ ctx, query }) => bills.listBills(ctx, query),
    }),
    route({
      method: 'GET', url: '/bills/:bill_id', operationId: 'getBill', summary: 'Get a bill', tags,
      access: 'Svc.bills.READ', params: BillIdParam, response,
      handle: ({ ctx, params }) => bills.getBill(ctx, params.bill_id),
    }),
    route({
      method: 'POST', url: '/bills', operationId: 'createBill', failsWithCodes: PERIOD_CLOSED, summary: 'Create a bill (DRAFT, or OPEN with auto_approve)', tags,
      access: 'Svc.bills.CREATE', body: CreateBillBody, status: 201, message: 'The bill has been created.', response,
      handle: ({ ctx, body }) => bills.createBill(ctx, body),
    }),
    route({
      method: 'PUT', url: '/bills/:bill_id', operationId: 'updateBill', failsWithCodes: PERIOD_CLOSED, summary: 'Update the header of a DRAFT bill', tags,
      access: 'Svc.bills.UPDATE', params: BillIdParam, body: UpdateBillBody, message: 'The bill has been updated.', response,
      handle: ({ ctx, params, body }) => bills.updateBill(ctx, params.bill_id, body),
    }),
    route({
      method: 'POST', url: '/bills/:bill_id/approve', operationId: 'approveBill', failsWithCodes: PERIOD_CLOSED, summary: 'Approve a DRAFT bill: OPEN, journal posted', tags,
      access: 'Svc.bills.UPDATE', params: BillIdParam, message: 'The bill has been approved.', response,
      handle: ({ ctx, params }) => bills.approveBill(ctx, params.bill_id),
    }),
    route({
      method: 'POST', url: '/bills/:bill_id/void', operationId: 'voidBill', failsWithCodes: PERIOD_CLOSED, summary: 'Void a bill: CANCELLED, journal reversed', tags,
      access: 'Svc.bills.UPDATE', params: BillIdParam, message: 'The bill has been voided.', response,
      handle: ({ ctx, params }) => bills.voidBill(ctx, params.bill_id),
    }),
    route({
      method: 'DELETE', url: '/bills/:bill_id', operationId: 'deleteBill', failsWithCodes: PERIOD_CLOSED, summary: 'Delete a DRAFT bill', tags,
      access: 'Svc.bills.DELETE', params: BillIdParam, message: 'The bill has been deleted.', response: { bill_id: Type.String() },
      handle: ({ ctx, params }) => bills.deleteBill(ctx, params.bill_id),
    }),
  ];
}
