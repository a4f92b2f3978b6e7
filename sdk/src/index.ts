export { createClient, type BahiClient, type ClientOptions } from './client.js';
export { BahiError } from './errors.js';
export type { ListItem, ListPath } from './lists.js';
export type { Answer } from './types.js';
export type { components, operations, paths, webhooks } from './generated/schema.js';
