import type { IdempotencyRequest } from './idempotency/idempotency.types';

export type ActivitySource = 'PUBLIC_API' | 'ADMIN_API' | 'SYSTEM' | 'RECURRING';

/** Who is acting, for which organisation, and the request around it. Passed to every use case. */
export interface RequestContext {
  orgId: string;
  tokenId: string | null;
  userId: string | null;
  scopes: readonly string[];
  /** The token's tier (e.g. DEFAULT); SYSTEM for the service's own work. */
  tier: string;
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  source: ActivitySource;
  /** Present when the caller sent an Idempotency-Key: the unit of work claims and completes it. */
  idempotency?: IdempotencyRequest;
}

/** Context for work the service does on its own (jobs, bootstrap). */
export function systemContext(orgId: string, requestId: string): RequestContext {
  return { orgId, tokenId: null, userId: null, scopes: [], tier: 'SYSTEM', requestId, ip: null, userAgent: null, source: 'SYSTEM' };
}
