import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { EInvoice } from './einvoice.schemas';
import type { EInvoiceService } from './einvoice.service';

const tags = ['GST'];

export function einvoiceRoutes(einvoices: EInvoiceService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/invoices/:invoice_id/einvoice', operationId: 'getInvoiceEInvoice', summary: "An invoice's IRP e-invoice payload (schema 1.1), checked against the IRP's rules", tags,
      access: 'Svc.gst.READ', failsWith: [409], params: IdParam('invoice_id'), response: { einvoice: EInvoice },
      handle: ({ ctx, params }) => einvoices.invoice(ctx, params.invoice_id),
    }),
    route({
      method: 'GET', url: '/credit_notes/:credit_note_id/einvoice', operationId: 'getCreditNoteEInvoice', summary: "A credit note's IRP e-invoice payload (schema 1.1), checked against the IRP's rules", tags,
      access: 'Svc.gst.READ', failsWith: [409], params: IdParam('credit_note_id'), response: { einvoice: EInvoice },
      handle: ({ ctx, params }) => einvoices.creditNote(ctx, params.credit_note_id),
    }),
  ];
}
