import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { CreateBillBody, ListBillsQuery, UpdateBillBody } from './bills.schemas';
import type { BillsService } from './bills.service';

const tags = ['Bills'];
const BillIdParam = IdParam('bill_id');

export function billsRoutes(bills: BillsService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/bills', operationId: 'listBills', summary: 'List bills, newest first', tags,
      access: 'Svc.bills.READ', query: ListBillsQuery,
      handle: ({ ctx, query }) => bills.listBills(ctx, query),
    }),
    route({
      method: 'GET', url: '/bills/:bill_id', operationId: 'getBill', summary: 'Get a bill', tags,
      access: 'Svc.bills.READ', params: BillIdParam,
      handle: ({ ctx, params }) => bills.getBill(ctx, params.bill_id),
    }),
    route({
      method: 'POST', url: '/bills', operationId: 'createBill', summary: 'Create a bill (DRAFT, or OPEN with auto_approve)', tags,
      access: 'Svc.bills.CREATE', body: CreateBillBody, status: 201, message: 'The bill has been created.',
      handle: ({ ctx, body }) => bills.createBill(ctx, body),
    }),
    route({
      method: 'PUT', url: '/bills/:bill_id', operationId: 'updateBill', summary: 'Update the header of a DRAFT bill', tags,
      access: 'Svc.bills.UPDATE', params: BillIdParam, body: UpdateBillBody, message: 'The bill has been updated.',
      handle: ({ ctx, params, body }) => bills.updateBill(ctx, params.bill_id, body),
    }),
    route({
      method: 'POST', url: '/bills/:bill_id/approve', operationId: 'approveBill', summary: 'Approve a DRAFT bill: OPEN, journal posted', tags,
      access: 'Svc.bills.UPDATE', params: BillIdParam, message: 'The bill has been approved.',
      handle: ({ ctx, params }) => bills.approveBill(ctx, params.bill_id),
    }),
    route({
      method: 'POST', url: '/bills/:bill_id/void', operationId: 'voidBill', summary: 'Void a bill: CANCELLED, journal reversed', tags,
      access: 'Svc.bills.UPDATE', params: BillIdParam, message: 'The bill has been voided.',
      handle: ({ ctx, params }) => bills.voidBill(ctx, params.bill_id),
    }),
    route({
      method: 'DELETE', url: '/bills/:bill_id', operationId: 'deleteBill', summary: 'Delete a DRAFT bill', tags,
      access: 'Svc.bills.DELETE', params: BillIdParam, message: 'The bill has been deleted.',
      handle: ({ ctx, params }) => bills.deleteBill(ctx, params.bill_id),
    }),
  ];
}
