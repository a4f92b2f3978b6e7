import { Type, type Static } from '@sinclair/typebox';
import { Body, CursorQuery, DateOrDateTime, Id, Nullable, Query, StringEnum, Text } from '../../http/schema-kit';
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
  status: Type.Optional(StringEnum(ESTIMATE_STATUSES)),
  customer_id: Type.Optional(Id('customer_id')),
});
export type ListEstimatesQuery = Static<typeof ListEstimatesQuery>;
