import type { FastifyRequest } from 'fastify';
import { DomainError, invalidValue, requiredField } from '../../kernel/errors';
import { validateBody } from '../../http/validation';
import { cleanFilename } from '../attachments/filename.rules';
import type { StatementImportService } from './statement-import.service';
import { ColumnMapping, StatementUploadFields } from './statements.schemas';

/** A statement file's limit: a year of a busy account's lines is a few megabytes. */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;

const tooLarge = (received: number) => new DomainError('validation.invalid_value', `The statement file is larger than ${MAX_STATEMENT_BYTES} bytes (20 MB)`, {
  field: 'file', status: 413, details: { max_bytes: MAX_STATEMENT_BYTES, received_bytes: received },
});

/** The multipart parser's refusals, in the API's words. */
function formError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new DomainError('validation.invalid_value', 'Send the statement as multipart/form-data', { field: 'Content-Type', status: 415 });
  if (code === 'FST_FILES_LIMIT') return invalidValue('file', 'Send one file per import');
  return invalidValue('body', `The multipart body could not be read: ${(error as Error).message ?? 'malformed'}`);
}

/** Reads a file part whole, counting as it goes: past the limit the rest is drained and dropped, and the file refused. */
async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of source) {
    received += chunk.length;
    if (received <= MAX_STATEMENT_BYTES) chunks.push(chunk);
  }
  if (received > MAX_STATEMENT_BYTES) throw tooLarge(received);
  return Buffer.concat(chunks);
}

function mappingOf(text: string | undefined): ColumnMapping | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidValue('mapping', 'mapping is not JSON: send an object such as {"date":"Txn Date","amount":"Amount"}');
  }
  const invalid = validateBody(ColumnMapping, value);
  if (invalid) throw invalidValue('mapping', `mapping: ${invalid.message}`);
  return value as ColumnMapping;
}

/**
 * POST /bank_accounts/{account_id}/statements: the form read part by part (the file at most
 * 20 MB, held in memory: a statement is read whole), then its fields checked and the import run.
 */
export async function receiveStatement(statements: StatementImportService, { request, accountId }: { request: FastifyRequest; accountId: string }) {
  const ctx = request.ctx!;
  // The account first: another organisation's is 404 whatever the form holds.
  await statements.assertStatementAccount(ctx, accountId);
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; name: string | null } | null = null;
  let refusal: DomainError | null = null;
  try {
    // One byte past the limit is read, so that a file cut there is known to be too large.
    for await (const part of request.parts({ limits: { fileSize: MAX_STATEMENT_BYTES + 1 } })) {
      if (part.type === 'file') {
        try {
          const bytes = await collect(part.file);
          if (part.fieldname === 'file') file = { bytes, name: part.filename ? cleanFilename(part.filename) : null };
          else refusal ??= invalidValue(part.fieldname, 'Only the form field `file` may carry a file');
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
  const invalid = validateBody(StatementUploadFields, fields);
  if (invalid) throw invalid;
  const form = fields as StatementUploadFields;
  if (!file) throw requiredField('file', 'file is required: send the statement in the form field `file`');
  const mapping = mappingOf(form.mapping);
  return statements.importStatement(ctx, accountId, file.bytes, {
    format: form.format, preset: form.preset, mapping, fileName: form.file_name ? cleanFilename(form.file_name) : file.name,
  });
}
