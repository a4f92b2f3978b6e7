import { Type, type Static } from '@sinclair/typebox';
import { Body, CursorQuery, DateOrDateTime, Id, Nullable, Query, StringEnum, Text } from '../../http/schema-kit';
import { LineItems } from '../documents/line-items.schemas';
import { SALES_ORDER_STATUSES } from './sales-orders.rules';

export const CreateSalesOrderBody = Body({
  customer_id: Id('customer_id'),
  date: DateOrDateTime,
  place_of_supply: Type.Optional(Text(60, 1)),
  shipment_date: Type.Optional(Nullable(DateOrDateTime)),
  line_items: LineItems,
  branch_id: Type.Optional(Id('branch_id')),
  reference_number: Type.Optional(Nullable(Text(100))),
  notes: Type.Optional(Nullable(Text(5000))),
});
export type CreateSalesOrderBody = Static<typeof CreateSalesOrderBody>;

/** The header, and a status move (see SALES_ORDER_MOVES); lines are fixed once created. */
export const UpdateSalesOrderBody = Body({
  reference_number: Type.Optional(Nullable(Text(100))),
  shipment_date: Type.Optional(Nullable(DateOrDateTime)),
  notes: Type.Optional(Nullable(Text(5000))),
  status: Type.Optional(StringEnum(SALES_ORDER_STATUSES)),
});
export type UpdateSalesOrderBody = Static<typeof UpdateSalesOrderBody>;

export const ListSalesOrdersQuery = Query({
  ...CursorQuery,
  status: Type.Optional(StringEnum(SALES_ORDER_STATUSES)),
  customer_id: Type.Optional(Id('customer_id')),
});
export type ListSalesOrdersQuery = Static<typeof ListSalesOrdersQuery>;
