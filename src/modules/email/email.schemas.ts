import { Type, type Static } from '@sinclair/typebox';
import { Body, Email } from '../../http/schema-kit';

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
