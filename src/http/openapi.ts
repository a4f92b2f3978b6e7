import type { TSchema } from '@sinclair/typebox';
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
  const tokenless = def.access === 'open' || def.access === 'signed-url';
  const scope = tokenless || def.access === 'admin' || def.access === 'any-token' ? null : def.access;
  const security = tokenless ? [] : def.access === 'admin' ? [{ adminAuth: [] }] : [{ bearerAuth: scope ? [scope] : [] }];
  const idempotencyNote = def.idempotency === 'required' ? ' `Idempotency-Key` is mandatory.' : def.method !== 'GET' && def.access !== 'admin' ? ' Accepts `Idempotency-Key`.' : '';
  const accessNote = scope ? `Required scope: \`${scope}\`.` : def.access === 'any-token' ? 'Any valid token.'
    : def.access === 'signed-url' ? 'No token: the signed URL (from a `download_url`) is the credential, valid 15 minutes.' : '';
  const producesNote = def.produces ? ` Answers \`${def.produces}\` on success, JSON errors otherwise.` : '';
  return {
    operationId: def.operationId,
    summary: def.summary,
    description: `${accessNote}${idempotencyNote}${producesNote}`.trim() || undefined,
    tags: def.tags,
    security,
    'x-required-scope': def.access,
    ...(def.method !== 'GET' && def.access !== 'admin' && !tokenless && {
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

/**
 * A multipart route's form, for the OpenAPI document only. It cannot be the route's body
 * schema: Fastify would validate the (unread, streamed) body against it before the handler runs.
 */
export function multipartDocs(form: TSchema) {
  return ({ schema, url }: { schema: FastifySchema; url: string }) => ({
    schema: { ...schema, body: { content: { 'multipart/form-data': { schema: form } } } },
    url,
  });
}
