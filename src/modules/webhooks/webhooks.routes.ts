import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { Type } from '@sinclair/typebox';
import { PageContext } from '../../http/response-schemas';
import {
  CreateEndpointBody, ListDeliveriesQuery, NewWebhookEndpoint, WebhookDelivery, WebhookDeliveryDetail, WebhookEndpoint,
} from './webhooks.schemas';
import type { WebhooksService } from './webhooks.service';

const tags = ['Webhooks'];

/**
 * Scopes (the spec leaves them open; docs/decisions.md "Webhooks"): webhooks push the event
 * stream, the sibling of the activity log, so they take the activity scopes.
 */
export function webhooksRoutes(webhooks: WebhooksService): RouteDef[] {
  return [
    route({
      method: 'POST', url: '/webhooks/endpoints', operationId: 'createWebhookEndpoint',
      summary: 'Register a webhook endpoint; its signing secret is shown only in this response', tags,
      access: 'Svc.activity.CREATE', body: CreateEndpointBody, sealAnswer: true, status: 201, message: 'The webhook endpoint has been created.', response: { endpoint: NewWebhookEndpoint },
      handle: ({ ctx, body }) => webhooks.createEndpoint(ctx, body),
    }),
    route({
      method: 'GET', url: '/webhooks/endpoints', operationId: 'listWebhookEndpoints', summary: 'List webhook endpoints (no secrets)', tags,
      access: 'Svc.activity.READ', response: { endpoints: Type.Array(WebhookEndpoint) },
      handle: ({ ctx }) => webhooks.listEndpoints(ctx),
    }),
    route({
      method: 'DELETE', url: '/webhooks/endpoints/:endpoint_id', operationId: 'deleteWebhookEndpoint',
      summary: 'Delete a webhook endpoint; its pending deliveries are closed as FAILED', tags,
      access: 'Svc.activity.DELETE', params: IdParam('endpoint_id'), message: 'The webhook endpoint has been deleted.', response: { endpoint_id: Type.String() },
      handle: ({ ctx, params }) => webhooks.deleteEndpoint(ctx, params.endpoint_id),
    }),
    route({
      method: 'GET', url: '/webhooks/deliveries', operationId: 'listWebhookDeliveries', summary: 'The delivery log, newest first', tags,
      access: 'Svc.activity.READ', query: ListDeliveriesQuery, response: { deliveries: Type.Array(WebhookDelivery), page_context: PageContext },
      handle: ({ ctx, query }) => webhooks.listDeliveries(ctx, query),
    }),
    route({
      method: 'GET', url: '/webhooks/deliveries/:delivery_id', operationId: 'getWebhookDelivery', summary: 'A delivery with every attempt', tags,
      access: 'Svc.activity.READ', params: IdParam('delivery_id'), response: { delivery: WebhookDeliveryDetail },
      handle: ({ ctx, params }) => webhooks.getDelivery(ctx, params.delivery_id),
    }),
    route({
      method: 'POST', url: '/webhooks/deliveries/:delivery_id/replay', operationId: 'replayWebhookDelivery',
      summary: 'Send a delivery again now, with the same delivery id', tags,
      access: 'Svc.activity.UPDATE', params: IdParam('delivery_id'), message: 'The delivery has been sent again.', response: { delivery: WebhookDelivery },
      handle: ({ ctx, params }) => webhooks.replayDelivery(ctx, params.delivery_id),
    }),
  ];
}
