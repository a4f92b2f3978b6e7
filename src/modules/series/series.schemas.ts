import { Type, type Static } from '@sinclair/typebox';
import { Named, NullableOf, Strict } from '../../http/response-schemas';
import { Body, Id, LocalDateSchema, Query, StringEnum, Text } from '../../http/schema-kit';
import { SERIES_DOCUMENT_TYPES } from './series.rules';

const DocumentType = (description: string) => StringEnum(SERIES_DOCUMENT_TYPES, description);

export const SeriesListQuery = Query({
  branchId: Type.Optional(Id('branchId')),
  transactionDate: Type.Optional(LocalDateSchema),
  documentType: Type.Optional(DocumentType('Which kind of document\'s series to list (default invoice)')),
});
export type SeriesListQuery = Static<typeof SeriesListQuery>;

export const NextNumberQuery = Query({
  series: Type.Optional(Text(50, 1)),
  branchId: Type.Optional(Id('branchId')),
  transactionDate: Type.Optional(LocalDateSchema),
  documentType: Type.Optional(DocumentType('Which kind of document the series numbers (default invoice)')),
});
export type NextNumberQuery = Static<typeof NextNumberQuery>;

export const CreateSeriesBody = Body({
  series_name: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$' }),
  prefix: Type.String({ minLength: 0, maxLength: 10, pattern: '^[A-Za-z0-9/-]*$' }),
  label: Type.Optional(Text(100)),
  padding: Type.Integer({ minimum: 1, maximum: 10, default: 3 }),
  format_template: Type.String({ minLength: 5, maxLength: 60, default: '{prefix}{fy}-{num}', description: '{prefix}, {fy} (2026-27), {fy_short} (26-27) and {num}' }),
  transaction_date: Type.Optional(LocalDateSchema),
  branch_id: Type.Optional(Id('branch_id')),
  document_type: Type.Optional(DocumentType('What the series numbers (default invoice); a name is unique per branch, period and document_type')),
});
export type CreateSeriesBody = Static<typeof CreateSeriesBody>;

/** A series as created (series.service.ts createSeries). */
export const InvoiceSeries = Named('InvoiceSeries', Strict({
  id: Type.String({ description: 'The series id' }),
  series_name: Type.String({ description: 'The name an invoice gives as series_name' }),
  label: Type.String(),
  prefix: Type.String(),
  is_default: Type.Boolean({ description: "Whether this is the registration's default series, the one documents without series_name take" }),
  period_id: NullableOf(Type.String({ description: 'The accounting period whose financial year the series numbers' })),
  branch_id: Type.String(),
  padding: Type.Integer({ description: 'Digits of the counter, zero-padded' }),
  format_template: Type.String({ description: 'How a number is written from {prefix}, {fy} (2026-27), {fy_short} (26-27) and {num}' }),
  document_type: DocumentType('What the series numbers'),
}, 'An invoice number series of a branch, for a financial-year period.'));

/** A document whose number its registration had already used that year (series.repository.ts legacyDuplicates). */
export const NumberingConflict = Named('NumberingConflict', Strict({
  document_type: DocumentType('What the document is'),
  document_id: Type.String(),
  document_number: Type.String(),
  branch_id: Type.String(),
  gstin: NullableOf(Type.String({ description: 'The registration the number was used twice in; null for a branch without a GSTIN' })),
  financial_year: Type.String({ description: '2026-27' }),
  kept_by_document_id: NullableOf(Type.String({ description: 'The document that keeps the number: the first to use it' })),
  created_time: Type.String({ format: 'date-time' }),
}, 'A number issued twice in one registration and financial year before numbering was per registration: the later document, kept as it is and marked legacy_duplicate.'));

/**
 * A series a branch can number with on a date (series.service.ts listSeries). The spec writes
 * this list in camelCase, unlike the rest of the API.
 */
export const ApplicableInvoiceSeries = Named('ApplicableInvoiceSeries', Strict({
  seriesName: Type.String({ description: 'The name an invoice gives as series_name' }),
  label: Type.String(),
  prefix: Type.String(),
  isDefault: Type.Boolean({ description: 'Whether invoices without series_name take this series' }),
  periodId: NullableOf(Type.String({ description: 'The series\' accounting period, else the one covering the date; null when none does' })),
  documentType: DocumentType('What the series numbers'),
  remainingThisYear: Type.Integer({ description: "Numbers the series can still issue within Rule 46(b)'s 16 characters in the date's financial year (for good, when its numbers do not show the year)" }),
}, 'An invoice number series that applies to a branch on a date.'));
