import { isoTimestamp } from '../../kernel/local-date';
import { asDateTime, presentLine, presentTotals } from '../documents';
import type { SalesOrderLineRow, SalesOrderRow } from './sales-orders.repository';

/** A sales order as the API shows it. */
export function presentSalesOrder(o: SalesOrderRow, lines: readonly SalesOrderLineRow[]) {
  return {
    sales_order_id: o.sales_order_id,
    sales_order_number: o.sales_order_number,
    customer_id: o.customer_id,
    customer_name: o.customer_name,
    branch_id: o.branch_id,
    date: asDateTime(o.order_date),
    shipment_date: o.shipment_date === null ? null : asDateTime(o.shipment_date),
    reference_number: o.reference_number,
    place_of_supply: o.place_of_supply,
    line_items: lines.map(presentLine),
    ...presentTotals(o),
    status: o.status,
    notes: o.notes,
    estimate_id: o.estimate_id,
    invoice_id: o.invoice_id,
    created_time: isoTimestamp(new Date(o.created_time)),
    last_modified_time: isoTimestamp(new Date(o.last_modified_time)),
  };
}
