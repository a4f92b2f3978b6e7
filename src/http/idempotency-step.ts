import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { DomainError, invalidValue } from '../kernel/errors';
import { serializeBody } from '../kernel/json-text';
import { IDEMPOTENCY_KEY_PATTERN, type IdempotencyStore } from '../platform/idempotency/idempotency.store';
import type { IdempotencyRequest, RenderedResponse } from '../platform/idempotency/idempotency.types';
import { readPreferences } from '../platform/orgs/preferences';
import { envelope, type RouteDef } from './route';

const KEY_RE = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** The success response a route gives for a use case's result, serialised once. */
export function renderSuccess(def: RouteDef, result: Record<string, unknown>): RenderedResponse {
  const status = def.acceptedWhen?.(result) ? 202 : def.status ?? 200;
  return { status, body: serializeBody(def.raw ? result : envelope(def.message ?? 'success', result)) };
}

/**
 * Runs before body validation on mutating routes: reads Idempotency-Key, enforces the
 * mandatory list, and answers a retry from the stored response without running anything
 * (nor reading a streamed body). The unit of work re-checks inside the transaction, which
 * is the real guarantee.
 */
export function idempotencyStepFor(def: RouteDef, database: Database, idempotency: IdempotencyStore) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const ctx = request.ctx;
    if (!ctx || !ctx.tokenId) return;
    const key = await presentedKey(def, request, database, ctx.orgId);
    if (key === null) return;
    const idem: IdempotencyRequest = {
      key,
      subject: ctx.tokenId,
      orgId: ctx.orgId,
      method: request.method,
      path: request.url.split('?')[0]!,
      sealAnswer: def.sealAnswer,
      render: (result) => renderSuccess(def, result as Record<string, unknown>),
    };
    ctx.idempotency = idem;
    await idempotency.check(idem);
  };
}

/** The key named by the request's header: null when absent (and allowed to be), refused when malformed or missing where mandatory. */
async function presentedKey(def: RouteDef, request: FastifyRequest, database: Database, orgId: string): Promise<string | null> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) {
    if (def.idempotency === 'required' && (await keysRequired(database, orgId))) {
      throw new DomainError('idempotency.key_required', 'This endpoint requires an Idempotency-Key header', { field: 'Idempotency-Key' });
    }
    return null;
  }
  if (typeof header !== 'string' || !KEY_RE.test(header)) {
    throw invalidValue('Idempotency-Key', 'Idempotency-Key must be 1-200 letters, digits, "-", "_" or ":"');
  }
  return header;
}

async function keysRequired(database: Database, orgId: string): Promise<boolean> {
  const org = await database.db.selectFrom('orgs').select('preferences').where('org_id', '=', orgId).executeTakeFirst();
  return org ? readPreferences(org.preferences).requireIdempotencyKey : true;
}
