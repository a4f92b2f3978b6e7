import { Type, type Static } from '@sinclair/typebox';
import { Body, Id, PerPage, Query, StringEnum, Text, UncheckedId } from '../../http/schema-kit';
import { Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';

/** The documents an attachment may sit on (the spec's list). */
export const ATTACHMENT_ENTITY_TYPES = [
  'INVOICE', 'BILL', 'ESTIMATE', 'CREDIT_NOTE', 'DEBIT_NOTE', 'SALES_ORDER', 'PURCHASE_ORDER', 'PAYMENT', 'EXPENSE', 'CONTACT', 'JOURNAL',
] as const;
export type AttachmentEntityType = (typeof ATTACHMENT_ENTITY_TYPES)[number];

/** The text parts of the upload form, validated once the form has been read. */
export const UploadFields = Body({
  entity_type: StringEnum(ATTACHMENT_ENTITY_TYPES),
  entity_id: UncheckedId('entity_id'),
  description: Type.Optional(Text(1000)),
});
export type UploadFields = Static<typeof UploadFields>;

/** The whole form, as documented in OpenAPI. */
export const UploadForm = Type.Object({
  file: Type.String({ format: 'binary', description: 'the file, at most 25 MB (26,214,400 bytes); its type is read from its bytes' }),
  entity_type: StringEnum(ATTACHMENT_ENTITY_TYPES),
  entity_id: UncheckedId('entity_id'),
  description: Type.Optional(Text(1000)),
}, { required: ['file', 'entity_type', 'entity_id'] });

export const ListAttachmentsQuery = Query({
  entity_type: Type.Optional(StringEnum(ATTACHMENT_ENTITY_TYPES)),
  entity_id: Type.Optional(UncheckedId('entity_id')),
  per_page: Type.Optional(PerPage),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
});
export type ListAttachmentsQuery = Static<typeof ListAttachmentsQuery>;

export const DownloadQuery = Query({
  org_id: Id('org_id'),
  attachment_id: Id('attachment_id'),
  expires: Type.Integer({ minimum: 0, maximum: 99_999_999_999, description: 'unix seconds' }),
  signature: Type.String({ minLength: 1, maxLength: 128, pattern: '^[0-9a-f]+$' }),
});
export type DownloadQuery = Static<typeof DownloadQuery>;

export const Attachment = Named('Attachment', Strict({
  attachment_id: Type.String(),
  entity_type: StringEnum(ATTACHMENT_ENTITY_TYPES),
  entity_id: Type.String({ description: 'The document or contact the file is attached to' }),
  filename: Type.String({ description: 'The uploaded name, cleaned: no path, no control or bidi characters' }),
  content_type: Type.String({ description: 'Decided from the bytes, never from what the client claimed' }),
  size_bytes: Type.Integer(),
  description: NullableOf(Type.String()),
  download_url: Type.String({ description: 'A fresh, short-lived signed link to the bytes on every read; needs no token' }),
  uploaded_by_user_id: NullableOf(Type.String({ description: 'null when the uploader is not a user' })),
  created_time: Timestamp,
}, 'A file attached to a document or contact.'));
