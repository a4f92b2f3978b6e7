import type { Paise } from './money';

/**
 * UPI payment links (recurring `auto_charge`). A UPI Virtual Payment Address is
 * `<handle>@<psp>`: the handle letters, digits, dots, hyphens and underscores (2-256), the PSP
 * handle letters and digits starting with a letter (2-64), as NPCI's apps accept them.
 */
export const UPI_VPA_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$';

export const isUpiVpa = (value: string) => new RegExp(UPI_VPA_PATTERN).test(value);

/** RFC 3986 query encoding; `@` may stay literal in a query, and UPI apps expect `pa=name@psp` unescaped. */
const queryValue = (value: string) => encodeURIComponent(value).replace(/%40/g, '@');

/** Paise as a UPI amount: rupees with exactly two decimals ("1180.00"). */
const upiAmount = (paise: Paise) => `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

export interface UpiPayment {
  vpa: string;
  payeeName: string;
  /** The amount to pay, in paise (positive). */
  amount: Paise;
  /** The transaction note, shown to the payer: the invoice number. */
  note: string;
}

/** The UPI intent URI `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…` that any UPI app opens (NPCI deep-link format). */
export function upiPaymentUri(p: UpiPayment): string {
  const params: Array<[string, string]> = [['pa', p.vpa], ['pn', p.payeeName], ['am', upiAmount(p.amount)], ['cu', 'INR'], ['tn', p.note]];
  return `upi://pay?${params.map(([k, v]) => `${k}=${queryValue(v)}`).join('&')}`;
}
