import { FileReply, route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { Type } from '@sinclair/typebox';
import { PagePageContext } from '../../http/response-schemas';
import { Attachment, DownloadQuery, ListAttachmentsQuery, UploadForm } from './attachments.schemas';
import type { AttachmentsService } from './attachments.service';
import { attachmentDisposition } from './filename.rules';
import { receiveUpload } from './upload-form';

const tags = ['Attachments'];
const AttachmentIdParam = IdParam('attachment_id');

export function attachmentsRoutes(attachments: AttachmentsService): RouteDef[] {
  return [
    route({
      method: 'POST', url: '/attachments', operationId: 'createAttachment', summary: 'Upload a file (multipart/form-data, at most 25 MB)', tags,
      access: 'Svc.attachments.CREATE', multipart: UploadForm, status: 201, message: 'The attachment has been uploaded.', failsWith: [502], response: { attachment: Attachment },
      handle: (input) => receiveUpload(attachments, input),
    }),
    route({
      method: 'GET', url: '/attachments', operationId: 'listAttachments', summary: 'List attachments, newest first, each with a fresh download_url', tags,
      access: 'Svc.attachments.READ', query: ListAttachmentsQuery, response: { attachments: Type.Array(Attachment), page_context: PagePageContext },
      handle: ({ ctx, query }) => attachments.listAttachments(ctx, query),
    }),
    route({
      method: 'GET', url: '/attachments/:attachment_id', operationId: 'getAttachment', summary: 'Get an attachment with a fresh download_url', tags,
      access: 'Svc.attachments.READ', params: AttachmentIdParam, response: { attachment: Attachment },
      handle: ({ ctx, params }) => attachments.getAttachment(ctx, params.attachment_id),
    }),
    route({
      method: 'DELETE', url: '/attachments/:attachment_id', operationId: 'deleteAttachment', summary: 'Delete an attachment (its metadata goes even if the stored file cannot)', tags,
      access: 'Svc.attachments.DELETE', params: AttachmentIdParam, message: 'The attachment has been deleted.', response: { attachment_id: Type.String() },
      handle: ({ ctx, params, request }) => attachments.deleteAttachment(ctx, params.attachment_id, request.log),
    }),
    route({
      method: 'GET', url: '/attachment_downloads', operationId: 'downloadAttachment', summary: "An attachment's bytes, through the signed link in its download_url", tags,
      access: 'signed-url', query: DownloadQuery, produces: 'the attachment\'s own type (its content_type), as a download',
      handle: async ({ query }) => {
        const { row, body } = await attachments.download(query);
        // Always a download, of the type the bytes showed, which browsers must not second-guess.
        return new FileReply(body, {
          'content-type': row.content_type,
          'content-length': String(row.size_bytes),
          'content-disposition': attachmentDisposition(row.filename),
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
          'cache-control': 'private, no-store',
        });
      },
    }),
  ];
}
