import { Type, type Static } from '@sinclair/typebox';
import { Body, CursorQuery, DateOrDateTime, Id, Nullable, Query, StringEnum, Text } from '../../http/schema-kit';
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
  status: Type.Optional(StringEnum(PURCHASE_ORDER_STATUSES)),
  vendor_id: Type.Optional(Id('vendor_id')),
});
export type ListPurchaseOrdersQuery = Static<typeof ListPurchaseOrdersQuery>;
