import type { FastifyRequest } from 'fastify';
import { DomainError, invalidValue } from '../kernel/errors';

/** An uploaded file part, held whole. */
export interface UploadedFile {
  bytes: Buffer;
  /** The name its part carries, as sent (the caller cleans it). */
  name: string | null;
}

/** A multipart form read whole: its text fields and its file parts by field name. */
export interface UploadForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

const tooLarge = (field: string, maxBytes: number, received: number) => new DomainError('validation.invalid_value', `The file is larger than ${maxBytes} bytes (${Math.round(maxBytes / 1024 / 1024)} MB)`, {
  field, status: 413, details: { max_bytes: maxBytes, received_bytes: received },
});

/** The multipart parser's refusals, in the API's words. */
function formError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new DomainError('validation.invalid_value', 'Send the file as multipart/form-data', { field: 'Content-Type', status: 415 });
  if (code === 'FST_FILES_LIMIT') return invalidValue('file', 'Send one file per field');
  return invalidValue('body', `The multipart body could not be read: ${(error as Error).message ?? 'malformed'}`);
}

/** Reads a file part whole, counting as it goes: past the limit the rest is drained and dropped, and the file refused. */
async function collect(field: string, source: AsyncIterable<Buffer>, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of source) {
    received += chunk.length;
    if (received <= maxBytes) chunks.push(chunk);
  }
  if (received > maxBytes) throw tooLarge(field, maxBytes, received);
  return Buffer.concat(chunks);
}

/**
 * Reads an upload form part by part (a bank statement, an import): each file part named in
 * `fileFields` is held in memory up to `maxBytes` (413 beyond), a field sent twice or a file in
 * another field is refused, and the first refusal is thrown once the whole body has been read.
 */
export async function readUploadForm(request: FastifyRequest, fileFields: readonly string[], maxBytes: number): Promise<UploadForm> {
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  let refusal: DomainError | null = null;
  try {
    // One byte past the limit is read, so that a file cut there is known to be too large.
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: fileFields.length } })) {
      if (part.type === 'file') {
        try {
          const bytes = await collect(part.fieldname, part.file, maxBytes);
          if (!fileFields.includes(part.fieldname)) refusal ??= invalidValue(part.fieldname, `Only the form field${fileFields.length > 1 ? 's' : ''} ${fileFields.map((f) => `\`${f}\``).join(' and ')} may carry a file`);
          else if (part.fieldname in files) refusal ??= invalidValue(part.fieldname, `${part.fieldname} is sent twice`);
          else files[part.fieldname] = { bytes, name: part.filename || null };
        } catch (error) {
          refusal ??= formError(error);
        }
      } else if (part.fieldname in fields) {
        refusal ??= invalidValue(part.fieldname, `${part.fieldname} is sent twice`);
      } else if (part.fieldnameTruncated || part.valueTruncated) {
        refusal ??= invalidValue(part.fieldname, `${part.fieldname} is too long`);
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw formError(error);
  }
  if (refusal) throw refusal;
  return { fields, files };
}

/** A form field holding JSON text, parsed; undefined when the form has no such field. */
export function jsonField(fields: Record<string, string>, name: string, example: string): unknown {
  const text = fields[name];
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw invalidValue(name, `${name} is not JSON: send an object such as ${example}`);
  }
}
