import MailComposer from 'nodemailer/lib/mail-composer';
import { DomainError } from '../../kernel/errors';

/** The provider's raw-message limit (spec: 10 MB, counting the PDF, which base64 grows by a third). */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface MessageParts {
  messageId: string;
  date: Date;
  from: { name: string; address: string };
  to: string[];
  cc: string[];
  subject: string;
  html: string;
  text: string;
  attachment: { filename: string; bytes: Buffer } | null;
}

/**
 * The message as the provider will receive it, byte for byte: what is measured is what is sent.
 * Bcc recipients are not given to the composer at all, so no header can carry them; they travel
 * in the SMTP envelope only. Nothing is read from files or URLs whatever the content says.
 */
export async function composeMessage(parts: MessageParts): Promise<Buffer> {
  const composer = new MailComposer({
    messageId: parts.messageId,
    date: parts.date,
    from: parts.from,
    to: parts.to,
    cc: parts.cc.length > 0 ? parts.cc : undefined,
    subject: parts.subject,
    text: parts.text,
    html: parts.html,
    attachments: parts.attachment ? [{ filename: parts.attachment.filename, content: parts.attachment.bytes, contentType: 'application/pdf' }] : [],
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return composer.compile().build();
}

/** 413 when the message would exceed the provider's limit; checked before anything is sent. */
export function assertWithinMessageLimit(raw: Buffer, attachedPdf: boolean): void {
  if (raw.length <= MAX_MESSAGE_BYTES) return;
  throw new DomainError('validation.invalid_value', `The message is ${raw.length} bytes; the email provider accepts at most ${MAX_MESSAGE_BYTES}${attachedPdf ? ' (send it with attach_pdf false)' : ''}`, {
    field: attachedPdf ? 'attach_pdf' : 'body_html', status: 413, details: { max_bytes: MAX_MESSAGE_BYTES, message_bytes: raw.length },
  });
}
