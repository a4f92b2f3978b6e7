import { financialYearLabel, type LocalDate } from '../../kernel/local-date';

/** Pure numbering rules: how a series turns a counter value into a document number. */
export interface SeriesFormat {
  prefix: string;
  padding: number;
  format_template: string;
}

/** The kinds of document the service numbers from a series (issued documents; documents received record the sender's number). */
export const SERIES_DOCUMENT_TYPES = ['invoice', 'credit_note', 'debit_note', 'estimate', 'sales_order', 'purchase_order', 'receipt_voucher', 'refund_voucher', 'delivery_challan'] as const;
export type SeriesDocumentType = (typeof SERIES_DOCUMENT_TYPES)[number];

export type DefaultSeries = SeriesFormat & { series_name: string; label: string };

/**
 * The series each registration numbers a kind of document from when none is named: virtual
 * until it first numbers one. Each restarts every financial year, and its 5 digits after
 * `INV-26-27-` (15 characters) leave room for 999,999 numbers a year within Rule 46(b)'s 16
 * (docs/decisions.md, "Invoices and numbering"). Organisations made before these defaults keep
 * the series they had (migration 033 made them rows).
 */
const defaultOf = (label: string, prefix: string): DefaultSeries => ({ series_name: 'default', label, prefix, padding: 5, format_template: '{prefix}{fy_short}-{num}' });
export const DEFAULT_SERIES_OF: Readonly<Record<SeriesDocumentType, DefaultSeries>> = {
  invoice: defaultOf('Default', 'INV-'),
  credit_note: defaultOf('Credit notes', 'CN-'),
  // Debit notes to customers (s.34(3)); those raised to vendors count on a counter of their own.
  debit_note: defaultOf('Debit notes', 'DN-'),
  estimate: defaultOf('Estimates', 'EST-'),
  sales_order: defaultOf('Sales orders', 'SO-'),
  purchase_order: defaultOf('Purchase orders', 'PO-'),
  // CGST Rule 50: the voucher issued on receiving an advance (docs/rules/numbering.md, "The default series").
  receipt_voucher: defaultOf('Receipt vouchers', 'RV-'),
  // CGST Rule 51: the voucher issued on paying back an advance (docs/rules/numbering.md, "The default series").
  refund_voucher: defaultOf('Refund vouchers', 'RF-'),
  // CGST Rule 55: a delivery challan, serially numbered, for goods moved without a sale (docs/rules/numbering.md, "The default series").
  delivery_challan: defaultOf('Delivery challans', 'DC-'),
};

export const DEFAULT_SERIES = DEFAULT_SERIES_OF.invoice;

/** The financial year as `{fy_short}` writes it: 2026-27 becomes 26-27. */
const shortYear = (fyLabel: string) => fyLabel.slice(2);

/** `{prefix}`, `{fy}` (the financial year, 2025-26), `{fy_short}` (25-26) and `{num}` (zero-padded) in the template. */
export function formatNumber(series: SeriesFormat, value: number, fyLabel: string): string {
  return series.format_template
    .replaceAll('{prefix}', series.prefix)
    .replaceAll('{fy_short}', shortYear(fyLabel))
    .replaceAll('{fy}', fyLabel)
    .replaceAll('{num}', String(value).padStart(series.padding, '0'));
}

/** Whether a series' numbers show their financial year, so numbering restarts each year. */
export const showsYear = (template: string) => template.includes('{fy}') || template.includes('{fy_short}');

/**
 * The counter a series numbers from: one per financial year when its numbers show the year
 * ({fy} or {fy_short}), so numbering restarts each year; else one for good, so no number comes twice.
 */
export const seriesCounterKey = (series: { series_id: string; format_template: string }, fyLabel: string) =>
  showsYear(series.format_template) ? `series:${series.series_id}:${fyLabel}` : `series:${series.series_id}`;

/**
 * The registration a branch numbers under (Rule 46(b): a series per GSTIN): its GSTIN, shared
 * with every branch carrying it; a branch without one numbers on its own.
 */
export const registrationOf = (branch: { branch_id: string; gstin: string | null }) => branch.gstin ?? `branch:${branch.branch_id}`;

/** The GSTIN of a registration; null for a branch without one. */
export const gstinOfRegistration = (registration: string) => (registration.startsWith('branch:') ? null : registration);

/** Legacy numbering for an unknown series_name (docs/rules/numbering.md, "Legacy numbering"): INV-YYMMDD-NNNN (15 characters), per organisation and day. */
export const legacyCounterKey = (date: LocalDate) => `legacy-invoice:${date}`;
export const formatLegacyNumber = (date: LocalDate, value: number) => `INV-${date.slice(2).replaceAll('-', '')}-${String(value).padStart(4, '0')}`;

/** The financial year a number belongs to: the series' period's, or the document date's for an unbound series. */
export const fyOf = (date: LocalDate, periodStart: string | null) => financialYearLabel(periodStart ?? date);
