import { Type } from '@sinclair/typebox';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { IdParam, PathId } from '../../http/schema-kit';
import { PERIOD_CLOSED } from '../../platform/orgs/period-lock.rules';
import { UpdateNoteBody } from '../documents/notes.schemas';
import { IrnCancellation, IrnVoidBody } from '../einvoice/irn.schemas';
import { AppliedDebitNote, ApplyDebitNoteBody, CreateDebitNoteBody, DebitNote, DebitNoteUnapplied, ListDebitNotesQuery } from './debit-notes.schemas';
import type { NotesService } from '../notes';

const tags = ['Debit notes'];
const DebitNoteIdParam = IdParam('debit_note_id');

/** The debit note endpoints, over the one implementation of notes (notes/notes.service.ts) for this kind. */
export function debitNotesRoutes(debitNotes: NotesService<'debit_note'>): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/debit_notes', operationId: 'listDebitNotes', summary: 'List debit notes, newest first', tags,
      access: 'Svc.debitnotes.READ', query: ListDebitNotesQuery,
      response: { debit_notes: Type.Array(DebitNote), page_context: PageContext },
      handle: ({ ctx, query }) => debitNotes.list(ctx, query, {
        status: query.status, contactId: query.vendor_id, invoiceId: query.invoice_id, billId: query.bill_id, noteType: query.type?.toUpperCase(),
      }),
    }),
    route({
      method: 'GET', url: '/debit_notes/:debit_note_id', operationId: 'getDebitNote', summary: 'Get a debit note', tags,
      access: 'Svc.debitnotes.READ', params: DebitNoteIdParam, response: { debit_note: DebitNote },
      handle: ({ ctx, params }) => debitNotes.get(ctx, params.debit_note_id),
    }),
    route({
      method: 'POST', url: '/debit_notes', operationId: 'createDebitNote', failsWithCodes: PERIOD_CLOSED, summary: 'Issue a debit note: to a vendor (ISSUED, journal posted; applied to the bill it names, up to what the bill owes), or with invoice_id to a customer (a receivable of its own)', tags,
      access: 'Svc.debitnotes.CREATE', idempotency: 'required', body: CreateDebitNoteBody, status: 201, message: 'The debit note has been created.',
      response: { debit_note: DebitNote },
      handle: ({ ctx, body }) => debitNotes.create(ctx, { ...body, contact_id: body.vendor_id }),
    }),
    route({
      method: 'PUT', url: '/debit_notes/:debit_note_id', operationId: 'updateDebitNote', failsWithCodes: PERIOD_CLOSED, summary: 'Update reference_number or notes of an ISSUED debit note', tags,
      access: 'Svc.debitnotes.UPDATE', params: DebitNoteIdParam, body: UpdateNoteBody, message: 'The debit note has been updated.',
      response: { debit_note: DebitNote },
      handle: ({ ctx, params, body }) => debitNotes.update(ctx, params.debit_note_id, body),
    }),
    route({
      method: 'POST', url: '/debit_notes/:debit_note_id/void', operationId: 'voidDebitNote', failsWithCodes: PERIOD_CLOSED, tags,
      summary: "Void an ISSUED debit note: CANCELLED, journal reversed; a customer debit note's active IRN is cancelled within 24 hours of its acknowledgement",
      access: 'Svc.debitnotes.UPDATE', params: DebitNoteIdParam, body: IrnVoidBody, message: 'The debit note has been voided.',
      response: { debit_note: DebitNote, einvoice_cancellation: Type.Optional(IrnCancellation) },
      handle: ({ ctx, params, body }) => debitNotes.void(ctx, params.debit_note_id, body),
    }),
    route({
      method: 'POST', url: '/debit_notes/:debit_note_id/apply-to-bill', operationId: 'applyDebitNoteToBill', failsWithCodes: PERIOD_CLOSED,
      summary: "Apply a debit note to one of the vendor's bills, lowering its balance", tags,
      access: 'Svc.debitnotes.UPDATE', idempotency: 'required', params: DebitNoteIdParam, body: ApplyDebitNoteBody, message: 'The debit note has been applied.',
      response: AppliedDebitNote,
      handle: ({ ctx, params, body }) => debitNotes.applyToBill(ctx, params.debit_note_id, body),
    }),
    route({
      method: 'DELETE', url: '/debit_notes/:debit_note_id/applications/:application_id', operationId: 'unapplyDebitNote', failsWithCodes: PERIOD_CLOSED,
      summary: 'Unapply one application: the bill owes it again and the note can be applied elsewhere or voided', tags,
      access: 'Svc.debitnotes.UPDATE', params: Type.Object({ debit_note_id: PathId('debit_note_id'), application_id: PathId('application_id') }),
      message: 'The debit note has been unapplied.', response: DebitNoteUnapplied,
      handle: ({ ctx, params }) => debitNotes.unapply(ctx, params.debit_note_id, params.application_id),
    }),
  ];
}
