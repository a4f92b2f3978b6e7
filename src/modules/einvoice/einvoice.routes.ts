import { Type } from '@sinclair/typebox';
import { route, type Access, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import type { RequestContext } from '../../platform/context';
import { EInvoice, EInvoiceWarning } from './einvoice.schemas';
import type { EInvoiceService } from './einvoice.service';
import { EInvoiceIrn, RecordIrnBody } from './irn.schemas';
import type { IrnService } from './irn.service';
import type { IrnDocumentType } from './irn.store';

const tags = ['GST'];
/** A GET's answer: the payload, and what the IRP takes but may still be a mistake. */
const EInvoiceAnswer = { einvoice: EInvoice, warnings: Type.Array(EInvoiceWarning) };

/** One kind of document with an e-invoice: its paths, names, the scope that records its IRN, and how its payload is read. */
interface Kind {
  collection: string; param: string; noun: string; type: IrnDocumentType; access: Access;
  /** The summaries' words: what the GET builds, and what recording the IRN does besides showing it. */
  payload: string; recorded: string;
  read: (einvoices: EInvoiceService) => (ctx: RequestContext, id: string) => ReturnType<EInvoiceService['invoice']>;
}

const KINDS: Kind[] = [
  {
    collection: 'invoices', param: 'invoice_id', noun: 'Invoice', type: 'INVOICE', access: 'Svc.invoices.UPDATE',
    payload: "An invoice's IRP e-invoice payload (schema 1.1)", recorded: "the invoice's e-invoice (IRN, acknowledgement, signed QR code): shown on the invoice and printed on its PDF",
    read: (e) => (ctx, id) => e.invoice(ctx, id),
  },
  {
    collection: 'credit_notes', param: 'credit_note_id', noun: 'CreditNote', type: 'CREDIT_NOTE', access: 'Svc.creditnotes.UPDATE',
    payload: "A credit note's IRP e-invoice payload (schema 1.1)",
    recorded: "the credit note's e-invoice (IRN, acknowledgement, signed QR code): shown on the note and printed on its PDF; the note can no longer be edited",
    read: (e) => (ctx, id) => e.creditNote(ctx, id),
  },
  {
    collection: 'debit_notes', param: 'debit_note_id', noun: 'DebitNote', type: 'DEBIT_NOTE', access: 'Svc.debitnotes.UPDATE',
    payload: "A customer debit note's IRP e-invoice payload (schema 1.1, Typ DBN)",
    recorded: "a customer debit note's e-invoice (IRN, acknowledgement, signed QR code): shown on the note and printed on its PDF; the note can no longer be edited",
    read: (e) => (ctx, id) => e.debitNote(ctx, id),
  },
];

/** A document's e-invoice: the payload built and checked (GET), and the IRP's answer recorded (PUT). */
const documentRoutes = (einvoices: EInvoiceService, irns: IrnService, kind: Kind): RouteDef[] => {
  const idOf = (params: unknown) => (params as Record<string, string>)[kind.param]!;
  const read = kind.read(einvoices);
  return [
    route({
      method: 'GET', url: `/${kind.collection}/:${kind.param}/einvoice`, operationId: `get${kind.noun}EInvoice`, summary: `${kind.payload}, checked against the IRP's rules`, tags,
      access: 'Svc.gst.READ', failsWith: [409], params: IdParam(kind.param), response: EInvoiceAnswer,
      handle: ({ ctx, params }) => read(ctx, idOf(params)),
    }),
    route({
      method: 'PUT', url: `/${kind.collection}/:${kind.param}/einvoice`, operationId: `record${kind.noun}Irn`, tags,
      summary: `Record the IRP's answer to ${kind.recorded}`,
      access: kind.access, idempotency: 'optional', params: IdParam(kind.param), body: RecordIrnBody,
      message: 'The IRN has been recorded.', response: { einvoice_irn: EInvoiceIrn },
      handle: ({ ctx, params, body }) => irns.record(ctx, kind.type, idOf(params), body),
    }),
  ];
};

export function einvoiceRoutes(einvoices: EInvoiceService, irns: IrnService): RouteDef[] {
  return KINDS.flatMap((kind) => documentRoutes(einvoices, irns, kind));
}
