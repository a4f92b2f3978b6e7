import { Type, type Static } from '@sinclair/typebox';
import { Body, CursorQuery, Id, Query, StringEnum } from '../../http/schema-kit';
import { EVENT_TYPES } from '../../platform/outbox/outbox';

export const DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;

export const CreateEndpointBody = Body({
  url: Type.String({ minLength: 1, maxLength: 2048, description: 'http(s) URL on a public address' }),
  events: Type.Array(StringEnum(EVENT_TYPES, 'an event type of the catalog'), { minItems: 1, maxItems: EVENT_TYPES.length, uniqueItems: true }),
});
export type CreateEndpointBody = Static<typeof CreateEndpointBody>;

export const ListDeliveriesQuery = Query({
  ...CursorQuery,
  endpoint_id: Type.Optional(Id('endpoint_id')),
  status: Type.Optional(StringEnum(DELIVERY_STATUSES)),
  event_type: Type.Optional(StringEnum(EVENT_TYPES)),
});
export type ListDeliveriesQuery = Static<typeof ListDeliveriesQuery>;
