import { Type } from '@sinclair/typebox';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { PERIOD_CLOSED } from '../../platform/orgs/period-lock.rules';
import { EWayBillQuery, EWayBillResponse } from '../ewaybill';
import type { challanEWayBill } from './delivery-challans.ewaybill';
import { CreateDeliveryChallanBody, DeliveryChallan, LinkInvoiceBody, ListDeliveryChallansQuery } from './delivery-challans.schemas';
import type { DeliveryChallansService } from './delivery-challans.service';

const tags = ['Delivery challans'];
const ChallanIdParam = IdParam('delivery_challan_id');
const response = { delivery_challan: DeliveryChallan };

export function deliveryChallansRoutes(challans: DeliveryChallansService, ewayBill: ReturnType<typeof challanEWayBill>): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/delivery_challans', operationId: 'listDeliveryChallans', summary: 'List delivery challans, newest first; overdue=true: goods on approval past six months, not invoiced', tags,
      access: 'Svc.invoices.READ', query: ListDeliveryChallansQuery, response: { delivery_challans: Type.Array(DeliveryChallan), page_context: PageContext },
      handle: ({ ctx, query }) => challans.list(ctx, query),
    }),
    route({
      method: 'GET', url: '/delivery_challans/:delivery_challan_id', operationId: 'getDeliveryChallan', summary: 'Get a delivery challan', tags,
      access: 'Svc.invoices.READ', params: ChallanIdParam, response,
      handle: ({ ctx, params }) => challans.get(ctx, params.delivery_challan_id),
    }),
    route({
      method: 'POST', url: '/delivery_challans', operationId: 'createDeliveryChallan', failsWithCodes: PERIOD_CLOSED, summary: 'Issue a delivery challan (CGST Rule 55): goods moved without a sale; posts no journal', tags,
      access: 'Svc.invoices.CREATE', body: CreateDeliveryChallanBody, status: 201, message: 'The delivery challan has been issued.', response,
      handle: ({ ctx, body }) => challans.create(ctx, body),
    }),
    route({
      method: 'POST', url: '/delivery_challans/:delivery_challan_id/void', operationId: 'voidDeliveryChallan', failsWith: [409], failsWithCodes: PERIOD_CLOSED,
      summary: 'Cancel a mistaken delivery challan: its number stays taken, counted as cancelled in GSTR-1 Table 13', tags,
      access: 'Svc.invoices.CREATE', params: ChallanIdParam, message: 'The delivery challan has been cancelled.', response,
      handle: ({ ctx, params }) => challans.void(ctx, params.delivery_challan_id),
    }),
    route({
      method: 'POST', url: '/delivery_challans/:delivery_challan_id/invoice', operationId: 'linkDeliveryChallanInvoice', failsWith: [409],
      summary: 'Record the invoice that supplied goods sent on approval (CGST s.31(7))', tags,
      access: 'Svc.invoices.CREATE', params: ChallanIdParam, body: LinkInvoiceBody, message: 'The delivery challan records its invoice.', response,
      handle: ({ ctx, params, body }) => challans.linkInvoice(ctx, params.delivery_challan_id, body),
    }),
    route({
      method: 'GET', url: '/delivery_challans/:delivery_challan_id/ewaybill', operationId: 'getDeliveryChallanEWayBill', failsWith: [409],
      summary: "The NIC e-way bill JSON of a challan's goods (outward, CHL: job work, own use, others)", tags: ['GST'],
      access: 'Svc.gst.READ', params: ChallanIdParam, query: EWayBillQuery, response: EWayBillResponse,
      handle: ({ ctx, params, query }) => ewayBill(ctx, params.delivery_challan_id, query),
    }),
  ];
}
