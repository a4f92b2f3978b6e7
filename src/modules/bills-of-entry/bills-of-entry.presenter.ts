import { isoTimestamp } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import { asDateTime } from '../documents';
import type { BillOfEntryRow } from './bills-of-entry.repository';

/** A Bill of Entry as the API shows it, with the bills it covers. */
export function presentBillOfEntry(b: BillOfEntryRow, billIds: readonly string[]) {
  return {
    bill_of_entry_id: b.bill_of_entry_id,
    number: b.boe_number,
    date: asDateTime(b.boe_date),
    port_code: b.port_code,
    branch_id: b.branch_id,
    assessable_value: toRupees(b.assessable_value),
    basic_customs_duty: toRupees(b.basic_customs_duty),
    social_welfare_surcharge: toRupees(b.social_welfare_surcharge),
    igst_taxable_value: toRupees(b.igst_taxable_value),
    igst: toRupees(b.igst),
    total: toRupees(b.total),
    paid_through_account_id: b.paid_through_account_id,
    goods_account_id: b.goods_account_id,
    sez_supplier_gstin: b.sez_supplier_gstin,
    bill_ids: [...billIds],
    status: 'RECORDED' as const,
    created_time: isoTimestamp(new Date(b.created_time)),
    last_modified_time: isoTimestamp(new Date(b.last_modified_time)),
  };
}
