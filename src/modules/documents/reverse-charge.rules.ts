import { invalidValue } from '../../kernel/errors';
import { recipientClass } from '../../kernel/gst/gstin';

/*
 * Reverse charge, on either side (CGST s.9(3) and (4), IGST s.5(3) and (4)): the recipient pays
 * the tax to the government, so the supplier charges none. The lines still state it (the tax
 * invoice must: CGST Rule 46(p)); what the party owes is the lines without it.
 */

/** What the party owes for a document's lines: their taxable value, and their tax unless under reverse charge. */
export const owedAmount = (subTotal: number, taxTotal: number, reverseCharge: boolean): number => subTotal + (reverseCharge ? 0 : taxTotal);

/** A document's totals as its party owes them: under reverse charge the lines alone, tax_total still showing the tax the recipient pays. */
export const owedTotals = <T extends { sub_total: number; total: number }>(totals: T, reverseCharge: boolean): T =>
  (reverseCharge ? { ...totals, total: totals.sub_total } : totals);

/** The lines as charged to the party: under reverse charge without their tax (cess included), which is not the supplier's to collect. */
export const chargedLines = <L extends { cgst: number; sgst: number; igst: number; cess?: number }>(lines: readonly L[], reverseCharge: boolean): readonly L[] =>
  (reverseCharge ? lines.map((l) => ({ ...l, cgst: 0, sgst: 0, igst: 0, cess: 0 })) : lines);

/** The supplier charges no GST under reverse charge, so rates that include it contradict it: 400 on `is_inclusive_tax`. */
export function assertRatesExcludeTax(reverseCharge: boolean, inclusive: boolean): void {
  if (reverseCharge && inclusive) throw invalidValue('is_inclusive_tax', 'a reverse-charge document cannot include tax in its rates: its supplier charges no GST');
}

/**
 * Who can be charged under reverse charge on a sale (docs/rules/returns-gstr1-gstr3b.md, "Outward
 * reverse charge"): a recipient who pays tax under reverse charge must be registered (CGST
 * s.24(iii)), and GSTR-1 reports such supplies only to a GSTIN (Table 4B), so one without a
 * GSTIN of a B2B kind (none, a UIN, a non-resident's or OIDAR provider's id) is 400 on
 * `is_reverse_charge`. So is an export (the recipient is outside the taxable territory the
 * entries of Notification 13/2017-CT(Rate) name) and a supply under a Letter of Undertaking,
 * which bears no tax for anyone to pay.
 */
export function assertReverseChargeRecipient(sale: { recipientGstin: string | null; placeOfSupply: string; exportType: string | null }): void {
  if (recipientClass(sale.recipientGstin) !== 'B2B') {
    throw invalidValue('is_reverse_charge', 'reverse charge applies to a registered recipient, who pays the tax (CGST s.24(iii); GSTR-1 Table 4B): this customer has no GSTIN of a registered person');
  }
  if (sale.placeOfSupply === 'IN-96') throw invalidValue('is_reverse_charge', 'an export is not taxed under reverse charge: its recipient is outside the taxable territory');
  if (sale.exportType === 'WOPAY') throw invalidValue('is_reverse_charge', 'a supply under a Letter of Undertaking (WOPAY) bears no tax for the recipient to pay');
}
