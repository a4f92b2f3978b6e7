import { DomainError } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { withKeyHeld } from '../../platform/idempotency/outside-transaction';
import { orgSender } from '../../platform/orgs/org-sender';
import { defaultBodyHtml, defaultSubject, type EmailDocumentKind, type EmailableDocument } from './email-defaults.rules';
import type { DocumentLoader } from './email.documents';
import { plainTextOf, sanitizeEmailHtml } from './email-html';
import type { DocumentPdfSource } from './email.ports';
import type { SendEmailBody } from './email.schemas';
import { MailRejected, type Mailer } from './mailers';
import { assertWithinMessageLimit, composeMessage } from './message.composer';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'idempotency'> & {
  documents: Record<EmailDocumentKind, DocumentLoader>;
  pdfs: DocumentPdfSource;
  mailer: Mailer;
};

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

const sendFailed = (error: MailRejected) =>
  new DomainError('email.send_failed', `The email provider rejected the message: ${error.message}`, {
    details: { rejected: error.rejected, ...(error.response !== null && { provider_response: error.response }) },
  });

/**
 * Emailing a document (spec "Email sending"). Everything slow or external happens before the
 * transaction: reading the document, rendering its PDF, composing and measuring the message,
 * and handing it to the provider. Only a message the provider took is recorded: EMAIL_SENT on
 * the document's timeline, with the idempotency record, in one short transaction. The
 * document itself is not touched (sending changes no status).
 */
export function emailService(deps: Deps) {
  const db = deps.database.db;

  async function send(ctx: RequestContext, kind: EmailDocumentKind, id: string, body: SendEmailBody) {
    const loaded = await deps.documents[kind](ctx, id);
    const sender = await orgSender(db, ctx.orgId);
    const doc: EmailableDocument = { kind, ...loaded, currencyCode: loaded.currencyCode ?? sender.baseCurrency };
    const attachPdf = body.attach_pdf ?? true;
    const cc = body.cc ?? [];
    const bcc = body.bcc ?? [];
    const subject = body.subject ?? defaultSubject(doc, sender.name);
    const html = body.body_html === undefined ? defaultBodyHtml(doc, sender.name, attachPdf) : sanitizeEmailHtml(body.body_html);
    const pdf = attachPdf ? await deps.pdfs.renderDocumentPdf({ orgId: ctx.orgId, kind, id }) : null;
    const messageId = `<${deps.ids.next('msg')}@${domainOf(sender.emailFrom)}>`;
    const raw = await composeMessage({
      messageId, date: deps.clock.now(), from: { name: sender.name, address: sender.emailFrom }, to: body.to, cc, subject,
      html, text: plainTextOf(html), attachment: pdf,
    });
    assertWithinMessageLimit(raw, pdf !== null);

    try {
      await deps.mailer.send({ messageId, from: sender.emailFrom, recipients: [...body.to, ...cc, ...bcc], raw });
    } catch (error) {
      if (error instanceof MailRejected) throw sendFailed(error);
      throw error;
    }

    const delivery = {
      message_id: messageId, from: sender.emailFrom, to: body.to, cc, bcc_count: bcc.length, subject,
      attached_pdf: pdf !== null, pdf_filename: pdf?.filename ?? null, pdf_size: pdf?.bytes.length ?? null,
      sent_at: deps.clock.now().toISOString(),
    };
    return { delivery, entityType: loaded.entityType, ref: loaded.number };
  }

  return {
    /** One send, with the request's Idempotency-Key held while the message is on its way. */
    async sendDocumentEmail(ctx: RequestContext, kind: EmailDocumentKind, id: string, body: SendEmailBody) {
      const sent = await withKeyHeld(deps.idempotency, ctx, () => send(ctx, kind, id, body));
      return deps.uow(ctx, async (tx) => {
        await deps.activity.record(tx, ctx, {
          entityType: sent.entityType, entityId: id, entityRef: sent.ref, action: 'EMAIL_SENT',
          metadata: {
            message_id: sent.delivery.message_id, to: sent.delivery.to, cc: sent.delivery.cc, bcc_count: sent.delivery.bcc_count,
            subject: sent.delivery.subject, attached_pdf: sent.delivery.attached_pdf, pdf_filename: sent.delivery.pdf_filename,
          },
        });
        return { delivery: sent.delivery };
      });
    },
  };
}

export type EmailService = ReturnType<typeof emailService>;
