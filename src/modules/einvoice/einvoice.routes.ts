import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { EInvoice } from './einvoice.schemas';
import type { EInvoiceService } from './einvoice.service';
import { EInvoiceIrn, RecordIrnBody } from './irn.schemas';
import type { IrnService } from './irn.service';

const tags = ['GST'];

export function einvoiceRoutes(einvoices: EInvoiceService, irns: IrnService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/invoices/:invoice_id/einvoice', operationId: 'getInvoiceEInvoice', summary: "An invoice's IRP e-invoice payload (schema 1.1), checked against the IRP's rules", tags,
      access: 'Svc.gst.READ', failsWith: [409], params: IdParam('invoice_id'), response: { einvoice: EInvoice },
      handle: ({ ctx, params }) => einvoices.invoice(ctx, params.invoice_id),
    }),
    route({
      method: 'PUT', url: '/invoices/:invoice_id/einvoice', operationId: 'recordInvoiceIrn', tags,
      summary: "Record the IRP's answer to the invoice's e-invoice (IRN, acknowledgement, signed QR code): shown on the invoice and printed on its PDF",
      access: 'Svc.invoices.UPDATE', idempotency: 'optional', params: IdParam('invoice_id'), body: RecordIrnBody,
      message: 'The IRN has been recorded.', response: { einvoice_irn: EInvoiceIrn },
      handle: ({ ctx, params, body }) => irns.record(ctx, 'INVOICE', params.invoice_id, body),
    }),
    route({
      method: 'GET', url: '/credit_notes/:credit_note_id/einvoice', operationId: 'getCreditNoteEInvoice', summary: "A credit note's IRP e-invoice payload (schema 1.1), checked against the IRP's rules", tags,
      access: 'Svc.gst.READ', failsWith: [409], params: IdParam('credit_note_id'), response: { einvoice: EInvoice },
      handle: ({ ctx, params }) => einvoices.creditNote(ctx, params.credit_note_id),
    }),
    route({
      method: 'PUT', url: '/credit_notes/:credit_note_id/einvoice', operationId: 'recordCreditNoteIrn', tags,
      summary: "Record the IRP's answer to the credit note's e-invoice (IRN, acknowledgement, signed QR code): shown on the note and printed on its PDF; the note can no longer be edited",
      access: 'Svc.creditnotes.UPDATE', idempotency: 'optional', params: IdParam('credit_note_id'), body: RecordIrnBody,
      message: 'The IRN has been recorded.', response: { einvoice_irn: EInvoiceIrn },
      handle: ({ ctx, params, body }) => irns.record(ctx, 'CREDIT_NOTE', params.credit_note_id, body),
    }),
  ];
}
