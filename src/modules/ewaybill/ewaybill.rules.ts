import type { Paise } from '../../kernel/money';

/**
 * CGST Rule 138(1): an e-way bill is needed to move goods of a consignment value above
 * ₹50,000 — the goods' value with tax, the exempt goods' value left out (Rule 138 explanation).
 */
export const EWAY_BILL_THRESHOLD: Paise = 5_000_000;
/**
 * Whether Rule 138 requires the e-way bill. Goods a principal sends to a job worker in another
 * State need one whatever their value (Rule 138(1), second proviso).
 */
export const ewayBillRequired = (goodsValueWithTax: Paise, jobWorkAcrossStates = false) => jobWorkAcrossStates || goodsValueWithTax > EWAY_BILL_THRESHOLD;

/** NIC's sub-supply type: 1 supply, 2 import, 3 export, 4 job work, 5 for own use, 7 sales return, 8 others. */
export type SubSupplyType = '1' | '2' | '3' | '4' | '5' | '7' | '8';

/**
 * An outward supply is an export when its place of supply is 96, a foreign country (IGST Act
 * s.2(5), s.13), whatever the customer's treatment; an inward supply is an import when it comes
 * from an overseas vendor (docs/rules/einvoice-ewaybill.md, "E-way bill").
 */
export function subSupplyTypeOf(supplyType: 'O' | 'I', placeOfSupply: string | null, gstTreatment: string | null): SubSupplyType {
  if (supplyType === 'O') return placeOfSupply === '96' ? '3' : '1';
  return gstTreatment === 'OVERSEAS' ? '2' : '1';
}
