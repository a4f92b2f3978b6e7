import type { FastifyRequest } from 'fastify';
import { invalidValue, requiredField } from '../../kernel/errors';
import { jsonField, readUploadForm } from '../../http/upload-form';
import { validateBody } from '../../http/validation';
import { cleanFilename } from '../attachments/filename.rules';
import type { StatementImportService } from './statement-import.service';
import { ColumnMapping, StatementUploadFields } from './statements.schemas';

/** A statement file's limit: a year of a busy account's lines is a few megabytes. */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;

function mappingOf(fields: Record<string, string>): ColumnMapping | undefined {
  const value = jsonField(fields, 'mapping', '{"date":"Txn Date","amount":"Amount"}');
  if (value === undefined) return undefined;
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
  const { fields, files } = await readUploadForm(request, ['file'], MAX_STATEMENT_BYTES);
  const upload = files.file;
  const file = upload && { bytes: upload.bytes, name: upload.name ? cleanFilename(upload.name) : null };
  const invalid = validateBody(StatementUploadFields, fields);
  if (invalid) throw invalid;
  const form = fields as StatementUploadFields;
  if (!file) throw requiredField('file', 'file is required: send the statement in the form field `file`');
  const mapping = mappingOf(fields);
  return statements.importStatement(ctx, accountId, file.bytes, {
    format: form.format, preset: form.preset, mapping, fileName: form.file_name ? cleanFilename(form.file_name) : file.name,
  });
}
