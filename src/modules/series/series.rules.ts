import { financialYearLabel, type LocalDate } from '../../kernel/local-date';

/** Pure numbering rules: how a series turns a counter value into a document number. */
export interface SeriesFormat {
  prefix: string;
  padding: number;
  format_template: string;
}

export const DEFAULT_SERIES: SeriesFormat & { series_name: string; label: string } = {
  series_name: 'default',
  label: 'Default',
  prefix: 'INV-',
  padding: 3,
  format_template: '{prefix}{fy}-{num}',
};

/** `{prefix}`, `{fy}` (financial year as 2025-26) and `{num}` (zero-padded) in the template. */
export function formatNumber(series: SeriesFormat, value: number, fyLabel: string): string {
  return series.format_template
    .replaceAll('{prefix}', series.prefix)
    .replaceAll('{fy}', fyLabel)
    .replaceAll('{num}', String(value).padStart(series.padding, '0'));
}

/** The counter a series numbers from: one per series and financial year, so numbering restarts each year. */
export const seriesCounterKey = (seriesId: string, fyLabel: string) => `series:${seriesId}:${fyLabel}`;

/** Legacy numbering for an unknown series_name (operator.md): INV-YYMMDD-NNNN (15 characters), per organisation and day. */
export const legacyCounterKey = (date: LocalDate) => `legacy-invoice:${date}`;
export const formatLegacyNumber = (date: LocalDate, value: number) => `INV-${date.slice(2).replaceAll('-', '')}-${String(value).padStart(4, '0')}`;

/** The financial year a number belongs to: the series' period's, or the document date's for an unbound series. */
export const fyOf = (date: LocalDate, periodStart: string | null) => financialYearLabel(periodStart ?? date);
