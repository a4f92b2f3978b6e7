import type { DocumentLineColumns } from '../../db/schema';
import { roundDiv, sum, toRupees, type Paise } from '../../kernel/money';
import type { DocumentTotals } from './documents.presenter';
import type { LineItemInput } from './line-items.schemas';
import type { PricedLines } from './lines.pricer';

/** The stored columns of priced lines, in input order; the caller adds its document id and position. */
export function lineColumnsOf({ lines, amounts }: PricedLines, nextLineId: () => string): DocumentLineColumns[] {
  return lines.map((l, i) => {
    const a = amounts.lines[i]!;
    return {
      line_item_id: nextLineId(), item_id: l.itemId, name: l.name, description: l.description, hsn_or_sac: l.hsnOrSac,
      quantity_milli: l.quantityMilli, unit: l.unit, rate: l.ratePaise, discount: l.discountPaise, tax_id: l.taxId,
      tax_rate_centi: l.taxRateCenti, item_total: a.itemTotal, tax: a.tax, cgst: a.cgst, sgst: a.sgst, igst: a.igst, account_id: l.accountId,
      cess_rate_centi: l.cessRateCenti ?? 0, cess_per_unit: l.cessPerUnitPaise ?? 0, cess: a.cess,
    };
  });
}

/** Totals of a document without round-off: total = sub_total + tax_total (docs/rules/amounts-and-rounding.md, "Totals and balance"). */
export function totalColumnsOf({ amounts }: PricedLines): DocumentTotals {
  return {
    sub_total: amounts.subTotal, tax_total: amounts.taxTotal, cgst_total: amounts.cgstTotal,
    sgst_total: amounts.sgstTotal, igst_total: amounts.igstTotal, cess_total: amounts.cessTotal, total: amounts.subTotal + amounts.taxTotal,
  };
}

/**
 * Stored lines written back as create input, so a conversion (estimate → sales order →
 * invoice) is an ordinary create of the next document. Every value is explicit — rate,
 * tax (null when untaxed), HSN, name — so the item master cannot change what was agreed.
 * Paise → rupees → paise is exact for amounts of at most two decimals (kernel/money.ts).
 */
export function lineInputsOf(rows: readonly DocumentLineColumns[]): Array<Required<Omit<LineItemInput, 'account_id'>>> {
  return rows.map((l) => ({
    item_id: l.item_id, name: l.name, description: l.description, hsn_or_sac: l.hsn_or_sac,
    quantity: l.quantity_milli / 1000, unit: l.unit, rate: toRupees(l.rate), discount: toRupees(l.discount), tax_id: l.tax_id,
    cess_rate: l.cess_rate_centi / 100, cess_per_unit: toRupees(l.cess_per_unit),
  }));
}

/**
 * The remainder of stored tax-inclusive lines (line-amounts.rules LineAmounts.remainder): the
 * amounts entered, round(quantity × rate) − discount, less taxable value and tax. A DRAFT edit
 * that recomputes the round-off keeps it, so the total stays what was entered.
 */
export function inclusiveRemainderOf(rows: readonly DocumentLineColumns[]): Paise {
  return sum(rows.map((l) => roundDiv(BigInt(l.quantity_milli) * BigInt(l.rate), 1000n, 'half_up') - l.discount - l.item_total - l.tax));
}
