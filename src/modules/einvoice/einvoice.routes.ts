import { Type } from '@sinclair/typebox';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { EInvoice, EInvoiceWarning } from './einvoice.schemas';
import type { EInvoiceService } from './einvoice.service';
import { EInvoiceIrn, RecordIrnBody } from './irn.schemas';
import type { IrnService } from './irn.service';

const tags = ['GST'];
/** A GET's answer: the payload, and what the IRP takes but may still be a mistake. */
const EInvoiceAnswer = { einvoice: EInvoice, warnings: Type.Array(EInvoiceWarning) };

export function einvoiceRoutes(einvoices: EInvoiceService, irns: IrnService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/invoices/:invoice_id/einvoice', operationId: 'getInvoiceEInvoice', summary: "An invoice's IRP e-invoice payload (schema 1.1), checked against the IRP's rules", tags,
      access: 'Svc.gst.READ', failsWith: [409], params: IdParam('invoice_id'), response: EInvoiceAnswer,
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
      access: 'Svc.gst.READ', failsWith: [409], params: IdParam('credit_note_id'), response: EInvoiceAnswer,
      handle: ({ ctx, params }) => einvoices.creditNote(ctx, params.credit_note_id),
    }),
    route({
      method: 'PUT', url: '/credit_notes/:credit_note_id/einvoice', operationId: 'recordCreditNoteIrn', tags,
      summary: "Record the IRP's answer to the credit note's e-invoice (IRN, acknowledgement, signed QR code): shown on the note and printed on its PDF; the note can no longer be edited",
      access: 'Svc.creditnotes.UPDATE', idempotency: 'optional', params: IdParam('credit_note_id'), body: RecordIrnBody,
      message: 'The IRN has been recorded.', response: { einvoice_irn: EInvoiceIrn },
      handle: ({ ctx, params, body }) => irns.record(ctx, 'CREDIT_NOTE', params.credit_note_id, body),
    }),
    route({
      method: 'GET', url: '/debit_notes/:debit_note_id/einvoice', operationId: 'getDebitNoteEInvoice', summary: "A customer debit note's IRP e-invoice payload (schema 1.1, Typ DBN), checked against the IRP's rules", tags,
      access: 'Svc.gst.READ', failsWith: [409], params: IdParam('debit_note_id'), response: EInvoiceAnswer,
      handle: ({ ctx, params }) => einvoices.debitNote(ctx, params.debit_note_id),
    }),
    route({
      method: 'PUT', url: '/debit_notes/:debit_note_id/einvoice', operationId: 'recordDebitNoteIrn', tags,
      summary: "Record the IRP's answer to a customer debit note's e-invoice (IRN, acknowledgement, signed QR code): shown on the note and printed on its PDF; the note can no longer be edited",
      access: 'Svc.debitnotes.UPDATE', idempotency: 'optional', params: IdParam('debit_note_id'), body: RecordIrnBody,
      message: 'The IRN has been recorded.', response: { einvoice_irn: EInvoiceIrn },
      handle: ({ ctx, params, body }) => irns.record(ctx, 'DEBIT_NOTE', params.debit_note_id, body),
    }),
  ];
}
