import { Type, type Static } from '@sinclair/typebox';
import { Named, NullableOf, Strict } from '../../http/response-schemas';
import { Body, ISO_DATE_TIME_PATTERN, StringEnum, Text } from '../../http/schema-kit';

/** A list's `einvoice_status`: the e-invoice still to report, or the IRN's state (einvoice-status.sql.ts). */
export const EINVOICE_STATUSES = ['PENDING', 'ACTIVE', 'CANCELLED'] as const;
export type EInvoiceStatus = (typeof EINVOICE_STATUSES)[number];

/** The query field of the lists of documents with an e-invoice. */
export const EInvoiceStatusQuery = {
  einvoice_status: Type.Optional(StringEnum(EINVOICE_STATUSES,
    'PENDING: issued, not void, needs an e-invoice (the organisation e-invoices, and the supply is B2B, to an SEZ, a deemed export or an export) and has no IRN yet; ACTIVE: its IRN is active; CANCELLED: its IRN was cancelled')),
};

/** What the IRP (or the business's GSP) answered for the invoice's or credit note's e-invoice. */
export const RecordIrnBody = Body({
  irn: Type.String({ pattern: '^[0-9a-fA-F]{64}$', description: '64 hexadecimal characters: the Invoice Reference Number (a SHA-256 hash) the IRP issued' }),
  ack_no: Type.String({ pattern: '^[0-9]{1,20}$', description: 'digits: the acknowledgement number the IRP issued' }),
  ack_date: Type.String({ pattern: ISO_DATE_TIME_PATTERN, description: 'The acknowledgement date-time; without a zone it is India time. IRN cancellation is open for 24 hours from it' }),
  signed_qr_code: Type.String({
    maxLength: 8000, pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$', description: 'a JWT (three base64url parts joined by dots): the QR text the IRP signed, printed as a QR code on the PDF',
  }),
});
export type RecordIrnBody = Static<typeof RecordIrnBody>;

/** What a void of an invoice or credit note with an active IRN must say (the IRP's Cancel IRN fields). */
const IrnCancelFields = {
  cancel_reason: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: 'Needed to void an invoice or credit note with an active IRN: 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 other' })),
  cancel_remarks: Type.Optional(Text(100, 1)),
};
export type IrnCancelRequest = { cancel_reason?: number; cancel_remarks?: string };

/**
 * A void takes no body, except for a document with an active IRN: the IRP's cancellation reason
 * and remarks. A void sent without a body stays valid (null).
 */
export const IrnVoidBody = Type.Union([Body({ ...IrnCancelFields }), Type.Null()]);
export type IrnVoidBody = Static<typeof IrnVoidBody>;

/** An invoice's or credit note's IRN as recorded (irn.store.ts presentIrn). */
export const EInvoiceIrn = Named('EInvoiceIrn', Strict({
  irn: Type.String(),
  ack_no: Type.String(),
  ack_date: Type.String({ format: 'date-time' }),
  signed_qr_code: Type.String({ description: 'The QR text the IRP signed (a JWT), as recorded with the IRN: what the PDF prints as a QR code' }),
  status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('CANCELLED')]),
  cancel_reason: NullableOf(Type.Integer()),
  cancel_remarks: NullableOf(Type.String()),
  cancelled_time: NullableOf(Type.String({ format: 'date-time' })),
}, "What the IRP acknowledged for the document's e-invoice, and its cancellation if voided within 24 hours"));

/** The body of the IRP's Cancel IRN call, for the GSP. */
export const IrnCancellation = Named('IrnCancellation', Strict({
  Irn: Type.String(),
  CnlRsn: Type.String({ description: '1 duplicate, 2 data entry mistake, 3 order cancelled, 4 other' }),
  CnlRem: Type.String(),
}, 'The IRP Cancel IRN payload for the voided document: send it to the IRP through the GSP'));
