import { isoTimestamp } from '../../kernel/local-date';
import { asDateTime, presentLine, presentTotals } from '../documents';
import type { PurchaseOrderLineRow, PurchaseOrderRow } from './purchase-orders.repository';

/** A purchase order as the API shows it. */
export function presentPurchaseOrder(o: PurchaseOrderRow, lines: readonly PurchaseOrderLineRow[]) {
  return {
    purchase_order_id: o.purchase_order_id,
    purchase_order_number: o.purchase_order_number,
    vendor_id: o.vendor_id,
    vendor_name: o.vendor_name,
    branch_id: o.branch_id,
    date: asDateTime(o.order_date),
    expected_date: o.expected_date === null ? null : asDateTime(o.expected_date),
    reference_number: o.reference_number,
    place_of_supply: o.place_of_supply,
    line_items: lines.map(presentLine),
    ...presentTotals(o),
    status: o.status,
    notes: o.notes,
    bill_id: o.bill_id,
    created_time: isoTimestamp(new Date(o.created_time)),
    last_modified_time: isoTimestamp(new Date(o.last_modified_time)),
  };
}
