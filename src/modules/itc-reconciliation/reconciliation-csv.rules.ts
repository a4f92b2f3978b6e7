import type { ReconciliationRow } from './reconciliation.schemas';

/* The reconciliation as spreadsheet rows: one per pair, 2B's figures beside the books', then what differs and the credit the pair allows. */

export const RECONCILIATION_COLUMNS = [
  'status', 'basis', 'cross_period', 'supplier_gstin', 'supplier_name', 'document_type',
  'gstr2b_period', 'gstr2b_number', 'gstr2b_date', 'gstr2b_taxable_value', 'gstr2b_igst', 'gstr2b_cgst', 'gstr2b_sgst', 'gstr2b_cess', 'itc_available', 'rejected',
  'books_type', 'books_id', 'books_number', 'books_date', 'books_taxable_value', 'books_igst', 'books_cgst', 'books_sgst', 'books_cess',
  'differences', 'eligible_igst', 'eligible_cgst', 'eligible_sgst', 'eligible_cess', 'reconciliation_id',
] as const;

type Row = Record<string, string | number>;

const side = (prefix: string, s: { document_number: string; document_date: string; taxable_value: number; igst: number; cgst: number; sgst: number; cess: number } | null): Row => (s === null ? {} : {
  [`${prefix}_number`]: s.document_number, [`${prefix}_date`]: s.document_date, [`${prefix}_taxable_value`]: s.taxable_value,
  [`${prefix}_igst`]: s.igst, [`${prefix}_cgst`]: s.cgst, [`${prefix}_sgst`]: s.sgst, [`${prefix}_cess`]: s.cess,
});

export function reconciliationCsvRows(rows: readonly ReconciliationRow[]): Row[] {
  return rows.map((r) => ({
    status: r.status, basis: r.basis ?? '', cross_period: r.cross_period ? 'yes' : 'no', supplier_gstin: r.supplier_gstin ?? '', supplier_name: r.supplier_name ?? '',
    document_type: r.document_type,
    ...(r.gstr2b && { gstr2b_period: r.gstr2b.period, itc_available: r.gstr2b.itc_available, rejected: r.gstr2b.rejected ? 'yes' : 'no' }),
    ...side('gstr2b', r.gstr2b),
    ...(r.books && { books_type: r.books.document_type, books_id: r.books.document_id }),
    ...side('books', r.books),
    differences: r.differences.map((d) => `${d.field}: ${d.gstr2b} in 2B, ${d.books} in the books`).join('; '),
    eligible_igst: r.eligible.igst, eligible_cgst: r.eligible.cgst, eligible_sgst: r.eligible.sgst, eligible_cess: r.eligible.cess,
    reconciliation_id: r.reconciliation_id,
  }));
}
