import { createHash } from 'node:crypto';
import { financialYearLabel } from '../../kernel/local-date';
import type { EInvoice } from './einvoice.schemas';

/**
 * The rules of an IRN once the IRP has issued it (docs/rules/einvoice-ewaybill.md, "The IRN"):
 * it can be cancelled on the IRP only within 24 hours of its acknowledgement, for one of four
 * reasons, with remarks of at most 100 characters; later, only a credit note undoes the supply.
 */
export const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The IRP's cancellation reasons (CnlRsn). */
export const CANCEL_REASONS = { 1: 'Duplicate', 2: 'Data entry mistake', 3: 'Order cancelled', 4: 'Other' } as const;

/** An acknowledgement date-time as sent: with Z or an offset it is an instant; without one it is India time, as the IRP answers. */
export function ackInstantOf(input: string): Date {
  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(input);
  return new Date(zoned ? input : `${input}+05:30`);
}

/** Whether an IRN acknowledged at `ackDate` can still be cancelled on the IRP at `now`. */
export function withinCancelWindow(ackDate: Date, now: Date): boolean {
  return now.getTime() - ackDate.getTime() <= CANCEL_WINDOW_MS;
}

/** The body of the IRP's Cancel IRN call. */
export function cancellationPayload(irn: string, reason: number, remarks: string) {
  return { Irn: irn, CnlRsn: String(reason), CnlRem: remarks };
}

/**
 * The IRN the IRP issues for a document: the SHA-256 hash, in hexadecimal, of the supplier's
 * GSTIN, the financial year ("2026-27"), the document type and its number (docs/rules/einvoice-ewaybill.md,
 * "The IRN"). The IRP treats a number the same whatever its case, so it is hashed in capitals.
 */
export function irnOf(gstin: string, isoDate: string, typ: string, number: string): string {
  return createHash('sha256').update(`${gstin}${financialYearLabel(isoDate)}${typ}${number.toUpperCase()}`).digest('hex');
}

/** The IRN of an e-invoice payload: its seller's GSTIN and its document's date (DD/MM/YYYY), type and number. */
export function irnOfEInvoice(payload: Pick<EInvoice, 'SellerDtls' | 'DocDtls'>): string {
  const { Dt, Typ, No } = payload.DocDtls;
  return irnOf(payload.SellerDtls.Gstin, `${Dt.slice(6, 10)}-${Dt.slice(3, 5)}-${Dt.slice(0, 2)}`, Typ, No);
}
