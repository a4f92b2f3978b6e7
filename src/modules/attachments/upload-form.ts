import type { FastifyRequest } from 'fastify';
import { DomainError, invalidValue, requiredField } from '../../kernel/errors';
import { validateBody } from '../../http/validation';
import { MAX_ATTACHMENT_BYTES } from './attachment-intake';
import { UploadFields } from './attachments.schemas';
import { filenameFromHeader } from './filename.rules';
import type { AttachmentsService, ReceivedFile } from './attachments.service';

/**
 * Past the spec's 25 MB the file is no longer stored, only counted (for received_bytes) and
 * dropped; past this ceiling the multipart parser drops it without counting.
 */
const COUNTING_CEILING_BYTES = 4 * MAX_ATTACHMENT_BYTES;

/** The multipart parser's refusals, in the spec's words. */
function formError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new DomainError('validation.invalid_value', 'Send the upload as multipart/form-data', { field: 'Content-Type', status: 415 });
  }
  if (code === 'FST_FILES_LIMIT') return invalidValue('file', 'Send one file per upload');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return invalidValue('body', 'The form has too many parts: send file, entity_type, entity_id and description');
  if (code === 'FST_PROTO_VIOLATION') return invalidValue('body', 'The form names a field that is not allowed');
  return invalidValue('body', `The multipart body could not be read: ${(error as Error).message ?? 'malformed'}`);
}

/**
 * POST /attachments: the form is read part by part as it arrives. The file streams into the
 * store while it is read (fields may come before or after it); then the fields are checked
 * and the upload is recorded. Whatever fails after the file reached the store removes it
 * again, so a refused or replayed upload leaves nothing.
 */
export async function receiveUpload(attachments: AttachmentsService, { request }: { request: FastifyRequest }) {
  const ctx = request.ctx!;
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let refusal: DomainError | null = null;
  try {
    try {
      for await (const part of request.parts({ limits: { fileSize: COUNTING_CEILING_BYTES } })) {
        if (part.type === 'file' && part.fieldname !== 'file') {
          for await (const _ of part.file) { /* drained: the request is read to its end so that it can be answered */ }
          refusal ??= invalidValue(part.fieldname, 'Only the form field `file` may carry a file');
        } else if (part.type === 'file') {
          try {
            file = await attachments.receiveFile(ctx, part.file, filenameFromHeader(part.filename));
          } catch (error) {
            refusal ??= formError(error);
          }
        } else if (part.fieldnameTruncated || part.valueTruncated) {
          refusal ??= invalidValue(part.fieldname, `${part.fieldname} is too long`);
        } else if (part.fieldname in fields) {
          refusal ??= invalidValue(part.fieldname, `${part.fieldname} is sent twice`);
        } else {
          fields[part.fieldname] = String(part.value);
        }
      }
    } catch (error) {
      throw formError(error);
    }
    if (refusal) throw refusal;
    const invalid = validateBody(UploadFields, fields);
    if (invalid) throw invalid;
    if (!file) throw requiredField('file', 'file is required: send the file in the form field `file`');
    return await attachments.recordUpload(ctx, fields as UploadFields, file);
  } catch (error) {
    if (file) await attachments.discard(file, request.log);
    throw error;
  }
}
