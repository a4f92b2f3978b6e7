import { isoTimestamp, type LocalDate } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import { asDateTime, displayedStatus, presentLine, presentTotals, readPartyCopy } from '../documents';
import { presentTransport } from '../ewaybill/transport.rules';
import { BILL_OPEN_STATUSES } from './bills.rules';
import type { BillLineRow, BillRow } from './bills.repository';

/** A bill as the API shows it (spec: Bill). */
export function presentBill(b: BillRow, lines: readonly BillLineRow[], today: LocalDate) {
  return {
    bill_id: b.bill_id,
    bill_number: b.bill_number,
    vendor_id: b.vendor_id,
    vendor_name: b.vendor_name,
    branch_id: b.branch_id,
    date: asDateTime(b.bill_date),
    due_date: asDateTime(b.due_date),
    reference_number: b.reference_number,
    place_of_supply: b.place_of_supply,
    gst_treatment: b.gst_treatment,
    party: readPartyCopy(b.party),
    is_inclusive_tax: b.is_inclusive_tax === 1,
    currency_code: b.currency_code,
    exchange_rate: b.exchange_rate_micro / 1_000_000,
    line_items: lines.map((l) => ({ ...presentLine(l), itc_blocked_reason: l.itc_blocked_reason })),
    ...presentTotals(b),
    round_off: toRupees(b.round_off),
    payment_made: toRupees(b.payment_made),
    vendor_credits_applied: toRupees(b.vendor_credits_applied),
    balance: toRupees(b.balance),
    status: displayedStatus(b.status, BILL_OPEN_STATUSES, b.balance, b.due_date, today),
    purchase_order_id: b.purchase_order_id,
    is_rcm: b.is_rcm === 1,
    document_type: b.document_type,
    original_bill_id: b.original_bill_id,
    ...presentTransport(b),
    notes: b.notes,
    created_time: isoTimestamp(new Date(b.created_time)),
    last_modified_time: isoTimestamp(new Date(b.last_modified_time)),
  };
}
