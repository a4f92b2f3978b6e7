import { DomainError, invalidValue, notFound, requiredField } from '../../kernel/errors';
import { FileReadError } from '../../kernel/file-error';
import { grants } from '../../platform/auth/scopes';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { cursorPage, readCursor } from '../../platform/pagination';
import type { UploadedFile } from '../../http/upload-form';
import { formatOf } from './import-files.rules';
import type { ImportRunner } from './import-runner';
import { scopesToImport } from './import-scopes.rules';
import { presentImport, presentIssue } from './imports.presenter';
import type { ImportUploadFields, ListImportsQuery } from './imports.schemas';
import { importsStore as store } from './imports.store';
import type { UnitReaders } from './unit-readers';

interface Deps extends PlatformDeps {
  readers: UnitReaders;
  runner: ImportRunner;
}

/** What POST /imports received: the form's fields (checked), its mapping (parsed), its files. */
export interface ImportUpload {
  fields: ImportUploadFields;
  mapping: Readonly<Record<string, string>> | undefined;
  file: UploadedFile;
  trialBalance: UploadedFile | undefined;
}

/** Each scope the kind needs, else 403 as a route's own scope would be. */
function assertMayImport(ctx: RequestContext, kind: string): void {
  for (const scope of scopesToImport(kind)) {
    if (!grants(ctx.scopes, scope)) throw new DomainError('authz.scope_missing', `This token lacks the scope ${scope}`, { details: { required_scope: scope } });
  }
}

/** File imports (docs/rules/imports.md). */
export function importsService(deps: Deps) {
  const db = deps.database.db;

  async function load(orgId: string, importId: string) {
    const row = await store.find(db, orgId, importId);
    if (!row) throw notFound('import', 'import_id');
    return row;
  }

  return {
    /**
     * POST /imports: the file is read once here, so that one the run could make nothing of is
     * refused at once (400 naming the row or part) and nothing is stored; then the run is queued,
     * and started in this process as soon as it is committed.
     */
    async start(ctx: RequestContext, upload: ImportUpload) {
      const { fields, file } = upload;
      const format = fields.format ?? formatOf(fields.file_name ?? file.name, file.bytes);
      // A Tally export holds every kind: its kind goes without saying.
      const kind = fields.kind ?? (format === 'tally_xml' ? 'tally' : undefined);
      if (kind === undefined) throw requiredField('kind', 'kind is required: what the file holds (contacts, invoices, …)');
      assertMayImport(ctx, kind);
      if ((format === 'tally_xml') !== (kind === 'tally')) {
        throw invalidValue('kind', format === 'tally_xml' ? 'a Tally export is of kind tally' : `kind tally is a Tally XML export, not ${format}`);
      }
      if (!deps.readers.supports(format)) throw invalidValue('format', `this service reads no ${format} files`);
      if (upload.trialBalance && format !== 'tally_xml') throw invalidValue('trial_balance', 'a trial balance comes only with a Tally export');
      if (file.bytes.length === 0) throw requiredField('file', 'the file is empty');
      const stored = { org_id: ctx.orgId, kind, format, content: file.bytes.toString('base64'), mapping: upload.mapping ? JSON.stringify(upload.mapping) : null };
      let units: number;
      try {
        const read = await deps.readers.read(stored);
        units = read.units.length + read.skipped.length;
      } catch (error) {
        if (error instanceof FileReadError) throw invalidValue(error.where === 'mapping' ? 'mapping' : 'file', error.message);
        throw error;
      }
      // The answer is made inside the unit of work: with an Idempotency-Key it is the answer stored and replayed.
      const answer = await deps.uow(ctx, async (tx) => {
        const created = {
          import_id: deps.ids.next('imp'), ...stored, status: 'QUEUED', dry_run: fields.dry_run === 'true' ? 1 : 0,
          file_name: fields.file_name ?? file.name, trial_balance: upload.trialBalance?.bytes.toString('base64') ?? null,
          token_id: ctx.tokenId, scopes: JSON.stringify(ctx.scopes), total_rows: units, processed_rows: 0, created_count: 0,
          already_imported_count: 0, skipped_count: 0, failed_count: 0, failure: null, created_time: deps.clock.now().toISOString(),
          started_time: null, finished_time: null,
        };
        await store.insert(tx, created);
        return { import: presentImport(created) };
      });
      deps.runner.start(ctx.orgId, answer.import.import_id);
      return answer;
    },

    async get(ctx: RequestContext, importId: string) {
      return { import: presentImport(await load(ctx.orgId, importId)) };
    },

    async list(ctx: RequestContext, query: ListImportsQuery) {
      const { perPage, after } = readCursor(deps.cursors, 'imports', query);
      const rows = await store.list(db, ctx.orgId, after, perPage);
      const page = cursorPage(deps.cursors, 'imports', rows, perPage, (r) => [r.import_id]);
      return { imports: page.items.map(presentImport), page_context: page.page_context };
    },

    async issues(ctx: RequestContext, importId: string) {
      await load(ctx.orgId, importId);
      return (await store.issues(db, ctx.orgId, importId)).map(presentIssue);
    },
  };
}

export type ImportsService = ReturnType<typeof importsService>;
