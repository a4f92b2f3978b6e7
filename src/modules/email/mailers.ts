import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** A finished message: the exact bytes to hand over, and the SMTP envelope (Bcc recipients are only here). */
export interface OutgoingMail {
  messageId: string;
  from: string;
  recipients: string[];
  raw: Buffer;
}

/** The provider refused the message, or part of it: nothing may be recorded as sent. */
export class MailRejected extends Error {
  constructor(
    message: string,
    /** Recipients the provider refused, when it said which. */
    readonly rejected: string[] = [],
    /** The provider's reply, when there was one (never holds our credentials). */
    readonly response: string | null = null,
  ) {
    super(message);
    this.name = 'MailRejected';
  }
}

/** Where email goes (architecture: Mailer = SMTP via nodemailer | .eml files). Throws MailRejected. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

interface SmtpError {
  code?: string;
  response?: string;
  rejected?: unknown[];
}

const short = (text: string | undefined) => (text ? text.slice(0, 500) : null);

/**
 * BAHI_SMTP_URL. The message goes out as the bytes composed (and measured) before, with the
 * envelope naming every recipient. SMTP answers per recipient: if the server refuses any of them
 * the whole call fails, although those it accepted may already have the message (SMTP cannot
 * take back a DATA it completed); the refusal names who was refused. The URL carries the
 * credentials, so the transport never logs and errors are rebuilt from codes and server replies.
 */
export function smtpMailer(url: string): Mailer {
  // Refused at start rather than at the first send; the message never repeats the URL (it holds the password).
  if (!/^smtps?:\/\/[^/]/i.test(url)) throw new Error('BAHI_SMTP_URL must be an smtp:// or smtps:// URL');
  const transport = nodemailer.createTransport({
    url, logger: false, debug: false,
    connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000,
    disableFileAccess: true, disableUrlAccess: true,
  });
  return {
    async send(mail) {
      let info;
      try {
        info = await transport.sendMail({ envelope: { from: mail.from, to: mail.recipients }, raw: mail.raw });
      } catch (error) {
        const e = error as SmtpError;
        throw new MailRejected(`the mail server did not take the message (${e.code ?? 'error'})`, (e.rejected ?? []).map(String), short(e.response));
      }
      if (info.rejected.length > 0) {
        throw new MailRejected('the mail server refused some recipients', info.rejected, short(info.rejectedErrors?.map((x) => x.response).join('; ')));
      }
    },
    close: () => transport.close(),
  };
}

/**
 * No BAHI_SMTP_URL: each message is written to `<dir>/<message id>.eml`, as a mail server would
 * receive it (Bcc recipients are, by definition, not in it). Written to a temporary name and
 * renamed, so a reader never sees half a message.
 */
export function emlFileMailer(dir: string): Mailer {
  return {
    async send(mail) {
      // Our own <msg_…@domain> ids; anything outside a safe file-name alphabet would still become "_".
      const stem = mail.messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._@-]/g, '_');
      const target = path.join(dir, `${stem}.eml`);
      const temporary = path.join(dir, `.${stem}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await fs.mkdir(dir, { recursive: true });
        await fs.writeFile(temporary, mail.raw, { flag: 'wx' });
        await fs.rename(temporary, target);
      } catch (error) {
        // Best effort: when the directory itself is the problem there is nothing to remove.
        await fs.rm(temporary, { force: true }).catch(() => undefined);
        throw new MailRejected(`the message could not be written (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
      }
    },
    close: () => {},
  };
}
