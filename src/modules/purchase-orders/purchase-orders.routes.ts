import { Type } from '@sinclair/typebox';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { PERIOD_CLOSED } from '../../platform/orgs/period-lock.rules';
import { Bill } from '../bills/bills.schemas';
import { CreatePurchaseOrderBody, ListPurchaseOrdersQuery, PurchaseOrder, UpdatePurchaseOrderBody } from './purchase-orders.schemas';
import type { PurchaseOrdersService } from './purchase-orders.service';

const tags = ['Purchase orders'];
const PurchaseOrderIdParam = IdParam('purchase_order_id');
const response = { purchase_order: PurchaseOrder };

export function purchaseOrdersRoutes(purchaseOrders: PurchaseOrdersService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/purchase_orders', operationId: 'listPurchaseOrders', summary: 'List purchase orders, newest first', tags,
      access: 'Svc.purchaseorders.READ', query: ListPurchaseOrdersQuery, response: { purchase_orders: Type.Array(PurchaseOrder), page_context: PageContext },
      handle: ({ ctx, query }) => purchaseOrders.listPurchaseOrders(ctx, query),
    }),
    route({
      method: 'GET', url: '/purchase_orders/:purchase_order_id', operationId: 'getPurchaseOrder', summary: 'Get a purchase order', tags,
      access: 'Svc.purchaseorders.READ', params: PurchaseOrderIdParam, response,
      handle: ({ ctx, params }) => purchaseOrders.getPurchaseOrder(ctx, params.purchase_order_id),
    }),
    route({
      method: 'POST', url: '/purchase_orders', operationId: 'createPurchaseOrder', summary: 'Create a purchase order (DRAFT)', tags,
      access: 'Svc.purchaseorders.CREATE', body: CreatePurchaseOrderBody, status: 201, message: 'The purchase order has been created.', response,
      handle: ({ ctx, body }) => purchaseOrders.createPurchaseOrder(ctx, body),
    }),
    route({
      method: 'PUT', url: '/purchase_orders/:purchase_order_id', operationId: 'updatePurchaseOrder',
      summary: 'Update reference_number, expected_date or notes, or move the status (DRAFT→OPEN, OPEN→CANCELLED)', tags,
      access: 'Svc.purchaseorders.UPDATE', params: PurchaseOrderIdParam, body: UpdatePurchaseOrderBody, message: 'The purchase order has been updated.', response,
      handle: ({ ctx, params, body }) => purchaseOrders.updatePurchaseOrder(ctx, params.purchase_order_id, body),
    }),
    route({
      method: 'POST', url: '/purchase_orders/:purchase_order_id/convert', operationId: 'convertPurchaseOrder', failsWithCodes: PERIOD_CLOSED,
      summary: 'Bill a DRAFT or OPEN purchase order: a DRAFT bill with its lines, the order BILLED', tags,
      access: 'Svc.purchaseorders.UPDATE', params: PurchaseOrderIdParam, message: 'The purchase order has been converted to a bill.',
      response: { ...response, bill: Bill },
      handle: ({ ctx, params }) => purchaseOrders.convertPurchaseOrder(ctx, params.purchase_order_id),
    }),
    route({
      method: 'DELETE', url: '/purchase_orders/:purchase_order_id', operationId: 'deletePurchaseOrder',
      summary: 'Delete a DRAFT or CANCELLED purchase order', tags,
      access: 'Svc.purchaseorders.DELETE', params: PurchaseOrderIdParam, message: 'The purchase order has been deleted.', response: { purchase_order_id: Type.String() },
      handle: ({ ctx, params }) => purchaseOrders.deletePurchaseOrder(ctx, params.purchase_order_id),
    }),
  ];
}
