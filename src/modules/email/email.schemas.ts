import { Type, type Static } from '@sinclair/typebox';
import { Body, Email } from '../../http/schema-kit';
import { Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';

/** Recipients per list: the spec sets none; a bound keeps one call from becoming a mass mailing. */
export const MAX_RECIPIENTS = 50;

const Recipients = (minItems: number) => Type.Array(Email, { minItems, maxItems: MAX_RECIPIENTS });

/** Spec "Email sending": to[] (at least one), cc[], bcc[], subject (≤ 500), body_html (≤ 50,000), attach_pdf (default true). */
export const SendEmailBody = Body({
  to: Recipients(1),
  cc: Type.Optional(Recipients(0)),
  bcc: Type.Optional(Recipients(0)),
  // A subject is one header line: no control characters (a line break would start another header).
  subject: Type.Optional(Type.String({ minLength: 1, maxLength: 500, pattern: '^[^\\u0000-\\u001f\\u007f]*$' })),
  body_html: Type.Optional(Type.String({ minLength: 1, maxLength: 50_000, pattern: '^[^\\u0000]*$', description: 'raw HTML; sanitised to an allow-list before sending' })),
  attach_pdf: Type.Optional(Type.Boolean({ default: true })),
});
export type SendEmailBody = Static<typeof SendEmailBody>;

/** What a send handed to the mail provider (bcc recipients are counted, never echoed). */
export const EmailDelivery = Named('EmailDelivery', Strict({
  message_id: Type.String({ description: 'The Message-ID header of the message sent' }),
  from: Type.String({ description: "The organisation's verified sender" }),
  to: Type.Array(Type.String()),
  cc: Type.Array(Type.String()),
  bcc_count: Type.Integer({ description: 'How many bcc recipients were sent to; their addresses are not repeated' }),
  subject: Type.String(),
  attached_pdf: Type.Boolean(),
  pdf_filename: NullableOf(Type.String({ description: 'null when no PDF was attached' })),
  pdf_size: NullableOf(Type.Integer({ description: "The PDF's size in bytes; null when no PDF was attached" })),
  sent_at: Timestamp,
}, 'An email the provider accepted.'));

export const EmailSender = Named('EmailSender', Strict({
  org_id: Type.String(),
  email_from: Type.String({ description: 'The address documents are emailed from' }),
}, "An organisation's verified email sender."));
