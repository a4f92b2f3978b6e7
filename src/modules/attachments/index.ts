export { attachmentsService, type AttachmentsService } from './attachments.service';
export { attachmentsRoutes } from './attachments.routes';
export { downloadLinkSigner } from './download-link.rules';
export { localBlobStore } from './local-blob-store';
export { s3BlobStore, type S3StoreOptions } from './s3-blob-store';
export type { BlobStore } from './blob-store';
