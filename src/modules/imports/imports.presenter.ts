import type { ImportIssueRow, ImportRow } from './imports.store';

export const presentImport = (r: ImportRow) => ({
  import_id: r.import_id, kind: r.kind, format: r.format, status: r.status, dry_run: r.dry_run === 1, file_name: r.file_name,
  total_rows: r.total_rows, processed_rows: r.processed_rows, created: r.created_count, already_imported: r.already_imported_count,
  skipped: r.skipped_count, failed: r.failed_count, failure: r.failure,
  created_time: r.created_time, started_time: r.started_time, finished_time: r.finished_time,
});

export const presentIssue = (i: ImportIssueRow) => ({
  row: i.row_number, source: i.source, column: i.column_name, code: i.code, field: i.field, message: i.message, outcome: i.outcome,
});
