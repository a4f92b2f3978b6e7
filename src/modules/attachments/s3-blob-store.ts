import {
  AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, DeleteObjectCommand,
  GetObjectCommand, PutObjectCommand, S3Client, UploadPartCommand, type CompletedPart,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertGeneratedKey, type BlobStore, type BlobWrite } from './blob-store';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, s3rver, …); path-style addressing is used with it. */
  endpoint?: string;
  /** When absent, the AWS SDK's default chain applies (shared config files, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** S3's smallest part but the last: an upload holds at most this much in memory. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * S3 (or a compatible server). Uploads stream as a multipart upload in 5 MiB parts, so memory
 * stays bounded whatever the file; an object appears only on CompleteMultipartUpload, and
 * abort() cancels the upload (a file that fits in one part is sent with a single PutObject).
 * Downloads are presigned GET URLs that S3 serves with the attachment's type and disposition.
 */
export function s3BlobStore(options: S3StoreOptions): BlobStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint && { endpoint: options.endpoint, forcePathStyle: true }),
    ...(options.credentials && { credentials: options.credentials }),
  });
  const Bucket = options.bucket;

  return {
    async begin(key, contentType) {
      assertGeneratedKey(key);
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let uploadId: string | undefined;
      const parts: CompletedPart[] = [];

      const sendPart = async () => {
        uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }))).UploadId;
        const PartNumber = parts.length + 1;
        const body = Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
        const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber, Body: body }));
        parts.push({ ETag, PartNumber });
      };

      const write: BlobWrite = {
        async write(chunk) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes >= PART_BYTES) await sendPart();
        },
        async commit() {
          if (uploadId === undefined) {
            await client.send(new PutObjectCommand({ Bucket, Key: key, Body: Buffer.concat(pending), ContentType: contentType }));
            return;
          }
          if (pendingBytes > 0) await sendPart();
          await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
        },
        async abort() {
          pending = [];
          if (uploadId !== undefined) await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
        },
      };
      return write;
    },

    async remove(key) {
      assertGeneratedKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    downloads: {
      kind: 'presigned',
      async url(key, download) {
        assertGeneratedKey(key);
        const command = new GetObjectCommand({
          Bucket, Key: key,
          ResponseContentType: download.contentType,
          ResponseContentDisposition: download.contentDisposition,
          ResponseCacheControl: 'private, no-store',
        });
        return getSignedUrl(client, command, { expiresIn: download.ttlSeconds, signingDate: download.now });
      },
    },
  };
}
