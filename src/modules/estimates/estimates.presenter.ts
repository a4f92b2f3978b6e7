import { isoTimestamp } from '../../kernel/local-date';
import { asDateTime, presentLine, presentTotals } from '../documents';
import type { EstimateLineRow, EstimateRow } from './estimates.repository';

/** An estimate as the API shows it. */
export function presentEstimate(e: EstimateRow, lines: readonly EstimateLineRow[]) {
  return {
    estimate_id: e.estimate_id,
    estimate_number: e.estimate_number,
    customer_id: e.customer_id,
    customer_name: e.customer_name,
    branch_id: e.branch_id,
    date: asDateTime(e.estimate_date),
    expiry_date: e.expiry_date === null ? null : asDateTime(e.expiry_date),
    reference_number: e.reference_number,
    place_of_supply: e.place_of_supply,
    line_items: lines.map(presentLine),
    ...presentTotals(e),
    status: e.status,
    notes: e.notes,
    converted_to_sales_order_id: e.converted_to_sales_order_id,
    created_time: isoTimestamp(new Date(e.created_time)),
    last_modified_time: isoTimestamp(new Date(e.last_modified_time)),
  };
}
