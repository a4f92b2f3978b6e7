export { webhooksService, type WebhooksService } from './webhooks.service';
export { deliveryWorker, type DeliveryWorkerDeps } from './delivery-worker';
export { webhooksRoutes } from './webhooks.routes';
export { httpSender } from './webhook-sender';
export type { Resolver } from './ssrf-guard';
export { webhookQueueDepths } from './webhooks.repository';
export { acknowledged } from './webhooks.rules';
export { sealedSigningSecrets } from './sealed-signing-secrets';
