import { Type, type Static } from '@sinclair/typebox';
import { Id, LocalDateSchema, Query, StringEnum } from '../../http/schema-kit';

export const LEDGER_FORMATS = ['hledger', 'csv'] as const;

export const LedgerExportQuery = Query({
  format: Type.Optional(StringEnum(LEDGER_FORMATS, 'hledger (the default) answers an hledger journal as text/plain; csv answers text/csv, one row per posting')),
  from_date: Type.Optional(LocalDateSchema),
  to_date: Type.Optional(LocalDateSchema),
  branch_id: Type.Optional(Id('branch_id')),
});
export type LedgerExportQuery = Static<typeof LedgerExportQuery>;

/** What the export answers, by format: the media type and the file name it is offered under. */
export const LEDGER_MEDIA_TYPES = {
  hledger: { contentType: 'text/plain; charset=utf-8', extension: 'journal' },
  csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
} as const;
