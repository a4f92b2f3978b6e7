import type { Paise } from '../../kernel/money';

/**
 * CGST Rule 138(1): an e-way bill is needed to move goods of a consignment value above
 * ₹50,000 — the goods' value with tax, the exempt goods' value left out (Rule 138 explanation).
 */
export const EWAY_BILL_THRESHOLD: Paise = 5_000_000;
export const ewayBillRequired = (goodsValueWithTax: Paise) => goodsValueWithTax > EWAY_BILL_THRESHOLD;

/** NIC's sub-supply type: 1 supply, 2 import, 3 export. */
export type SubSupplyType = '1' | '2' | '3';

/**
 * An outward supply is an export when its place of supply is 96, a foreign country (IGST Act
 * s.2(5), s.13), whatever the customer's treatment; an inward supply is an import when it comes
 * from an overseas vendor (docs/rules/einvoice-ewaybill.md, "E-way bill").
 */
export function subSupplyTypeOf(supplyType: 'O' | 'I', placeOfSupply: string | null, gstTreatment: string | null): SubSupplyType {
  if (supplyType === 'O') return placeOfSupply === '96' ? '3' : '1';
  return gstTreatment === 'OVERSEAS' ? '2' : '1';
}
