import { Type, type Static } from '@sinclair/typebox';
import { Named, NullableOf, Strict } from '../../http/response-schemas';
import { Body, CursorQuery, DateOrDateTime, Id, Nullable, Query, SearchQuery, StringEnum, Text } from '../../http/schema-kit';
import { DocumentDate, salesDocumentProperties } from '../documents/documents.responses';
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
  ...SearchQuery(),
  status: Type.Optional(StringEnum(SALES_ORDER_STATUSES)),
  customer_id: Type.Optional(Id('customer_id')),
});
export type ListSalesOrdersQuery = Static<typeof ListSalesOrdersQuery>;

/** A sales order (sales-orders.presenter.ts presentSalesOrder). */
export const SalesOrder = Named('SalesOrder', Strict({
  sales_order_id: Type.String(),
  sales_order_number: Type.String({ description: 'SO-26-27-00001 and on (its series)' }),
  ...salesDocumentProperties,
  shipment_date: NullableOf(DocumentDate),
  status: StringEnum(SALES_ORDER_STATUSES),
  estimate_id: NullableOf(Type.String({ description: 'The estimate this order was converted from, if any' })),
  invoice_id: NullableOf(Type.String({ description: 'The invoice this order was converted to, once INVOICED' })),
}, "A customer's confirmed order, before it is invoiced."));
