import { route, type Access, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { EWayBillQuery } from '../ewaybill/ewaybill.schemas';
import { CancelEInvoiceBody, CancelEWayBillBody, EInvoiceSubmission, EWayBillSubmission } from './gsp.schemas';
import type { IrnDocumentType } from '../einvoice';
import type { EWayBillKind, GspService } from './gsp.service';

const tags = ['GST'];
const queued = (key: string) => (result: Record<string, unknown>) => (result[key] as { status: string }).status === 'QUEUED';

/** One document kind's paths: its collection, id parameter, operation-id noun, scope to change it, and how its messages name it. */
interface Kind { collection: string; param: string; noun: string; name: string; access: Access }

const eInvoiceRoutes = (gsp: GspService, kind: Kind, type: IrnDocumentType): RouteDef[] => [
  route({
    method: 'POST', url: `/${kind.collection}/:${kind.param}/einvoice/generate`, operationId: `generate${kind.noun}EInvoice`, tags,
    summary: `Send the ${kind.name}'s e-invoice to the IRP through the configured provider: the IRN recorded (200), or the IRP's bulk-upload file written to the outbox (202)`,
    access: kind.access, idempotency: 'optional', failsWith: [503], params: IdParam(kind.param), response: { einvoice_submission: EInvoiceSubmission },
    acceptedWhen: queued('einvoice_submission'),
    handle: ({ ctx, params }) => gsp.generateEInvoice(ctx, type, (params as Record<string, string>)[kind.param]!),
  }),
  route({
    method: 'POST', url: `/${kind.collection}/:${kind.param}/einvoice/cancel`, operationId: `cancel${kind.noun}EInvoice`, tags,
    summary: `Cancel the ${kind.name}'s IRN on the IRP within 24 hours of its acknowledgement, through the configured provider: recorded (200), or the request written to the outbox (202); void the ${kind.name} after`,
    access: kind.access, idempotency: 'optional', failsWith: [503], params: IdParam(kind.param), body: CancelEInvoiceBody, response: { einvoice_submission: EInvoiceSubmission },
    acceptedWhen: queued('einvoice_submission'),
    handle: ({ ctx, params, body }) => gsp.cancelEInvoice(ctx, type, (params as Record<string, string>)[kind.param]!, body),
  }),
];

const eWayBillRoutes = (gsp: GspService, kind: Kind, source: EWayBillKind): RouteDef[] => [
  route({
    method: 'POST', url: `/${kind.collection}/:${kind.param}/ewaybill/generate`, operationId: `generate${kind.noun}EWayBill`, tags,
    summary: `Generate the ${kind.name}'s e-way bill through the configured provider, with the transport the query names as GET …/ewaybill takes it: its number (200), or the portal's bulk-upload file written to the outbox (202)`,
    access: kind.access, idempotency: 'optional', failsWith: [503], params: IdParam(kind.param), query: EWayBillQuery, response: { ewaybill_submission: EWayBillSubmission },
    acceptedWhen: queued('ewaybill_submission'),
    handle: ({ ctx, params, query }) => gsp.generateEWayBill(ctx, source, (params as Record<string, string>)[kind.param]!, query),
  }),
  route({
    method: 'POST', url: `/${kind.collection}/:${kind.param}/ewaybill/cancel`, operationId: `cancel${kind.noun}EWayBill`, tags,
    summary: `Cancel an e-way bill of the ${kind.name} through the configured provider (the e-way bill system allows it within 24 hours of generation): 200, or the request written to the outbox (202)`,
    access: kind.access, idempotency: 'optional', failsWith: [503], params: IdParam(kind.param), body: CancelEWayBillBody, response: { ewaybill_submission: EWayBillSubmission },
    acceptedWhen: queued('ewaybill_submission'),
    handle: ({ ctx, params, body }) => gsp.cancelEWayBill(ctx, source, (params as Record<string, string>)[kind.param]!, body),
  }),
];

const INVOICES: Kind = { collection: 'invoices', param: 'invoice_id', noun: 'Invoice', name: 'invoice', access: 'Svc.invoices.UPDATE' };
const CREDIT_NOTES: Kind = { collection: 'credit_notes', param: 'credit_note_id', noun: 'CreditNote', name: 'credit note', access: 'Svc.creditnotes.UPDATE' };
const DEBIT_NOTES: Kind = { collection: 'debit_notes', param: 'debit_note_id', noun: 'DebitNote', name: 'debit note', access: 'Svc.debitnotes.UPDATE' };
const BILLS_OF_ENTRY: Kind = { collection: 'bills_of_entry', param: 'bill_of_entry_id', noun: 'BillOfEntry', name: 'Bill of Entry', access: 'Svc.bills.UPDATE' };
const DELIVERY_CHALLANS: Kind = { collection: 'delivery_challans', param: 'delivery_challan_id', noun: 'DeliveryChallan', name: 'delivery challan', access: 'Svc.invoices.UPDATE' };
const BILLS: Kind = { collection: 'bills', param: 'bill_id', noun: 'Bill', name: 'bill', access: 'Svc.bills.UPDATE' };

/** Generating and cancelling e-invoices and e-way bills through the provider: one line per document kind. */
export function gspRoutes(gsp: GspService): RouteDef[] {
  return [
    ...eInvoiceRoutes(gsp, INVOICES, 'INVOICE'),
    ...eInvoiceRoutes(gsp, CREDIT_NOTES, 'CREDIT_NOTE'),
    ...eInvoiceRoutes(gsp, DEBIT_NOTES, 'DEBIT_NOTE'),
    ...eWayBillRoutes(gsp, INVOICES, 'inv'),
    ...eWayBillRoutes(gsp, BILLS, 'bill'),
    ...eWayBillRoutes(gsp, BILLS_OF_ENTRY, 'boe'),
    ...eWayBillRoutes(gsp, CREDIT_NOTES, 'cn'),
    ...eWayBillRoutes(gsp, DELIVERY_CHALLANS, 'dc'),
  ];
}
