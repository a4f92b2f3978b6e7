import { fromJson } from '../../db/json';
import { isoTimestamp, type LocalDate } from '../../kernel/local-date';
import type { Address } from '../contacts/contacts.rules';
import { asDateTime, presentLine, presentTotals } from '../documents';
import { presentTransport } from '../ewaybill/transport.rules';
import { approvalDueDate, isApprovalOverdue, type ChallanReason, type ChallanStatus } from './delivery-challans.rules';
import type { DeliveryChallanLineRow, DeliveryChallanRow } from './delivery-challans.repository';

/** A party of Rule 55(1)(b) as the challan shows it. */
export interface ChallanParty { name: string; gstin: string | null; address: Address | null }

/** A delivery challan as the API shows it, with its consignor and consignee (Rule 55(1)(b)) and, on approval, whether its invoice is late on `today`. */
export function presentDeliveryChallan(c: DeliveryChallanRow, lines: readonly DeliveryChallanLineRow[], parties: { consignor: ChallanParty; consignee: ChallanParty }, today: LocalDate) {
  return {
    delivery_challan_id: c.delivery_challan_id,
    delivery_challan_number: c.delivery_challan_number,
    reason: c.reason as ChallanReason,
    status: c.status as ChallanStatus,
    branch_id: c.branch_id,
    contact_id: c.contact_id,
    to_branch_id: c.to_branch_id,
    date: asDateTime(c.challan_date),
    ...parties,
    place_of_supply: c.place_of_supply,
    dispatch_from: fromJson<Address>(c.dispatch_from),
    ship_to: fromJson<Address>(c.ship_to),
    line_items: lines.map(presentLine),
    ...presentTotals(c),
    ...presentTransport(c),
    invoice_id: c.invoice_id,
    approval_due_date: c.reason === 'ON_APPROVAL' ? approvalDueDate(c.challan_date) : null,
    approval_overdue: isApprovalOverdue(c, today),
    reference_number: c.reference_number,
    notes: c.notes,
    created_time: isoTimestamp(new Date(c.created_time)),
    last_modified_time: isoTimestamp(new Date(c.last_modified_time)),
  };
}
