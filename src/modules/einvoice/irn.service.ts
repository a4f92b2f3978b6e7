import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import { invalidState, invalidValue, notFound, requiredField } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import type { EInvoiceService } from './einvoice.service';
import { ackInstantOf, cancellationPayload, withinCancelWindow } from './irn.rules';
import type { IrnCancelRequest, RecordIrnBody } from './irn.schemas';
import { findIrn, presentIrn, type IrnDocumentType } from './irn.store';

type Deps = Pick<PlatformDeps, 'uow' | 'clock' | 'activity' | 'database'> & { einvoices: EInvoiceService };

/** Where each kind of document with an e-invoice lives, and how its messages name it. */
const DOCUMENTS = {
  INVOICE: { table: 'invoices', idColumn: 'invoice_id', numberColumn: 'invoice_number', noun: 'invoice' },
  CREDIT_NOTE: { table: 'credit_notes', idColumn: 'credit_note_id', numberColumn: 'credit_note_number', noun: 'credit note' },
  DEBIT_NOTE: { table: 'debit_notes', idColumn: 'debit_note_id', numberColumn: 'debit_note_number', noun: 'debit note' },
} as const;

/** Each document's e-invoice, as its GET builds it. */
const EINVOICE_OF = { INVOICE: 'invoice', CREDIT_NOTE: 'creditNote', DEBIT_NOTE: 'debitNote' } as const;

/** The document an IRN belongs to, as a void names it. */
export interface IrnDocument { type: IrnDocumentType; id: string; number: string }

/** A new version of the document: its PDF, cached by version, is drawn again with the IRN's change. */
async function bumpVersion(tx: Tx, orgId: string, type: IrnDocumentType, id: string, now: string) {
  const { table, idColumn } = DOCUMENTS[type];
  await tx.updateTable(table as 'invoices').set((eb) => ({ version: eb('version', '+', 1), last_modified_time: now }))
    .where('org_id', '=', orgId).where(idColumn as 'invoice_id', '=', id).execute();
}

/**
 * Recording what the IRP answered for an invoice's or note's e-invoice (Bahi builds and
 * validates the payload; the business's GSP sends it), and cancelling that IRN when the document is voided.
 */
export function irnService(deps: Deps) {
  /** Within the caller's transaction: the IRN recorded on the document, in a new version, with its activity row. */
  async function recordInTx(tx: Tx, ctx: RequestContext, type: IrnDocumentType, documentId: string, body: RecordIrnBody) {
    const { table, idColumn, numberColumn, noun } = DOCUMENTS[type];
    const lockDocument = tx.selectFrom(table as 'invoices').select(['status', `${numberColumn} as number` as 'invoice_number as number'])
      .where('org_id', '=', ctx.orgId).where(idColumn as 'invoice_id', '=', documentId);
    const document = await (engineOf(tx) === 'postgres' ? lockDocument.forUpdate() : lockDocument).executeTakeFirst();
    if (!document) throw notFound(noun, idColumn);
    if (document.status === 'CANCELLED') throw invalidState(`A void ${noun} has no e-invoice`, { status: document.status });
    const existing = await findIrn(tx, ctx.orgId, documentId);
    if (existing) throw invalidState(`This ${noun} already has an IRN: the IRP issues one per document`, { irn: existing.irn });
    const ackDate = ackInstantOf(body.ack_date);
    if (Number.isNaN(ackDate.getTime())) throw invalidValue('ack_date', 'ack_date is not a real date-time');
    const now = deps.clock.now().toISOString();
    const row = {
      org_id: ctx.orgId, document_id: documentId, document_type: type, irn: body.irn.toLowerCase(), ack_no: body.ack_no, ack_date: ackDate.toISOString(),
      signed_qr_code: body.signed_qr_code, status: 'ACTIVE', cancel_reason: null, cancel_remarks: null, cancelled_time: null, created_time: now,
    };
    await tx.insertInto('einvoice_irns').values(row).execute();
    await bumpVersion(tx, ctx.orgId, type, documentId, now);
    await deps.activity.record(tx, ctx, {
      entityType: type, entityId: documentId, entityRef: document.number, verb: 'IRN_RECORDED', metadata: { irn: row.irn, ack_no: row.ack_no },
    });
    return { einvoice_irn: presentIrn(row) };
  }

  /** The document's number, and its IRN if any: 404 for a document not of this organisation. */
  async function documentWithIrn(executor: Db | Tx, ctx: RequestContext, type: IrnDocumentType, documentId: string) {
    const { table, idColumn, numberColumn, noun } = DOCUMENTS[type];
    const document = await executor.selectFrom(table as 'invoices').select([`${numberColumn} as number` as 'invoice_number as number'])
      .where('org_id', '=', ctx.orgId).where(idColumn as 'invoice_id', '=', documentId).executeTakeFirst();
    if (!document) throw notFound(noun, idColumn);
    return { document: { type, id: documentId, number: document.number }, irn: await findIrn(executor, ctx.orgId, documentId) };
  }

  return {
    recordInTx,
    async record(ctx: RequestContext, type: IrnDocumentType, documentId: string, body: RecordIrnBody) {
      // Only a document with an e-invoice the IRP would accept has an IRN to record: 404, 409 or 400 as its GET says, except
      // the reporting window, which the IRP applied when the document was sent.
      await deps.einvoices[EINVOICE_OF[type]](ctx, documentId, { checkReportingWindow: false });
      return deps.uow(ctx, (tx) => recordInTx(tx, ctx, type, documentId, body));
    },

    /**
     * The active IRN a cancellation would send to the IRP, checked as the IRP checks it (within 24
     * hours of its acknowledgement: irn.rules.ts): 404 for an unknown document, 409 without an
     * active IRN or after the window.
     */
    async irnToCancel(ctx: RequestContext, type: IrnDocumentType, documentId: string) {
      const { irn, document } = await documentWithIrn(deps.database.db, ctx, type, documentId);
      const { noun } = DOCUMENTS[type];
      if (!irn || irn.status !== 'ACTIVE') throw invalidState(`This ${noun} has no active IRN to cancel`, { irn: irn?.irn ?? null });
      if (!withinCancelWindow(new Date(irn.ack_date), deps.clock.now())) {
        throw invalidState('The IRN was acknowledged more than 24 hours ago and can no longer be cancelled on the IRP', { irn: irn.irn, ack_date: irn.ack_date });
      }
      return { irn, document };
    },

    /**
     * Within the caller's transaction: the IRP's cancellation recorded on the document's IRN as a
     * void records it (cancelIrnOnVoid), in a new version. The document itself stays as it is
     * until voided: the IRP takes its number no more.
     */
    async recordCancellationInTx(tx: Tx, ctx: RequestContext, type: IrnDocumentType, documentId: string, request: Required<IrnCancelRequest>) {
      const { document } = await documentWithIrn(tx, ctx, type, documentId);
      const now = deps.clock.now();
      await cancelIrnOnVoid(tx, ctx, document, request, now, deps.activity);
      await bumpVersion(tx, ctx.orgId, type, documentId, now.toISOString());
      return { einvoice_irn: presentIrn((await findIrn(tx, ctx.orgId, documentId))!) };
    },
  };
}
export type IrnService = ReturnType<typeof irnService>;

/**
 * Within a void's transaction: a document with an active IRN is voided only within 24 hours of
 * its acknowledgement, with the IRP's reason and remarks; the IRN is marked cancelled and the
 * Cancel IRN payload returned for the GSP. After 24 hours the IRP refuses, so the void does too:
 * for an invoice a credit note undoes the supply. Null when the document has no active IRN.
 * The caller makes the new document version.
 */
export async function cancelIrnOnVoid(tx: Tx, ctx: RequestContext, document: IrnDocument, request: IrnCancelRequest, now: Date,
  activity: PlatformDeps['activity']) {
  const { noun } = DOCUMENTS[document.type];
  const irn = await findIrn(tx, ctx.orgId, document.id, true);
  if (!irn || irn.status !== 'ACTIVE') {
    if (request.cancel_reason !== undefined || request.cancel_remarks !== undefined) {
      throw invalidValue(request.cancel_reason !== undefined ? 'cancel_reason' : 'cancel_remarks', `Only a ${noun} with an active IRN takes an IRN cancellation reason`);
    }
    return null;
  }
  if (!withinCancelWindow(new Date(irn.ack_date), now)) {
    const remedy = { INVOICE: 'issue a credit note instead', CREDIT_NOTE: 'issue an invoice for what it credited instead', DEBIT_NOTE: 'issue a credit note for what it charged instead' }[document.type];
    throw invalidState(`The IRN was acknowledged more than 24 hours ago and can no longer be cancelled: ${remedy}`, { irn: irn.irn, ack_date: irn.ack_date });
  }
  if (request.cancel_reason === undefined) throw requiredField('cancel_reason', `cancel_reason is required to void a ${noun} with an active IRN (1 duplicate, 2 data entry mistake, 3 order cancelled, 4 other)`);
  if (request.cancel_remarks === undefined) throw requiredField('cancel_remarks', `cancel_remarks is required to void a ${noun} with an active IRN`);
  await tx.updateTable('einvoice_irns')
    .set({ status: 'CANCELLED', cancel_reason: request.cancel_reason, cancel_remarks: request.cancel_remarks, cancelled_time: now.toISOString() })
    .where('org_id', '=', ctx.orgId).where('document_id', '=', document.id).execute();
  await activity.record(tx, ctx, {
    entityType: document.type, entityId: document.id, entityRef: document.number, verb: 'IRN_CANCELLED',
    metadata: { irn: irn.irn, cancel_reason: request.cancel_reason, cancel_remarks: request.cancel_remarks },
  });
  return cancellationPayload(irn.irn, request.cancel_reason, request.cancel_remarks);
}

/** 409 when the document has an active IRN: the IRP registered it as it is, so it cannot change. */
export async function assertNoActiveIrn(tx: Tx, orgId: string, document: Omit<IrnDocument, 'number'>) {
  const irn = await findIrn(tx, orgId, document.id);
  if (irn?.status === 'ACTIVE') {
    throw invalidState(`This ${DOCUMENTS[document.type].noun} has an IRN: the IRP registered it as it is, so it cannot be edited`, { irn: irn.irn });
  }
}
