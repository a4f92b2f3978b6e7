import { invalidValue } from '../../kernel/errors';
import type { Paise } from '../../kernel/money';
import { upiPaymentUri } from '../../kernel/upi';

/**
 * Payment links of `auto_charge` invoices (docs/decisions.md, Recurring schedules). Bahi takes
 * no money itself: the link is a UPI intent URI naming the organisation's own UPI VPA, so any
 * UPI app pays the organisation's bank account directly.
 */
export interface PaymentPayee {
  vpa: string;
  name: string;
}

/**
 * The payee of a new auto_charge invoice; refuses (on `auto_charge`) an organisation without a
 * UPI VPA, or an invoice not in INR (UPI moves rupees only).
 */
export function paymentLinkPayee(upiVpa: string | null, orgName: string, currency: string): PaymentPayee {
  if (upiVpa === null) {
    throw invalidValue('auto_charge', 'auto_charge needs the organisation\'s UPI VPA for the payment link: set the upiVpa preference (PUT /api/admin/v1/orgs/{org_id}/preferences) first');
  }
  if (currency !== 'INR') throw invalidValue('auto_charge', `auto_charge payment links are UPI links, in INR only; this invoice would be in ${currency}`);
  return { vpa: upiVpa, name: orgName };
}

/** The invoice fields a payment link reads. */
export interface PayableInvoice {
  payment_vpa: string | null;
  payment_payee: string | null;
  invoice_number: string;
  balance: Paise;
  status: string;
}

/**
 * The link, for the balance still due: only on an approved invoice with something left to pay
 * (not a DRAFT, not PAID, CREDIT_APPLIED or voided), so a paid invoice never invites a second
 * payment. The amount follows the balance as payments come in.
 */
export function paymentLinkOf(i: PayableInvoice, openStatuses: readonly string[]): string | null {
  if (i.payment_vpa === null || i.payment_payee === null) return null;
  if (!openStatuses.includes(i.status) || i.balance <= 0) return null;
  return upiPaymentUri({ vpa: i.payment_vpa, payeeName: i.payment_payee, amount: i.balance, note: i.invoice_number });
}
