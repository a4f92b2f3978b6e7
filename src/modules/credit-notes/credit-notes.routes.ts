import { Type } from '@sinclair/typebox';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { IdParam, PathId } from '../../http/schema-kit';
import { PERIOD_CLOSED } from '../../platform/orgs/period-lock.rules';
import { UpdateNoteBody } from '../documents/notes.schemas';
import { IrnCancellation, IrnVoidBody } from '../einvoice/irn.schemas';
import { AppliedToBill, AppliedToInvoice, ApplyToBillBody, ApplyToInvoiceBody, CreateCreditNoteBody, CreditNote, CreditNoteUnapplied, ListCreditNotesQuery } from './credit-notes.schemas';
import type { NotesService } from '../notes';

const tags = ['Credit notes'];
const CreditNoteIdParam = IdParam('credit_note_id');

/** The credit note endpoints, over the one implementation of notes (notes/notes.service.ts) for this kind. */
export function creditNotesRoutes(creditNotes: NotesService<'credit_note'>): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/credit_notes', operationId: 'listCreditNotes', summary: 'List credit notes, newest first', tags,
      access: 'Svc.creditnotes.READ', query: ListCreditNotesQuery,
      response: { credit_notes: Type.Array(CreditNote), page_context: PageContext },
      handle: ({ ctx, query }) => creditNotes.list(ctx, query, {
        status: query.status, contactId: query.customer_id, invoiceId: query.invoice_id, billId: query.bill_id, noteType: query.type?.toUpperCase(),
      }),
    }),
    route({
      method: 'GET', url: '/credit_notes/:credit_note_id', operationId: 'getCreditNote', summary: 'Get a credit note', tags,
      access: 'Svc.creditnotes.READ', params: CreditNoteIdParam, response: { credit_note: CreditNote },
      handle: ({ ctx, params }) => creditNotes.get(ctx, params.credit_note_id),
    }),
    route({
      method: 'POST', url: '/credit_notes', operationId: 'createCreditNote', failsWithCodes: PERIOD_CLOSED, summary: 'Issue a credit note (ISSUED, journal posted)', tags,
      access: 'Svc.creditnotes.CREATE', idempotency: 'required', body: CreateCreditNoteBody, status: 201, message: 'The credit note has been created.',
      response: { credit_note: CreditNote },
      handle: ({ ctx, body }) => creditNotes.create(ctx, { ...body, contact_id: body.customer_id }),
    }),
    route({
      method: 'PUT', url: '/credit_notes/:credit_note_id', operationId: 'updateCreditNote', failsWithCodes: PERIOD_CLOSED, summary: 'Update reference_number or notes; blocked once applied', tags,
      access: 'Svc.creditnotes.UPDATE', params: CreditNoteIdParam, body: UpdateNoteBody, message: 'The credit note has been updated.',
      response: { credit_note: CreditNote },
      handle: ({ ctx, params, body }) => creditNotes.update(ctx, params.credit_note_id, body),
    }),
    route({
      method: 'POST', url: '/credit_notes/:credit_note_id/void', operationId: 'voidCreditNote', failsWithCodes: PERIOD_CLOSED, tags,
      summary: 'Void an ISSUED credit note with nothing applied: CANCELLED, journal reversed; an active IRN is cancelled within 24 hours of its acknowledgement',
      access: 'Svc.creditnotes.UPDATE', params: CreditNoteIdParam, body: IrnVoidBody, message: 'The credit note has been voided.',
      response: { credit_note: CreditNote, einvoice_cancellation: Type.Optional(IrnCancellation) },
      handle: ({ ctx, params, body }) => creditNotes.void(ctx, params.credit_note_id, body),
    }),
    route({
      method: 'POST', url: '/credit_notes/:credit_note_id/apply-to-invoice', operationId: 'applyCreditNoteToInvoice', failsWithCodes: PERIOD_CLOSED,
      summary: "Apply a customer's credit note to one of their invoices", tags,
      access: 'Svc.creditnotes.UPDATE', idempotency: 'required', params: CreditNoteIdParam, body: ApplyToInvoiceBody, message: 'The credit note has been applied.',
      response: AppliedToInvoice,
      handle: ({ ctx, params, body }) => creditNotes.applyToInvoice(ctx, params.credit_note_id, body),
    }),
    route({
      method: 'POST', url: '/credit_notes/:credit_note_id/apply-to-bill', operationId: 'applyCreditNoteToBill', failsWithCodes: PERIOD_CLOSED,
      summary: "Apply a vendor's credit note to one of their bills", tags,
      access: 'Svc.creditnotes.UPDATE', idempotency: 'required', params: CreditNoteIdParam, body: ApplyToBillBody, message: 'The credit note has been applied.',
      response: AppliedToBill,
      handle: ({ ctx, params, body }) => creditNotes.applyToBill(ctx, params.credit_note_id, body),
    }),
    route({
      method: 'DELETE', url: '/credit_notes/:credit_note_id/applications/:application_id', operationId: 'unapplyCreditNote', failsWithCodes: PERIOD_CLOSED,
      summary: 'Unapply one application: the invoice or bill owes it again and the note can be applied elsewhere or voided', tags,
      access: 'Svc.creditnotes.UPDATE', params: Type.Object({ credit_note_id: PathId('credit_note_id'), application_id: PathId('application_id') }),
      message: 'The credit note has been unapplied.', response: CreditNoteUnapplied,
      handle: ({ ctx, params }) => creditNotes.unapply(ctx, params.credit_note_id, params.application_id),
    }),
  ];
}
