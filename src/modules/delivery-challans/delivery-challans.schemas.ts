import { Type, type Static } from '@sinclair/typebox';
import { Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { Body, CursorQuery, DateOrDateTime, Id, Nullable, Query, SearchQuery, StringEnum, Text } from '../../http/schema-kit';
import { Address, AddressInput } from '../contacts/contacts.schemas';
import { DocumentDate, LineItem, totalsProperties } from '../documents/documents.responses';
import { LineItems } from '../documents/line-items.schemas';
import { TransportInputFields, TransportProperties } from '../ewaybill/ewaybill.schemas';
import { CHALLAN_REASONS, CHALLAN_STATUSES } from './delivery-challans.rules';

export const CreateDeliveryChallanBody = Body({
  reason: StringEnum(CHALLAN_REASONS, 'Why the goods move: JOB_WORK, ON_APPROVAL, OWN_USE (a site, or a branch of the same GSTIN), PURCHASE_RETURN (back to the vendor), OTHER'),
  contact_id: Type.Optional(Id('The consignee: a customer, a vendor or a job worker; required unless to_branch_id names the receiving branch')),
  to_branch_id: Type.Optional(Id('A branch of the same GSTIN the goods are transferred to (reason OWN_USE), in place of contact_id')),
  branch_id: Type.Optional(Id('The branch the goods leave; the default branch if absent')),
  date: DateOrDateTime,
  place_of_supply: Type.Optional(Text(60, 1)),
  line_items: LineItems,
  dispatch_from: Type.Optional(Nullable(AddressInput)),
  ship_to: Type.Optional(Nullable(AddressInput)),
  reference_number: Type.Optional(Nullable(Text(100))),
  notes: Type.Optional(Nullable(Text(5000))),
  ...TransportInputFields,
});
export type CreateDeliveryChallanBody = Static<typeof CreateDeliveryChallanBody>;

export const ListDeliveryChallansQuery = Query({
  ...CursorQuery,
  ...SearchQuery(),
  reason: Type.Optional(StringEnum(CHALLAN_REASONS)),
  overdue: Type.Optional(Type.Boolean({ description: 'true: only goods sent on approval neither invoiced nor returned within six months of removal (CGST s.31(7))' })),
});
export type ListDeliveryChallansQuery = Static<typeof ListDeliveryChallansQuery>;

export const LinkInvoiceBody = Body({ invoice_id: Id('The invoice that supplied the goods sent on approval') });
export type LinkInvoiceBody = Static<typeof LinkInvoiceBody>;

/** A party of Rule 55(1)(b): name, address and GSTIN (null when unregistered). */
const ChallanParty = Strict({ name: Type.String(), gstin: NullableOf(Type.String()), address: NullableOf(Address) });

/** A delivery challan (delivery-challans.presenter.ts presentDeliveryChallan). */
export const DeliveryChallan = Named('DeliveryChallan', Strict({
  delivery_challan_id: Type.String(),
  delivery_challan_number: Type.String({ description: 'DC-26-27-00001 and on (its series)' }),
  reason: StringEnum(CHALLAN_REASONS),
  status: StringEnum(CHALLAN_STATUSES),
  branch_id: Type.String(),
  contact_id: NullableOf(Type.String()),
  to_branch_id: NullableOf(Type.String()),
  date: DocumentDate,
  consignor: ChallanParty,
  consignee: ChallanParty,
  place_of_supply: Type.String({ description: 'Where the goods go: the consignee\'s state (for an inter-state movement, Rule 55(1)(f))' }),
  dispatch_from: NullableOf(Address),
  ship_to: NullableOf(Address),
  line_items: Type.Array(LineItem),
  ...totalsProperties,
  ...TransportProperties,
  invoice_id: NullableOf(Type.String({ description: 'The invoice that made goods sent on approval a supply' })),
  approval_due_date: NullableOf(Type.String({ description: 'ON_APPROVAL: six months from removal, the last day to invoice (CGST s.31(7)); null otherwise' })),
  approval_overdue: Type.Boolean({ description: 'ON_APPROVAL, not invoiced and past approval_due_date: the goods were supplied that day and the invoice is late' }),
  reference_number: NullableOf(Type.String()),
  notes: NullableOf(Type.String()),
  created_time: Timestamp,
  last_modified_time: Timestamp,
}, 'Goods moved without a sale (CGST Rule 55): to a job worker, on approval, for own use or a branch of the same GSTIN, back to a vendor.'));
