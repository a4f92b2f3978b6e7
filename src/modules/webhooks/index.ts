export { webhooksService, type WebhooksService } from './webhooks.service';
export { webhooksRoutes } from './webhooks.routes';
export { secretBox } from './secret-box';
export { httpSender } from './webhook-sender';
export type { Resolver } from './ssrf-guard';
