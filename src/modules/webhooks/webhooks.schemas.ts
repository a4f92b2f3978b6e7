import { Type, type Static } from '@sinclair/typebox';
import { Body, CursorQuery, Id, Query, StringEnum } from '../../http/schema-kit';
import { Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
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

const EventType = StringEnum(EVENT_TYPES);

const endpointProperties = {
  endpoint_id: Type.String(),
  url: Type.String(),
  events: Type.Array(EventType, { description: 'The event types sent to this endpoint' }),
  created_time: Timestamp,
};

export const WebhookEndpoint = Named('WebhookEndpoint', Strict(endpointProperties, 'Where events are sent; its signing secret is never shown again.'));

/** The answer to a create: the only one that carries the secret. */
export const NewWebhookEndpoint = Named('NewWebhookEndpoint', Strict({
  ...endpointProperties,
  secret: Type.String({ description: 'The signing secret of the X-Svc-Signature header; shown only in this answer, keep it' }),
}, 'A webhook endpoint just registered, with its signing secret.'));

const deliveryProperties = {
  delivery_id: Type.String({ description: 'The same on every attempt and replay; a receiver can use it to drop duplicates' }),
  endpoint_id: Type.String(),
  event_id: Type.String(),
  event_type: EventType,
  status: StringEnum(DELIVERY_STATUSES),
  attempts: Type.Integer({ description: 'Attempts made so far' }),
  next_attempt_at: NullableOf(Type.String({ format: 'date-time', description: 'When the next retry is due; null unless PENDING' })),
  last_attempt_at: NullableOf(Type.String({ format: 'date-time', description: 'null before the first attempt' })),
  last_response_status: NullableOf(Type.Integer({ description: "The endpoint's HTTP status on the last attempt; null before one, or when none came back" })),
  created_time: Timestamp,
};

export const WebhookDelivery = Named('WebhookDelivery', Strict(deliveryProperties, 'One event sent to one endpoint.'));

const WebhookAttempt = Named('WebhookAttempt', Strict({
  attempt: Type.Integer({ description: 'From 1' }),
  attempted_at: Timestamp,
  response_status: NullableOf(Type.Integer({ description: 'null when no HTTP answer came back (see error)' })),
  latency_ms: Type.Integer(),
  response_body: NullableOf(Type.String({ description: "The start of the endpoint's answer" })),
  error: NullableOf(Type.String({ description: 'Why the attempt failed without an HTTP answer (timeout, refused address, …)' })),
}, 'One attempt at a delivery.'));

export const WebhookDeliveryDetail = Named('WebhookDeliveryDetail', Strict({
  ...deliveryProperties,
  attempt_log: Type.Array(WebhookAttempt, { description: 'Every attempt, oldest first' }),
}, 'A delivery with every attempt made.'));
