import { Type, type Static } from '@sinclair/typebox';
import { Named, NullableOf, Strict } from '../../http/response-schemas';
import { Body, StringEnum, Text } from '../../http/schema-kit';
import { EInvoiceIrn } from '../einvoice/irn.schemas';

/** The IRP's Cancel IRN reason and remarks (irn.rules.ts CANCEL_REASONS). */
export const CancelEInvoiceBody = Body({
  cancel_reason: Type.Integer({ minimum: 1, maximum: 4, description: '1 duplicate, 2 data entry mistake, 3 order cancelled, 4 other' }),
  cancel_remarks: Text(100, 1),
});
export type CancelEInvoiceBody = Static<typeof CancelEInvoiceBody>;

/** The e-way bill system's Cancel e-way bill fields: its reasons are numbered otherwise than the IRP's. */
export const CancelEWayBillBody = Body({
  ewaybill_no: Type.String({ pattern: '^[0-9]{12}$', description: 'the 12-digit e-way bill number to cancel' }),
  cancel_reason: Type.Integer({ minimum: 1, maximum: 4, description: '1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others' }),
  cancel_remarks: Text(50, 1),
});
export type CancelEWayBillBody = Static<typeof CancelEWayBillBody>;

const provider = Type.String({ description: 'The provider that took the request: outbox (the default) or the one the operator configured' });
const fileName = NullableOf(Type.String({ description: 'QUEUED: the file written under the outbox folder of the organisation, for a person to upload (docs/operations.md)' }));

export const EInvoiceSubmission = Named('EInvoiceSubmission', Strict({
  status: StringEnum(['QUEUED', 'GENERATED', 'RECOVERED', 'CANCELLED'] as const,
    'QUEUED: written to the outbox (202); GENERATED: the IRP issued the IRN, recorded; RECOVERED: the IRP had issued it already (2150) and it was recorded from its details; CANCELLED: the IRP cancelled the IRN'),
  provider,
  file_name: fileName,
  einvoice_irn: NullableOf(EInvoiceIrn),
}, "What the provider did with the document's e-invoice request"));

export const EWayBillSubmission = Named('EWayBillSubmission', Strict({
  status: StringEnum(['QUEUED', 'GENERATED', 'CANCELLED'] as const, 'QUEUED: written to the outbox (202); GENERATED or CANCELLED: the e-way bill system answered'),
  provider,
  file_name: fileName,
  ewaybill_no: NullableOf(Type.String()),
  ewaybill_date: NullableOf(Type.String({ description: 'As the e-way bill system writes it, India time: DD/MM/YYYY hh:mm:ss AM' })),
  valid_upto: NullableOf(Type.String({ description: 'End of validity, India time; null until Part B (the vehicle) is given' })),
  cancel_date: NullableOf(Type.String()),
}, "What the provider did with the document's e-way bill request"));
