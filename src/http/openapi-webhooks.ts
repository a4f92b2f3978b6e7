import type { TSchema } from '@sinclair/typebox';
import { deliveryBodySchema, EVENT_DATA, EVENT_TYPES } from '../platform/outbox/events';

/*
 * The OpenAPI 3.1 `webhooks` section: what the service POSTs to a registered endpoint for each
 * event type, with the body schema the sender uses (platform/outbox/events.ts) and the signature
 * headers (modules/webhooks/delivery-attempts.ts).
 */

export const WEBHOOK_PARAMETERS = {
  SvcEvent: { name: 'X-Svc-Event', in: 'header', required: true, schema: { type: 'string', enum: [...EVENT_TYPES] }, description: 'The event type, as `event_type` in the body' },
  SvcDelivery: { name: 'X-Svc-Delivery', in: 'header', required: true, schema: { type: 'string' }, description: 'The delivery id, the same on every retry and replay: drop a delivery already handled' },
  SvcTimestamp: { name: 'X-Svc-Timestamp', in: 'header', required: true, schema: { type: 'string', pattern: '^[0-9]+$' }, description: 'When this attempt was signed, in Unix seconds. Refuse a delivery more than 300 seconds from now.' },
  SvcSignature: {
    name: 'X-Svc-Signature', in: 'header', required: true, schema: { type: 'string', pattern: '^t=[0-9]+,v1=[0-9a-f]{64}$' }, example: 't=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
    description: '`t=<unix seconds>,v1=<hex HMAC-SHA256>`: the HMAC, with the endpoint\'s signing secret, of the timestamp, a dot, and the raw body bytes. Compare it in constant time.',
  },
} as const;

const refTo = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The event data schemas by title (several event types share one), for `components.schemas`. */
export function webhookSchemas(): Record<string, TSchema> {
  return Object.fromEntries(Object.values(EVENT_DATA).map((schema) => [schema.title!, schema]));
}

/** `webhooks`: one POST per event type; its body's `data` refers to the shared schema of its kind. */
export function webhooksSection() {
  return Object.fromEntries(EVENT_TYPES.map((type) => {
    const body = deliveryBodySchema(type);
    const schema = { ...body, properties: { ...body.properties, data: refTo('schemas', EVENT_DATA[type].title!) } };
    return [type, {
      post: {
        operationId: `on${type.toLowerCase().replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase())}`,
        summary: `The ${type} event`,
        tags: ['Webhooks'],
        security: [],
        parameters: Object.keys(WEBHOOK_PARAMETERS).map((name) => refTo('parameters', name)),
        requestBody: { required: true, content: { 'application/json': { schema } } },
        responses: {
          '200': { description: 'Any 2xx acknowledges the delivery' },
          '400': { description: 'Anything but a 2xx (or no answer within 10 s) is retried at about 30 s, 5 min, 30 min, 2 h, 6 h and 24 h, then the delivery fails' },
        },
      },
    }];
  }));
}
