import { DomainError, invalidState } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { cancellationPayload, findIrn, type EInvoice, type EInvoiceService, type IrnDocumentType, type IrnService } from '../einvoice';
import type { EWayBillQuery, EWayBillSources } from '../ewaybill';
import { DUPLICATE_IRN, type GspProvider, type IrnIssued, type Queued, type Refused } from './gsp.provider';
import type { CancelEInvoiceBody, CancelEWayBillBody } from './gsp.schemas';

type Deps = Pick<PlatformDeps, 'uow' | 'activity' | 'database'> & {
  einvoices: EInvoiceService; irns: IrnService; ewayBillSources: EWayBillSources; provider: GspProvider;
};

/** Each kind of document with an e-invoice, and how its payload is built: one line per kind. */
const PAYLOADS: Record<IrnDocumentType, (e: EInvoiceService, ctx: RequestContext, id: string) => Promise<{ einvoice: EInvoice }>> = {
  INVOICE: (e, ctx, id) => e.invoice(ctx, id),
  CREDIT_NOTE: (e, ctx, id) => e.creditNote(ctx, id),
  DEBIT_NOTE: (e, ctx, id) => e.debitNote(ctx, id),
};

export type EWayBillKind = keyof EWayBillSources;

/** The portal refused: 409 with its own error code, message and InfoDtls, nothing recorded. */
const refusal = (who: string, answer: Refused) => new DomainError('conflict.invalid_state', `The ${who} refused the request: ${answer.errorCode} ${answer.message}`, {
  details: { error_code: answer.errorCode, error_message: answer.message, info_dtls: answer.infoDtls },
});

/** A provider that could not be reached is the service's outage, not the caller's mistake: 503, nothing recorded. */
async function asked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('service.unavailable', `The e-invoice provider could not be reached (${(error as Error).name}): nothing was sent or recorded; try again`);
  }
}

/** The IRP's answer as PUT …/einvoice takes it: AckDt is India time, which a date-time without a zone means there. */
const recordBodyOf = (issued: IrnIssued) => ({
  irn: issued.Irn, ack_no: issued.AckNo, ack_date: issued.AckDt.replace(' ', 'T'), signed_qr_code: issued.SignedQRCode,
});

/** The IRN the IRP says it already issued (InfoDtls DUPIRN of a 2150), if it says one. */
function duplicateIrnOf(answer: Refused): string | null {
  const dup = answer.infoDtls.find((i) => i.InfCd === 'DUPIRN')?.Desc as { Irn?: unknown } | undefined;
  return answer.errorCode === DUPLICATE_IRN && typeof dup?.Irn === 'string' ? dup.Irn : null;
}

/**
 * Whether the IRP signed this very document: its SignedInvoice (a JWT whose `data` is the
 * registered invoice) names the same seller, type, number and date. The number is compared in
 * capitals, as the IRP compares it.
 */
function signedFor(issued: IrnIssued, einvoice: EInvoice): boolean {
  try {
    const claims = JSON.parse(Buffer.from(issued.SignedInvoice.split('.')[1] ?? '', 'base64url').toString('utf8')) as { data?: unknown };
    const signed = JSON.parse(String(claims.data)) as Partial<EInvoice>;
    const [doc, own] = [signed.DocDtls, einvoice.DocDtls];
    return signed.SellerDtls?.Gstin === einvoice.SellerDtls.Gstin && doc?.Typ === own.Typ && doc.Dt === own.Dt && doc.No.toUpperCase() === own.No.toUpperCase();
  } catch {
    return false;
  }
}

type Entity = { entityType: IrnDocumentType | 'BILL' | 'BILL_OF_ENTRY' | 'DELIVERY_CHALLAN'; entityId: string; entityRef: string };
type QueuedAnswer = { status: 'QUEUED'; provider: string; file_name: string };

const EMPTY_EWB = { ewaybill_no: null, ewaybill_date: null, valid_upto: null, cancel_date: null };

/**
 * E-invoices and e-way bills sent through the configured GST Suvidha Provider
 * (docs/rules/einvoice-ewaybill.md, "Generating and cancelling through a provider"). Bahi builds
 * and checks the payload as its GET gives it, asks the provider outside any transaction (a
 * network call holds no lock), then records the answer in one: an IRN exactly as PUT …/einvoice
 * records it, a queued file or an e-way bill as an activity row of the document.
 */
export function gspService(deps: Deps) {
  const { provider } = deps;

  /**
   * A file was queued: the document's timeline says which, and the request answers 202. The
   * transaction's result is the whole answer, as an Idempotency-Key stores it.
   */
  const queued = <T>(ctx: RequestContext, entity: Entity, verb: string, answer: Queued, answerOf: (q: QueuedAnswer) => T) =>
    deps.uow(ctx, async (tx) => {
      await deps.activity.record(tx, ctx, { ...entity, verb, metadata: { provider: provider.name, file_name: answer.fileName } });
      return answerOf({ status: 'QUEUED', provider: provider.name, file_name: answer.fileName });
    });
  const queuedEInvoice = (q: QueuedAnswer) => ({ einvoice_submission: { ...q, einvoice_irn: null } });

  return {
    async generateEInvoice(ctx: RequestContext, type: IrnDocumentType, id: string) {
      const { einvoice } = await PAYLOADS[type](deps.einvoices, ctx, id);
      const existing = await findIrn(deps.database.db, ctx.orgId, id);
      if (existing) {
        throw invalidState(existing.status === 'ACTIVE' ? 'The document already has an IRN: the IRP issues one per document'
          : 'The document\'s IRN was cancelled: the IRP takes its number no more, so void it and issue a new document', { irn: existing.irn, irn_status: existing.status });
      }
      const label = { orgId: ctx.orgId, documentNumber: einvoice.DocDtls.No };
      let answer = await asked(() => provider.generateIrn(einvoice, label));
      let status: 'GENERATED' | 'RECOVERED' = 'GENERATED';
      if (answer.kind === 'queued') {
        return queued(ctx, { entityType: type, entityId: id, entityRef: einvoice.DocDtls.No }, 'EINVOICE_QUEUED', answer, queuedEInvoice);
      }
      if (answer.kind === 'refused') {
        // The IRP issued this document's IRN before and its answer never arrived: its details are fetched and, when the IRP signed this
        // very document, recorded, as a GSP is meant to be used (docs/rules/einvoice-ewaybill.md, "Generating and cancelling through a provider").
        const duplicate = duplicateIrnOf(answer);
        if (duplicate === null) throw refusal('IRP', answer);
        const refused = answer;
        answer = await asked(() => provider.irnDetails(duplicate, label));
        if (answer.kind === 'refused') throw refusal('IRP', answer);
        if (!signedFor(answer, einvoice)) throw refusal('IRP', refused);
        status = 'RECOVERED';
      }
      const issued = answer;
      return deps.uow(ctx, async (tx) => ({
        einvoice_submission: { status, provider: provider.name, file_name: null, ...await deps.irns.recordInTx(tx, ctx, type, id, recordBodyOf(issued)) },
      }));
    },

    async cancelEInvoice(ctx: RequestContext, type: IrnDocumentType, id: string, body: CancelEInvoiceBody) {
      const { irn, document } = await deps.irns.irnToCancel(ctx, type, id);
      const label = { orgId: ctx.orgId, documentNumber: document.number };
      const answer = await asked(() => provider.cancelIrn(cancellationPayload(irn.irn, body.cancel_reason, body.cancel_remarks), label));
      if (answer.kind === 'refused') throw refusal('IRP', answer);
      if (answer.kind === 'queued') {
        return queued(ctx, { entityType: type, entityId: id, entityRef: document.number }, 'IRN_CANCEL_QUEUED', answer, queuedEInvoice);
      }
      return deps.uow(ctx, async (tx) => ({
        einvoice_submission: { status: 'CANCELLED' as const, provider: provider.name, file_name: null, ...await deps.irns.recordCancellationInTx(tx, ctx, type, id, body) },
      }));
    },

    async generateEWayBill(ctx: RequestContext, kind: EWayBillKind, id: string, transport: EWayBillQuery = {}) {
      const source = deps.ewayBillSources[kind];
      const ewaybill = await source.ewaybill(ctx, id, transport);
      const entity = { entityType: source.entityType, entityId: id, entityRef: ewaybill.docNo };
      const answer = await asked(() => provider.generateEWayBill(ewaybill, { orgId: ctx.orgId, documentNumber: ewaybill.docNo }));
      if (answer.kind === 'refused') throw refusal('e-way bill system', answer);
      if (answer.kind === 'queued') return queued(ctx, entity, 'EWAY_BILL_QUEUED', answer, (q) => ({ ewaybill_submission: { ...q, ...EMPTY_EWB } }));
      const generated = { ewaybill_no: answer.ewayBillNo, ewaybill_date: answer.ewayBillDate, valid_upto: answer.validUpto };
      return deps.uow(ctx, async (tx) => {
        await deps.activity.record(tx, ctx, { ...entity, verb: 'EWAY_BILL_GENERATED', metadata: { provider: provider.name, ...generated } });
        return { ewaybill_submission: { status: 'GENERATED' as const, provider: provider.name, file_name: null, ...EMPTY_EWB, ...generated } };
      });
    },

    async cancelEWayBill(ctx: RequestContext, kind: EWayBillKind, id: string, body: CancelEWayBillBody) {
      const source = deps.ewayBillSources[kind];
      const entity = { entityType: source.entityType, entityId: id, entityRef: await source.numberOf(ctx, id) };
      const request = { ewbNo: body.ewaybill_no, cancelRsnCode: body.cancel_reason, cancelRmrk: body.cancel_remarks };
      const answer = await asked(() => provider.cancelEWayBill(request, { orgId: ctx.orgId, documentNumber: entity.entityRef }));
      if (answer.kind === 'refused') throw refusal('e-way bill system', answer);
      if (answer.kind === 'queued') return queued(ctx, entity, 'EWAY_BILL_CANCEL_QUEUED', answer, (q) => ({ ewaybill_submission: { ...q, ...EMPTY_EWB, ewaybill_no: body.ewaybill_no } }));
      return deps.uow(ctx, async (tx) => {
        await deps.activity.record(tx, ctx, { ...entity, verb: 'EWAY_BILL_CANCELLED', metadata: { provider: provider.name, ewaybill_no: body.ewaybill_no, cancel_reason: body.cancel_reason } });
        return { ewaybill_submission: { status: 'CANCELLED' as const, provider: provider.name, file_name: null, ...EMPTY_EWB, ewaybill_no: answer.ewayBillNo, cancel_date: answer.cancelDate } };
      });
    },
  };
}
export type GspService = ReturnType<typeof gspService>;
