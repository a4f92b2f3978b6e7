import type { Gstr2bReturnsTable } from '../../db/itc-schema';
import { isoTimestamp } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import { GSTR2B_SECTIONS } from './gstr2b-file.rules';
import type { Gstr2bMonth, Gstr2bUpload } from './gstr2b.schemas';

/** An upload's documents per section, as gstr2b.store.ts sectionTotals sums them. */
export interface SectionTotalsRow {
  gstr2b_id: string; section: string; documents: number; rejected: number | null;
  taxable_value: number | null; igst: number | null; cgst: number | null; sgst: number | null; cess: number | null;
}

export function presentUpload(row: Gstr2bReturnsTable, totals: readonly SectionTotalsRow[]): Gstr2bUpload {
  const mine = totals.filter((t) => t.gstr2b_id === row.gstr2b_id);
  return {
    gstr2b_id: row.gstr2b_id, gstin: row.gstin, period: row.period, generated_on: row.generated_on, version: row.version,
    file_count: row.file_count, parts_received: row.parts_received, complete: row.parts_received >= row.file_count,
    document_count: mine.reduce((n, t) => n + Number(t.documents), 0),
    rejected_count: mine.reduce((n, t) => n + Number(t.rejected ?? 0), 0),
    uploaded_time: isoTimestamp(new Date(row.created_time)),
  };
}

/** The current upload with its documents and amounts per section, in the portal's order of sections. */
export function presentMonth(row: Gstr2bReturnsTable, totals: readonly SectionTotalsRow[]): Gstr2bMonth {
  const mine = totals.filter((t) => t.gstr2b_id === row.gstr2b_id);
  const sections = GSTR2B_SECTIONS.flatMap((section) => mine.filter((t) => t.section === section)).map((t) => ({
    section: t.section, document_count: Number(t.documents), rejected_count: Number(t.rejected ?? 0),
    taxable_value: toRupees(Number(t.taxable_value ?? 0)), igst: toRupees(Number(t.igst ?? 0)), cgst: toRupees(Number(t.cgst ?? 0)),
    sgst: toRupees(Number(t.sgst ?? 0)), cess: toRupees(Number(t.cess ?? 0)),
  }));
  return { ...presentUpload(row, totals), sections };
}
