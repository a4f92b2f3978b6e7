import type { Paise } from '../../kernel/money';

/**
 * CGST Rule 138(1): an e-way bill is needed to move goods of a consignment value above
 * ₹50,000 — the goods' value with tax, the exempt goods' value left out (Rule 138 explanation).
 */
export const EWAY_BILL_THRESHOLD: Paise = 5_000_000;
export const ewayBillRequired = (goodsValueWithTax: Paise) => goodsValueWithTax > EWAY_BILL_THRESHOLD;
