import { Type, type Static } from '@sinclair/typebox';
import { Named, NullableOf, Strict } from '../../http/response-schemas';
import { Body, CursorQuery, DateOrDateTime, Id, Nullable, Query, SearchQuery, StringEnum, Text } from '../../http/schema-kit';
import { purchaseDocumentProperties } from '../documents/documents.responses';
import { DocumentDate } from '../documents/documents.responses';
import { LineItems } from '../documents/line-items.schemas';
import { PURCHASE_ORDER_STATUSES } from './purchase-orders.rules';

export const CreatePurchaseOrderBody = Body({
  vendor_id: Id('vendor_id'),
  date: DateOrDateTime,
  expected_date: Type.Optional(Nullable(DateOrDateTime)),
  line_items: LineItems,
  place_of_supply: Type.Optional(Text(60, 1)),
  branch_id: Type.Optional(Id('branch_id')),
  reference_number: Type.Optional(Nullable(Text(100))),
  notes: Type.Optional(Nullable(Text(5000))),
});
export type CreatePurchaseOrderBody = Static<typeof CreatePurchaseOrderBody>;

/** The header, and a status move (see PURCHASE_ORDER_MOVES); lines are fixed once created. */
export const UpdatePurchaseOrderBody = Body({
  reference_number: Type.Optional(Nullable(Text(100))),
  expected_date: Type.Optional(Nullable(DateOrDateTime)),
  notes: Type.Optional(Nullable(Text(5000))),
  status: Type.Optional(StringEnum(PURCHASE_ORDER_STATUSES)),
});
export type UpdatePurchaseOrderBody = Static<typeof UpdatePurchaseOrderBody>;

export const ListPurchaseOrdersQuery = Query({
  ...CursorQuery,
  ...SearchQuery(),
  status: Type.Optional(StringEnum(PURCHASE_ORDER_STATUSES)),
  vendor_id: Type.Optional(Id('vendor_id')),
});
export type ListPurchaseOrdersQuery = Static<typeof ListPurchaseOrdersQuery>;

/** A purchase order (purchase-orders.presenter.ts presentPurchaseOrder). */
export const PurchaseOrder = Named('PurchaseOrder', Strict({
  purchase_order_id: Type.String(),
  purchase_order_number: Type.String(),
  ...purchaseDocumentProperties,
  expected_date: NullableOf({ ...DocumentDate, description: 'When the goods are expected, if said' }),
  status: StringEnum(PURCHASE_ORDER_STATUSES),
  bill_id: NullableOf(Type.String({ description: 'The bill the order was converted to, once BILLED' })),
}, 'An order placed with a vendor; converting it makes a DRAFT bill.'));
