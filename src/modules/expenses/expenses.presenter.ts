import { isoTimestamp } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import { asDateTime, readPartyCopy } from '../documents';
import type { ExpenseLineRow, ExpenseRow } from './expenses.repository';

const percent = (centi: number | null) => (centi === null ? null : centi / 100);

/**
 * An expense as the API shows it: the create inputs (spec) plus what was computed. `total`
 * is what left the paid-through account; under reverse charge the tax is self-assessed, so
 * `total` is the amount alone and `tax_total` the tax owed on it.
 */
export function presentExpense(e: ExpenseRow, lines: readonly ExpenseLineRow[]) {
  return {
    expense_id: e.expense_id,
    date: asDateTime(e.expense_date),
    account_id: e.account_id,
    paid_through_account_id: e.paid_through_account_id,
    amount: toRupees(e.amount),
    mode: e.mode,
    reference_number: e.reference_number,
    vendor_id: e.vendor_id,
    vendor_name: e.vendor_name,
    party: readPartyCopy(e.party),
    tax_id: e.tax_id,
    is_inclusive_tax: e.is_inclusive_tax === 1,
    branch_id: e.branch_id,
    place_of_supply: e.place_of_supply,
    is_rcm: e.is_rcm === 1,
    rcm_rate: percent(e.rcm_rate_centi),
    itc_blocked_reason: e.itc_blocked_reason,
    line_items: lines.map(presentExpenseLine),
    sub_total: toRupees(e.sub_total),
    tax_total: toRupees(e.tax_total),
    cgst_total: toRupees(e.cgst_total),
    sgst_total: toRupees(e.sgst_total),
    igst_total: toRupees(e.igst_total),
    total: toRupees(e.total),
    status: e.status,
    notes: e.notes,
    created_time: isoTimestamp(new Date(e.created_time)),
    last_modified_time: isoTimestamp(new Date(e.last_modified_time)),
  };
}

function presentExpenseLine(l: ExpenseLineRow) {
  return {
    line_item_id: l.line_item_id,
    account_id: l.account_id,
    amount: toRupees(l.amount),
    tax_id: l.tax_id,
    tax_percentage: l.tax_rate_centi / 100,
    item_total: toRupees(l.item_total),
    tax_amount: toRupees(l.tax),
    cgst_amount: toRupees(l.cgst),
    sgst_amount: toRupees(l.sgst),
    igst_amount: toRupees(l.igst),
    total: toRupees(l.total),
    note: l.note,
  };
}
