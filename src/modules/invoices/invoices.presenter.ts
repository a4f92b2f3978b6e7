import { fromJson } from '../../db/json';
import { isoTimestamp, type LocalDate } from '../../kernel/local-date';
import type { Address } from '../contacts/contacts.rules';
import { toRupees } from '../../kernel/money';
import { asDateTime, displayedStatus, presentLine, readPartyCopy } from '../documents';
import { presentTransport } from '../ewaybill/transport.rules';
import { OPEN_STATUSES } from './invoices.rules';
import { paymentLinkOf } from './payment-link.rules';
import { presentShippingBill } from './shipping-bill.rules';
import type { InvoiceLineRow, InvoiceRow } from './invoices.repository';

/** An invoice as the API shows it (spec: Invoice). */
export function presentInvoice(i: InvoiceRow, lines: readonly InvoiceLineRow[], today: LocalDate) {
  return {
    invoice_id: i.invoice_id,
    invoice_number: i.invoice_number,
    customer_id: i.customer_id,
    customer_name: i.customer_name,
    branch_id: i.branch_id,
    date: asDateTime(i.invoice_date),
    due_date: asDateTime(i.due_date),
    reference_number: i.reference_number,
    place_of_supply: i.place_of_supply,
    gst_treatment: i.gst_treatment,
    party: readPartyCopy(i.party),
    export_type: i.export_type,
    is_inclusive_tax: i.is_inclusive_tax === 1,
    is_reverse_charge: i.is_reverse_charge === 1,
    currency_code: i.currency_code,
    exchange_rate: i.exchange_rate_micro / 1_000_000,
    line_items: lines.map(presentLine),
    sub_total: toRupees(i.sub_total),
    tax_total: toRupees(i.tax_total),
    cgst_total: toRupees(i.cgst_total),
    sgst_total: toRupees(i.sgst_total),
    igst_total: toRupees(i.igst_total),
    cess_total: toRupees(i.cess_total),
    round_off: toRupees(i.round_off),
    total: toRupees(i.total),
    payment_made: toRupees(i.payment_made),
    credits_applied: toRupees(i.credits_applied),
    balance: toRupees(i.balance),
    status: displayedStatus(i.status, OPEN_STATUSES, i.balance, i.due_date, today),
    salesperson_id: i.salesperson_id,
    sales_order_id: i.sales_order_id,
    notes: i.notes,
    /** A UPI payment link for the balance (invoices of auto_charge schedules only); null otherwise. */
    payment_link: paymentLinkOf(i, OPEN_STATUSES),
    ...presentTransport(i),
    dispatch_from: fromJson<Address>(i.dispatch_from),
    shipping_bill: presentShippingBill(i),
    created_time: isoTimestamp(new Date(i.created_time)),
    last_modified_time: isoTimestamp(new Date(i.last_modified_time)),
  };
}
