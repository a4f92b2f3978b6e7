import type { DocumentLineColumns } from '../../db/schema';
import type { LocalDate } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';

/** The spec writes document dates as date-times (YYYY-MM-DDTHH:MM:SS); a business date starts at midnight IST. */
export const asDateTime = (date: LocalDate) => `${date}T00:00:00`;

/** A stored line of any sales or purchase document, as the API shows it (spec: Line item). */
export function presentLine(l: DocumentLineColumns) {
  return {
    line_item_id: l.line_item_id,
    item_id: l.item_id,
    name: l.name,
    description: l.description,
    hsn_or_sac: l.hsn_or_sac,
    quantity: l.quantity_milli / 1000,
    unit: l.unit,
    rate: toRupees(l.rate),
    discount: toRupees(l.discount),
    tax_id: l.tax_id,
    tax_percentage: l.tax_rate_centi / 100,
    item_total: toRupees(l.item_total),
    tax_amount: toRupees(l.tax),
    cgst_amount: toRupees(l.cgst),
    sgst_amount: toRupees(l.sgst),
    igst_amount: toRupees(l.igst),
    cess_rate: l.cess_rate_centi / 100,
    cess_per_unit: toRupees(l.cess_per_unit),
    cess_amount: toRupees(l.cess),
    account_id: l.account_id,
  };
}

/** The stored totals of a document that carries no round-off, payments or balance (estimates, orders). */
export interface DocumentTotals {
  sub_total: number;
  tax_total: number;
  cgst_total: number;
  sgst_total: number;
  igst_total: number;
  cess_total: number;
  total: number;
}

export function presentTotals(t: DocumentTotals) {
  return {
    sub_total: toRupees(t.sub_total),
    tax_total: toRupees(t.tax_total),
    cgst_total: toRupees(t.cgst_total),
    sgst_total: toRupees(t.sgst_total),
    igst_total: toRupees(t.igst_total),
    cess_total: toRupees(t.cess_total),
    total: toRupees(t.total),
  };
}
