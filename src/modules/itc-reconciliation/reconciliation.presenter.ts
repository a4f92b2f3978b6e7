import { toRupees } from '../../kernel/money';
import type { BooksDocument, Gstr2bDocument, TaxHeads } from './itc-documents';
import type { Pair } from './matcher.rules';
import { isCrossPeriod, reconciliationIdOf } from './reconciliation-row.rules';
import type { ReconciliationRow } from './reconciliation.schemas';

const rupees = (h: TaxHeads) => ({ igst: toRupees(h.igst), cgst: toRupees(h.cgst), sgst: toRupees(h.sgst), cess: toRupees(h.cess) });
const MONEY_FIELDS = new Set(['taxable_value', 'igst', 'cgst', 'sgst', 'cess']);

const gstr2bSide = (d: Gstr2bDocument) => ({
  gstr2b_document_id: d.id, period: d.period, section: d.section, document_number: d.documentNumber, document_date: d.documentDate,
  taxable_value: toRupees(d.taxableValue), ...rupees(d), itc_available: d.itcAvailable, rejected: d.rejected,
  supplier_period: d.supplierPeriod, supplier_filed_on: d.supplierFiledOn,
});
const booksSide = (b: BooksDocument) => ({
  document_type: b.type, document_id: b.id, document_number: b.documentNumber, document_date: b.documentDate, taxable_value: toRupees(b.taxableValue), ...rupees(b),
});

export function presentPair(pair: Pair): ReconciliationRow {
  const party = pair.gstr2b ?? pair.books!;
  return {
    reconciliation_id: reconciliationIdOf(pair),
    status: pair.status,
    basis: pair.basis,
    cross_period: isCrossPeriod(pair),
    supplier_gstin: party.supplierGstin,
    supplier_name: pair.gstr2b?.supplierName ?? pair.books?.supplierName ?? null,
    document_type: party.documentType,
    gstr2b: pair.gstr2b && gstr2bSide(pair.gstr2b),
    books: pair.books && booksSide(pair.books),
    differences: pair.differences.map((d) => ({
      field: d.field,
      gstr2b: MONEY_FIELDS.has(d.field) ? toRupees(Number(d.gstr2b)) : d.gstr2b,
      books: MONEY_FIELDS.has(d.field) ? toRupees(Number(d.books)) : d.books,
    })),
    eligible: rupees(pair.eligible),
  };
}
