import { financialYearLabel, type LocalDate } from '../../kernel/local-date';

/** Pure numbering rules: how a series turns a counter value into a document number. */
export interface SeriesFormat {
  prefix: string;
  padding: number;
  format_template: string;
}

/** The kinds of document the service numbers from a series (issued documents; documents received record the sender's number). */
export const SERIES_DOCUMENT_TYPES = ['invoice', 'credit_note', 'estimate', 'sales_order', 'purchase_order'] as const;
export type SeriesDocumentType = (typeof SERIES_DOCUMENT_TYPES)[number];

export type DefaultSeries = SeriesFormat & { series_name: string; label: string };

/**
 * The series each branch numbers a kind of document from when none is named: virtual until it
 * first numbers one. Invoices restart each financial year (INV-2025-26-001); the others keep
 * the numbers they had as per-organisation counters (CN-000001), counting on across years.
 */
export const DEFAULT_SERIES_OF: Readonly<Record<SeriesDocumentType, DefaultSeries>> = {
  invoice: { series_name: 'default', label: 'Default', prefix: 'INV-', padding: 3, format_template: '{prefix}{fy}-{num}' },
  credit_note: { series_name: 'default', label: 'Credit notes', prefix: 'CN-', padding: 6, format_template: '{prefix}{num}' },
  estimate: { series_name: 'default', label: 'Estimates', prefix: 'EST-', padding: 6, format_template: '{prefix}{num}' },
  sales_order: { series_name: 'default', label: 'Sales orders', prefix: 'SO-', padding: 6, format_template: '{prefix}{num}' },
  purchase_order: { series_name: 'default', label: 'Purchase orders', prefix: 'PO-', padding: 6, format_template: '{prefix}{num}' },
};

export const DEFAULT_SERIES = DEFAULT_SERIES_OF.invoice;

/** `{prefix}`, `{fy}` (financial year as 2025-26) and `{num}` (zero-padded) in the template. */
export function formatNumber(series: SeriesFormat, value: number, fyLabel: string): string {
  return series.format_template
    .replaceAll('{prefix}', series.prefix)
    .replaceAll('{fy}', fyLabel)
    .replaceAll('{num}', String(value).padStart(series.padding, '0'));
}

/**
 * The counter a series numbers from: one per financial year when its numbers show the year
 * ({fy}), so numbering restarts each year; else one for good, so no number comes twice.
 */
export const seriesCounterKey = (series: { series_id: string; format_template: string }, fyLabel: string) =>
  series.format_template.includes('{fy}') ? `series:${series.series_id}:${fyLabel}` : `series:${series.series_id}`;

/** Legacy numbering for an unknown series_name (docs/rules/numbering.md, "Legacy numbering"): INV-YYMMDD-NNNN (15 characters), per organisation and day. */
export const legacyCounterKey = (date: LocalDate) => `legacy-invoice:${date}`;
export const formatLegacyNumber = (date: LocalDate, value: number) => `INV-${date.slice(2).replaceAll('-', '')}-${String(value).padStart(4, '0')}`;

/** The financial year a number belongs to: the series' period's, or the document date's for an unbound series. */
export const fyOf = (date: LocalDate, periodStart: string | null) => financialYearLabel(periodStart ?? date);
