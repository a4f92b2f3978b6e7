import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { IDEMPOTENCY_KEY_PATTERN } from '../platform/idempotency/idempotency.store';
import type { RouteDef } from './route';

export function openApiOptions(): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bahi public API',
        version: '1',
        description: 'GST-aware double-entry accounting. Success bodies carry `code` 0; errors carry a string `code`, `message`, `field`, `details`, `request_id` and `errors[]`.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'Personal access token or OAuth access token' },
          adminAuth: { type: 'http', scheme: 'bearer', description: 'Operator secret (BAHI_ADMIN_TOKEN)' },
        },
      },
    },
  };
}

/**
 * The Fastify schema of a route: validation (params, querystring, body) and its OpenAPI
 * operation (operationId, the required scope as the security requirement's role, which
 * OpenAPI 3.1 allows for any scheme, and as `x-required-scope`).
 */
export function routeSchema(def: RouteDef): FastifySchema {
  const scope = def.access === 'open' || def.access === 'admin' || def.access === 'any-token' ? null : def.access;
  const security = def.access === 'open' ? [] : def.access === 'admin' ? [{ adminAuth: [] }] : [{ bearerAuth: scope ? [scope] : [] }];
  const idempotencyNote = def.idempotency === 'required' ? ' `Idempotency-Key` is mandatory.' : def.method !== 'GET' && def.access !== 'admin' ? ' Accepts `Idempotency-Key`.' : '';
  const producesNote = def.produces ? ` Answers \`${def.produces}\` on success, JSON errors otherwise.` : '';
  return {
    operationId: def.operationId,
    summary: def.summary,
    description: `${scope ? `Required scope: \`${scope}\`.` : def.access === 'any-token' ? 'Any valid token.' : ''}${idempotencyNote}${producesNote}`.trim() || undefined,
    tags: def.tags,
    security,
    'x-required-scope': def.access,
    ...(def.method !== 'GET' && def.access !== 'admin' && def.access !== 'open' && {
      headers: {
        type: 'object',
        properties: { 'idempotency-key': { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN } },
      },
    }),
    ...(def.params && { params: def.params }),
    ...(def.query && { querystring: def.query }),
    ...(def.body && { body: def.body }),
  } as FastifySchema;
}
