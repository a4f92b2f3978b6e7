import type { Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import { invalidState, invalidValue, notFound, requiredField } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import type { EInvoiceService } from './einvoice.service';
import { ackInstantOf, cancellationPayload, withinCancelWindow } from './irn.rules';
import type { IrnCancelRequest, RecordIrnBody } from './irn.schemas';
import { findIrn, presentIrn } from './irn.store';

type Deps = Pick<PlatformDeps, 'uow' | 'clock' | 'activity'> & { einvoices: EInvoiceService };

/** A new version of the invoice: its PDF, cached by version, is drawn again with the IRN's change. */
async function bumpInvoiceVersion(tx: Tx, orgId: string, invoiceId: string, now: string) {
  await tx.updateTable('invoices').set((eb) => ({ version: eb('version', '+', 1), last_modified_time: now }))
    .where('org_id', '=', orgId).where('invoice_id', '=', invoiceId).execute();
}

/**
 * Recording what the IRP answered for an invoice's e-invoice (Bahi builds and validates the
 * payload; the business's GSP sends it), and cancelling that IRN when the invoice is voided.
 */
export function irnService(deps: Deps) {
  return {
    async record(ctx: RequestContext, invoiceId: string, body: RecordIrnBody) {
      // Only an invoice with an e-invoice the IRP would accept has an IRN to record: 404, 409 or 400 as its GET says.
      await deps.einvoices.invoice(ctx, invoiceId);
      return deps.uow(ctx, async (tx) => {
        const lockInvoice = tx.selectFrom('invoices').select(['status', 'invoice_number']).where('org_id', '=', ctx.orgId).where('invoice_id', '=', invoiceId);
        const invoice = await (engineOf(tx) === 'postgres' ? lockInvoice.forUpdate() : lockInvoice).executeTakeFirst();
        if (!invoice) throw notFound('invoice', 'invoice_id');
        if (invoice.status === 'CANCELLED') throw invalidState('A void invoice has no e-invoice', { status: invoice.status });
        const existing = await findIrn(tx, ctx.orgId, invoiceId);
        if (existing) throw invalidState('This invoice already has an IRN: the IRP issues one per invoice', { irn: existing.irn });
        const ackDate = ackInstantOf(body.ack_date);
        if (Number.isNaN(ackDate.getTime())) throw invalidValue('ack_date', 'ack_date is not a real date-time');
        const now = deps.clock.now().toISOString();
        const row = {
          org_id: ctx.orgId, invoice_id: invoiceId, irn: body.irn.toLowerCase(), ack_no: body.ack_no, ack_date: ackDate.toISOString(),
          signed_qr_code: body.signed_qr_code, status: 'ACTIVE', cancel_reason: null, cancel_remarks: null, cancelled_time: null, created_time: now,
        };
        await tx.insertInto('einvoice_irns').values(row).execute();
        await bumpInvoiceVersion(tx, ctx.orgId, invoiceId, now);
        await deps.activity.record(tx, ctx, {
          entityType: 'INVOICE', entityId: invoiceId, entityRef: invoice.invoice_number, verb: 'IRN_RECORDED', metadata: { irn: row.irn, ack_no: row.ack_no },
        });
        return { einvoice_irn: presentIrn(row) };
      });
    },
  };
}
export type IrnService = ReturnType<typeof irnService>;

/**
 * Within a void's transaction: an invoice with an active IRN is voided only within 24 hours of
 * its acknowledgement, with the IRP's reason and remarks; the IRN is marked cancelled and the
 * Cancel IRN payload returned for the GSP. After 24 hours the IRP refuses, so the void does too:
 * a credit note undoes the supply. Null when the invoice has no active IRN. The caller makes
 * the new invoice version.
 */
export async function cancelIrnOnVoid(tx: Tx, ctx: RequestContext, invoiceId: string, invoiceNumber: string, request: IrnCancelRequest, now: Date,
  activity: PlatformDeps['activity']) {
  const irn = await findIrn(tx, ctx.orgId, invoiceId, true);
  if (!irn || irn.status !== 'ACTIVE') {
    if (request.cancel_reason !== undefined || request.cancel_remarks !== undefined) {
      throw invalidValue(request.cancel_reason !== undefined ? 'cancel_reason' : 'cancel_remarks', 'Only an invoice with an active IRN takes an IRN cancellation reason');
    }
    return null;
  }
  if (!withinCancelWindow(new Date(irn.ack_date), now)) {
    throw invalidState('The IRN was acknowledged more than 24 hours ago and can no longer be cancelled: issue a credit note instead', { irn: irn.irn, ack_date: irn.ack_date });
  }
  if (request.cancel_reason === undefined) throw requiredField('cancel_reason', 'cancel_reason is required to void an invoice with an active IRN (1 duplicate, 2 data entry mistake, 3 order cancelled, 4 other)');
  if (request.cancel_remarks === undefined) throw requiredField('cancel_remarks', 'cancel_remarks is required to void an invoice with an active IRN');
  await tx.updateTable('einvoice_irns')
    .set({ status: 'CANCELLED', cancel_reason: request.cancel_reason, cancel_remarks: request.cancel_remarks, cancelled_time: now.toISOString() })
    .where('org_id', '=', ctx.orgId).where('invoice_id', '=', invoiceId).execute();
  await activity.record(tx, ctx, {
    entityType: 'INVOICE', entityId: invoiceId, entityRef: invoiceNumber, verb: 'IRN_CANCELLED',
    metadata: { irn: irn.irn, cancel_reason: request.cancel_reason, cancel_remarks: request.cancel_remarks },
  });
  return cancellationPayload(irn.irn, request.cancel_reason, request.cancel_remarks);
}
