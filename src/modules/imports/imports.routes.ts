import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { csvReply } from '../../http/csv-reply';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { jsonField, readUploadForm } from '../../http/upload-form';
import { validateBody } from '../../http/validation';
import { invalidValue, notFound, requiredField } from '../../kernel/errors';
import { toCsv } from '../../kernel/csv';
import { cleanFilename } from '../attachments/filename.rules';
import { ISSUE_COLUMNS, templateCsv } from './import-files.rules';
import { Import, ImportErrorsQuery, ImportIssue, ImportUploadFields, ImportUploadForm, ListImportsQuery, TemplateParams } from './imports.schemas';
import type { ImportsService } from './imports.service';
import { IMPORT_KINDS, type ImportKind } from './import-unit';

const tags = ['Imports'];

/** An import's file may be as large as a bank statement's: 20 MB. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

const MappingText = Type.Record(Type.String({ minLength: 1, maxLength: 100 }), Type.String({ minLength: 1, maxLength: 200 }), { maxProperties: 200 });

/** POST /imports: the form read whole (the file and a Tally trial balance, each at most 20 MB), its fields checked, the run queued. */
async function receiveImport(imports: ImportsService, request: FastifyRequest) {
  const { fields, files } = await readUploadForm(request, ['file', 'trial_balance'], MAX_IMPORT_BYTES);
  const invalid = validateBody(ImportUploadFields, fields);
  if (invalid) throw invalid;
  const form = fields as ImportUploadFields;
  if (!files.file) throw requiredField('file', 'file is required: send the file in the form field `file`');
  const mapping = jsonField(fields, 'mapping', '{"contact_name":"Party Name"}');
  if (mapping !== undefined && validateBody(MappingText, mapping)) throw invalidValue('mapping', 'mapping is an object of template headers, each naming the header the file gives that column');
  const clean = (file: { bytes: Buffer; name: string | null }) => ({ bytes: file.bytes, name: file.name ? cleanFilename(file.name) : null });
  return imports.start(request.ctx!, {
    fields: { ...form, ...(form.file_name && { file_name: cleanFilename(form.file_name) }) },
    mapping: mapping as Record<string, string> | undefined, file: clean(files.file), trialBalance: files.trial_balance && clean(files.trial_balance),
  });
}

/** File imports (docs/rules/imports.md). A run's scope is its kind's, checked once the form says the kind. */
export function importsRoutes(imports: ImportsService): RouteDef[] {
  return [
    route({
      method: 'POST', url: '/imports', operationId: 'createImport', tags,
      summary: "Import a CSV or XLSX file of one kind (the kind's CREATE scope), or a Tally XML export (every kind's): queued and run in the background through each kind's create path; poll GET /imports/{import_id}",
      access: 'any-token', multipart: ImportUploadForm, status: 202, failsWith: [403, 413],
      message: 'The import has been queued.', response: { import: Import },
      handle: ({ request }) => receiveImport(imports, request),
    }),
    route({
      method: 'GET', url: '/imports', operationId: 'listImports', tags,
      summary: "The organisation's imports, newest first", access: 'any-token', query: ListImportsQuery,
      response: { imports: Type.Array(Import), page_context: PageContext },
      handle: ({ ctx, query }) => imports.list(ctx, query),
    }),
    route({
      method: 'GET', url: '/imports/:import_id', operationId: 'getImport', tags,
      summary: 'An import: its status, progress and counts', access: 'any-token', params: IdParam('import_id'), response: { import: Import },
      handle: ({ ctx, params }) => imports.get(ctx, params.import_id),
    }),
    route({
      method: 'GET', url: '/imports/:import_id/errors', operationId: 'listImportErrors', tags,
      summary: "The rows an import refused, skipped, found imported already or wrote as a journal, with the API's error code, field and the file's column",
      access: 'any-token', params: IdParam('import_id'), query: ImportErrorsQuery, produces: 'text/csv',
      response: { errors: Type.Array(ImportIssue) },
      handle: async ({ ctx, params, query }) => {
        const issues = await imports.issues(ctx, params.import_id);
        if (query.format === 'csv') return csvReply(`import-${params.import_id}-errors`, toCsv(ISSUE_COLUMNS, issues.map((i) => ({ ...i, row: i.row ?? '', column: i.column ?? '', field: i.field ?? '' }))));
        return { errors: issues };
      },
    }),
    route({
      method: 'GET', url: '/imports/templates/:kind', operationId: 'getImportTemplate', tags,
      summary: "A kind's CSV template: its header row and an example row", access: 'any-token', params: TemplateParams, produces: 'text/csv',
      handle: async ({ params }) => {
        if (!(IMPORT_KINDS as readonly string[]).includes(params.kind)) throw notFound('template', 'kind');
        return csvReply(`${params.kind}-template`, templateCsv(params.kind as ImportKind));
      },
    }),
  ];
}
