import type { Readable } from 'node:stream';
import { DomainError, notFound } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { pagedContext, pageWindow } from '../../platform/pagination';
import { intakeFile, type StoredFile } from './attachment-intake';
import { presentAttachment } from './attachments.presenter';
import { attachmentsRepository as repo, type AttachmentRow } from './attachments.repository';
import type { AttachmentEntityType, DownloadQuery, ListAttachmentsQuery, UploadFields } from './attachments.schemas';
import type { BlobStore } from './blob-store';
import { DOWNLOAD_LINK_TTL_SECONDS, type DownloadLinkSigner } from './download-link.rules';
import { attachmentDisposition, cleanFilename } from './filename.rules';

/** What the service logs to; the route hands in the request's logger. */
export interface WarningLog {
  warn(fields: object, message: string): void;
}

/** A file in the store under a fresh attachment id, waiting for its metadata row. */
export interface ReceivedFile extends StoredFile {
  attachmentId: string;
  filename: string;
}

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity'> & {
  store: BlobStore;
  links: DownloadLinkSigner;
  /** Base of the service's own download links (BAHI_PUBLIC_URL, or the address the server listens on). */
  publicUrl(): string;
};

const downloadRefused = (message: string) => new DomainError('authn.token_invalid', message);

export function attachmentsService(deps: Deps) {
  const db = deps.database.db;

  async function load(orgId: string, attachmentId: string) {
    const row = await repo.find(db, orgId, attachmentId);
    if (!row) throw notFound('attachment', 'attachment_id');
    return row;
  }

  /** A fresh URL on every read: the store's presigned URL, or the service's own signed link to bytes it serves. */
  async function downloadUrlOf(row: AttachmentRow): Promise<string> {
    const now = deps.clock.now();
    const { downloads } = deps.store;
    if (downloads.kind === 'presigned') {
      return downloads.url(row.storage_key, {
        contentType: row.content_type, contentDisposition: attachmentDisposition(row.filename), now, ttlSeconds: DOWNLOAD_LINK_TTL_SECONDS,
      });
    }
    const link = deps.links.sign(row.org_id, row.attachment_id, now);
    const query = new URLSearchParams({ org_id: link.org_id, attachment_id: link.attachment_id, expires: String(link.expires), signature: link.signature });
    return `${deps.publicUrl()}/api/public/v1/attachment_downloads?${query}`;
  }

  const view = async (row: AttachmentRow) => presentAttachment(row, await downloadUrlOf(row));

  return {
    /** Streams the upload into the store under a generated key (see intakeFile); nothing is recorded yet. */
    async receiveFile(ctx: RequestContext, source: AsyncIterable<Buffer>, rawFilename: string | undefined): Promise<ReceivedFile> {
      const attachmentId = deps.ids.next('att');
      const filename = cleanFilename(rawFilename);
      const stored = await intakeFile(source, deps.store, `${ctx.orgId}/${attachmentId}`, filename);
      return { ...stored, attachmentId, filename };
    },

    /** Removes a received file whose upload was refused or replayed after it was stored. */
    async discard(file: ReceivedFile, log: WarningLog) {
      await deps.store.remove(file.key).catch((error: unknown) => {
        log.warn({ err: error, storage_key: file.key }, 'could not remove the object of an upload that was not recorded');
      });
    },

    /** The metadata row and ATTACHMENT_ADDED on the document's timeline, in one transaction. */
    async recordUpload(ctx: RequestContext, fields: UploadFields, file: ReceivedFile) {
      return deps.uow(ctx, async (tx) => {
        const row: AttachmentRow = {
          org_id: ctx.orgId, attachment_id: file.attachmentId, entity_type: fields.entity_type, entity_id: fields.entity_id,
          filename: file.filename, content_type: file.contentType, size_bytes: file.size, sha256: file.sha256,
          description: fields.description ?? null, storage_key: file.key, uploaded_by_user_id: ctx.userId,
          created_time: deps.clock.now().toISOString(),
        };
        await repo.insert(tx, row);
        await deps.activity.record(tx, ctx, {
          entityType: row.entity_type as AttachmentEntityType, entityId: row.entity_id, action: 'ATTACHMENT_ADDED',
          metadata: { attachment_id: row.attachment_id, filename: row.filename, content_type: row.content_type, size_bytes: row.size_bytes },
        });
        return { attachment: await view(row) };
      });
    },

    async listAttachments(ctx: RequestContext, query: ListAttachmentsQuery) {
      const { page, perPage, offset } = pageWindow(query, 50);
      const rows = await repo.list(db, ctx.orgId, { entityType: query.entity_type, entityId: query.entity_id }, perPage, offset);
      const { items, page_context } = pagedContext(rows, page, perPage);
      return { attachments: await Promise.all(items.map(view)), page_context };
    },

    async getAttachment(ctx: RequestContext, attachmentId: string) {
      return { attachment: await view(await load(ctx.orgId, attachmentId)) };
    },

    /**
     * The metadata goes in the transaction; the object after it commits. A store that fails
     * to delete leaves an orphan object (logged), never an attachment pointing at nothing.
     */
    async deleteAttachment(ctx: RequestContext, attachmentId: string, log: WarningLog) {
      let storageKey = '';
      // The unit of work's result is the answer (stored with an Idempotency-Key), so it holds only what the client sees.
      const answer = await deps.uow(ctx, async (tx) => {
        const found = await repo.find(tx, ctx.orgId, attachmentId, true);
        if (!found) throw notFound('attachment', 'attachment_id');
        await repo.delete(tx, ctx.orgId, attachmentId);
        await deps.activity.record(tx, ctx, {
          entityType: found.entity_type as AttachmentEntityType, entityId: found.entity_id, action: 'ATTACHMENT_DELETED',
          metadata: { attachment_id: found.attachment_id, filename: found.filename },
        });
        storageKey = found.storage_key;
        return { attachment_id: attachmentId };
      });
      await deps.store.remove(storageKey).catch((error: unknown) => {
        log.warn({ err: error, storage_key: storageKey, attachment_id: attachmentId }, 'attachment deleted but its object could not be removed from the store');
      });
      return answer;
    },

    /**
     * A signed link's bytes. The signature binds organisation, attachment and expiry: any
     * change, another organisation's id included, is refused, as is a link past its 15 minutes.
     */
    async download(link: DownloadQuery): Promise<{ row: AttachmentRow; body: Readable }> {
      const verdict = deps.links.verify(link, deps.clock.now());
      if (verdict === 'tampered') throw downloadRefused('This download link is not valid');
      if (verdict === 'expired') throw downloadRefused('This download link has expired: read the attachment again for a fresh download_url');
      const row = await load(link.org_id, link.attachment_id);
      // Links are minted only for a store the service serves; one from before a switch to S3 finds nothing here.
      const { downloads } = deps.store;
      const body = downloads.kind === 'served' ? await downloads.open(row.storage_key) : null;
      if (!body) throw notFound('attachment file', 'attachment_id');
      return { row, body };
    },
  };
}

export type AttachmentsService = ReturnType<typeof attachmentsService>;
