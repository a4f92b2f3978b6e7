import { Type } from '@sinclair/typebox';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { PERIOD_CLOSED } from '../../platform/orgs/period-lock.rules';
import { Invoice } from '../invoices/invoices.schemas';
import { CreateSalesOrderBody, ListSalesOrdersQuery, SalesOrder, UpdateSalesOrderBody } from './sales-orders.schemas';
import type { SalesOrdersService } from './sales-orders.service';

const tags = ['Sales orders'];
const SalesOrderIdParam = IdParam('sales_order_id');

export function salesOrdersRoutes(salesOrders: SalesOrdersService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/sales_orders', operationId: 'listSalesOrders', summary: 'List sales orders, newest first', tags,
      access: 'Svc.salesorders.READ', query: ListSalesOrdersQuery, response: { sales_orders: Type.Array(SalesOrder), page_context: PageContext },
      handle: ({ ctx, query }) => salesOrders.listSalesOrders(ctx, query),
    }),
    route({
      method: 'GET', url: '/sales_orders/:sales_order_id', operationId: 'getSalesOrder', summary: 'Get a sales order', tags,
      access: 'Svc.salesorders.READ', params: SalesOrderIdParam, response: { sales_order: SalesOrder },
      handle: ({ ctx, params }) => salesOrders.getSalesOrder(ctx, params.sales_order_id),
    }),
    route({
      method: 'POST', url: '/sales_orders', operationId: 'createSalesOrder', summary: 'Create a sales order (DRAFT)', tags,
      access: 'Svc.salesorders.CREATE', body: CreateSalesOrderBody, status: 201, message: 'The sales order has been created.', response: { sales_order: SalesOrder },
      handle: ({ ctx, body }) => salesOrders.createSalesOrder(ctx, body),
    }),
    route({
      method: 'PUT', url: '/sales_orders/:sales_order_id', operationId: 'updateSalesOrder',
      summary: 'Update reference_number, shipment_date or notes, or move the status (DRAFT→OPEN, OPEN/PARTIALLY_INVOICED→CANCELLED, INVOICED→CLOSED)', tags,
      access: 'Svc.salesorders.UPDATE', params: SalesOrderIdParam, body: UpdateSalesOrderBody, message: 'The sales order has been updated.', response: { sales_order: SalesOrder },
      handle: ({ ctx, params, body }) => salesOrders.updateSalesOrder(ctx, params.sales_order_id, body),
    }),
    route({
      method: 'POST', url: '/sales_orders/:sales_order_id/convert', operationId: 'convertSalesOrder', failsWithCodes: PERIOD_CLOSED,
      summary: 'Invoice a DRAFT, OPEN or PARTIALLY_INVOICED sales order: a DRAFT invoice with its lines, the order INVOICED', tags,
      access: 'Svc.salesorders.UPDATE', params: SalesOrderIdParam, message: 'The sales order has been converted to an invoice.',
      response: { sales_order: SalesOrder, invoice: Invoice },
      handle: ({ ctx, params }) => salesOrders.convertSalesOrder(ctx, params.sales_order_id),
    }),
  ];
}
