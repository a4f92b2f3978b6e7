import { Type, type Static } from '@sinclair/typebox';
import { Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { Body, CursorQuery, Query, ReportFormat, StringEnum, Text } from '../../http/schema-kit';
import { IMPORT_KINDS } from './import-unit';
import { IMPORT_FORMATS } from './unit-readers';

/* File imports (docs/rules/imports.md). */

/** A spreadsheet holds one of these; a Tally export (format tally_xml) is kind `tally`. */
export const UPLOAD_KINDS = [...IMPORT_KINDS, 'tally'] as const;

const Kind = StringEnum(UPLOAD_KINDS, 'What the file holds: one kind of record per spreadsheet (required), or `tally` for a Tally export (the default for format tally_xml)');
const Format = StringEnum(IMPORT_FORMATS, "The file's format; found from its name and bytes when absent");
const DryRun = Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'true: every row is checked through the create path and nothing is kept but the run and its errors' });

/** The text parts of the upload form, checked once the form has been read. */
export const ImportUploadFields = Body({
  kind: Type.Optional(Kind),
  format: Type.Optional(Format),
  mapping: Type.Optional({ ...Text(8000, 2), description: 'A column mapping, as JSON text' }),
  dry_run: Type.Optional(DryRun),
  file_name: Type.Optional({ ...Text(255, 1), description: "The file's name, when not the one its part carries" }),
});
export type ImportUploadFields = Static<typeof ImportUploadFields>;

/** The whole form, as documented in OpenAPI. */
export const ImportUploadForm = Type.Object({
  file: Type.String({ format: 'binary', description: 'The file, at most 20 MB: CSV or XLSX in the kind\'s template columns (GET /imports/templates/{kind}), or a Tally XML export' }),
  kind: Kind,
  format: Type.Optional(Format),
  mapping: Type.Optional(Type.String({ description: 'A JSON object: a template column\'s header → the header the file gives that column, e.g. {"contact_name":"Party Name"}' })),
  dry_run: Type.Optional(DryRun),
  file_name: Type.Optional(Type.String()),
  trial_balance: Type.Optional(Type.String({ format: 'binary', description: "With format tally_xml: Tally's Trial Balance report exported as XML, for GET /imports/{id}/reconciliation" })),
}, { required: ['file'] });

const Count = (description: string) => Type.Integer({ description });

export const Import = Named('Import', Strict({
  import_id: Type.String(),
  kind: Type.String({ description: 'contacts, items, accounts, opening_balances, invoices, bills, credit_notes, debit_notes, payments, expenses, journals, or tally' }),
  format: Type.String({ description: 'csv, xlsx or tally_xml' }),
  status: Type.String({ description: 'QUEUED, RUNNING, COMPLETED, or FAILED when the file could not be read or the run stopped (`failure` says why)' }),
  dry_run: Type.Boolean(),
  file_name: NullableOf(Type.String()),
  total_rows: NullableOf(Count('Units in the file: a row, the rows of one document, or a Tally record; null until read')),
  processed_rows: Count('Units run so far'),
  created: Count('Records written (in a dry run: that would be written)'),
  already_imported: Count('Units an earlier run wrote, skipped by their row key'),
  skipped: Count('Units skipped on purpose (a cancelled Tally voucher), listed among the errors'),
  failed: Count('Units refused, each listed at GET /imports/{id}/errors'),
  failure: NullableOf(Type.String({ description: 'Why the run failed as a whole' })),
  created_time: Timestamp,
  started_time: NullableOf(Timestamp),
  finished_time: NullableOf(Timestamp),
}, 'An uploaded file and its run.'));

export const ImportIssue = Named('ImportIssue', Strict({
  row: NullableOf(Type.Integer({ description: "The file's row (1 = the header); null for a Tally record" })),
  source: Type.String({ description: 'Where in the file: "row 14", "rows 14-17", or a Tally record' }),
  column: NullableOf(Type.String({ description: "The file's column at fault, when one is" })),
  code: Type.String({ description: "The API's error code, or the reason it was not written: already_imported, imported_as_journal, a skip's reason" }),
  field: NullableOf(Type.String({ description: "The field at fault within the create body, as the API's error names it" })),
  message: Type.String(),
  outcome: Type.String({ description: 'failed, skipped, already_imported or imported_as_journal' }),
}, 'A unit an import refused, skipped, found written already or wrote another way.'));

export const ListImportsQuery = Query({ ...CursorQuery });
export type ListImportsQuery = Static<typeof ListImportsQuery>;

export const ImportErrorsQuery = Query({
  format: ReportFormat('csv answers text/csv: the header row, then a row per issue'),
});

/** A kind names a template as an id names a record: an unknown one is 404, as an unknown id is. */
export const TemplateParams = Type.Object({ kind: Type.String({ description: `One of ${IMPORT_KINDS.join(', ')}` }) });
