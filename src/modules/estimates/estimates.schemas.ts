import { Type, type Static } from '@sinclair/typebox';
import { Named, NullableOf, Strict } from '../../http/response-schemas';
import { Body, CursorQuery, DateOrDateTime, Id, Nullable, Query, SearchQuery, StringEnum, Text } from '../../http/schema-kit';
import { DocumentDate, salesDocumentProperties } from '../documents/documents.responses';
import { LineItems } from '../documents/line-items.schemas';
import { ESTIMATE_STATUSES } from './estimates.rules';

export const CreateEstimateBody = Body({
  customer_id: Id('customer_id'),
  date: DateOrDateTime,
  expiry_date: Type.Optional(Nullable(DateOrDateTime)),
  place_of_supply: Type.Optional(Text(60, 1)),
  line_items: LineItems,
  branch_id: Type.Optional(Id('branch_id')),
  reference_number: Type.Optional(Nullable(Text(100))),
  notes: Type.Optional(Nullable(Text(5000))),
});
export type CreateEstimateBody = Static<typeof CreateEstimateBody>;

/** "Header and status" (spec): the header fields, and a status move (see ESTIMATE_MOVES). */
export const UpdateEstimateBody = Body({
  reference_number: Type.Optional(Nullable(Text(100))),
  expiry_date: Type.Optional(Nullable(DateOrDateTime)),
  notes: Type.Optional(Nullable(Text(5000))),
  status: Type.Optional(StringEnum(ESTIMATE_STATUSES)),
});
export type UpdateEstimateBody = Static<typeof UpdateEstimateBody>;

export const ListEstimatesQuery = Query({
  ...CursorQuery,
  ...SearchQuery(),
  status: Type.Optional(StringEnum(ESTIMATE_STATUSES)),
  customer_id: Type.Optional(Id('customer_id')),
});
export type ListEstimatesQuery = Static<typeof ListEstimatesQuery>;

/** An estimate (estimates.presenter.ts presentEstimate). */
export const Estimate = Named('Estimate', Strict({
  estimate_id: Type.String(),
  estimate_number: Type.String({ description: 'EST-26-27-00001 and on (its series)' }),
  ...salesDocumentProperties,
  expiry_date: NullableOf(DocumentDate),
  status: StringEnum(ESTIMATE_STATUSES),
  converted_to_sales_order_id: NullableOf(Type.String({ description: 'The sales order this estimate was converted to, once CONVERTED' })),
}, 'A quote to a customer, which may become a sales order.'));
