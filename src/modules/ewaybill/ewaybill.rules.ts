import type { Paise } from '../../kernel/money';
import type { TRANSPORT_MODES } from './ewaybill.schemas';

/** NIC's transport mode code of a query's mode, given by name or by code. */
const CODES = { road: '1', rail: '2', air: '3', ship: '4' } as const;
export type TransMode = '1' | '2' | '3' | '4';
export const transModeOf = (mode: (typeof TRANSPORT_MODES)[number]): TransMode => (mode in CODES ? CODES[mode as keyof typeof CODES] : mode as TransMode);

/**
 * CGST Rule 138(1): an e-way bill is needed to move goods of a consignment value above
 * ₹50,000 — the goods' value with tax, the exempt goods' value left out (Rule 138 explanation).
 */
export const EWAY_BILL_THRESHOLD: Paise = 5_000_000;
export const ewayBillRequired = (goodsValueWithTax: Paise) => goodsValueWithTax > EWAY_BILL_THRESHOLD;

/** A vehicle number as NIC takes it: capitals and digits only (KA 01 AB-1234 → KA01AB1234). */
export const vehicleNumber = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase();
