import { Type } from '@sinclair/typebox';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { EWayBill, EWayBillQuery } from './ewaybill.schemas';
import type { EWayBillService } from './ewaybill.service';

const tags = ['GST'];
const response = {
  ewaybill: EWayBill,
  required: Type.Boolean({
    description: 'Whether CGST Rule 138 requires the e-way bill: the taxable goods (exempt and nil-rated left out) with their tax worth more than ₹50,000 moving between states or '
      + "across the border, more than the organisation's ewayBillIntraStateThreshold within a state, or any value sent to or back from a job worker in another state",
  }),
};

export function ewayBillRoutes(ewayBills: EWayBillService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/invoices/:invoice_id/ewaybill', operationId: 'getInvoiceEWayBill', summary: "The NIC e-way bill JSON of an invoice's goods lines (outward)", tags,
      access: 'Svc.gst.READ', failsWith: [409], params: IdParam('invoice_id'), query: EWayBillQuery, response,
      handle: ({ ctx, params, query }) => ewayBills.invoice(ctx, params.invoice_id, query),
    }),
    route({
      method: 'GET', url: '/bills/:bill_id/ewaybill', operationId: 'getBillEWayBill', summary: "The NIC e-way bill JSON of a bill's goods lines (inward); an import's is its Bill of Entry's", tags,
      access: 'Svc.gst.READ', failsWith: [409], params: IdParam('bill_id'), query: EWayBillQuery, response,
      handle: ({ ctx, params, query }) => ewayBills.bill(ctx, params.bill_id, query),
    }),
    route({
      method: 'GET', url: '/bills_of_entry/:bill_of_entry_id/ewaybill', operationId: 'getBillOfEntryEWayBill',
      summary: 'The NIC e-way bill JSON of imported goods, from the customs port to the importing branch, on their Bill of Entry', tags,
      access: 'Svc.gst.READ', failsWith: [409], params: IdParam('bill_of_entry_id'), query: EWayBillQuery, response,
      handle: ({ ctx, params, query }) => ewayBills.billOfEntry(ctx, params.bill_of_entry_id, query),
    }),
  ];
}
