import type { TSchema } from '@sinclair/typebox';
import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { withExamples } from './examples/merge';
import { codesOf, envelopeOf, ErrorBody, Strict } from './response-schemas';
import type { RouteDef } from './route';

/** How every document is generated; each document's own header (title, servers, security) is in openapi-documents.ts. */
export function openApiOptions(): SwaggerOptions {
  return {
    // A named schema (response-schemas.ts Named) keeps its name in components.schemas.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    // Each operation shows the values the example scenario sent and got (src/http/examples).
    transformObject: (document) => withExamples('openapiObject' in document ? document.openapiObject : document.swaggerObject),
    openapi: { openapi: '3.1.0' },
  };
}

/** The media types a route answers with besides JSON, each with its schema (and what it holds, when said). */
const mediaTypesOf = (def: RouteDef): readonly string[] => (def.produces === undefined ? [] : typeof def.produces === 'string' ? [def.produces] : Object.keys(def.produces));
const bytesSchema = (def: RouteDef, mediaType: string) =>
  ({ type: 'string', format: 'binary', ...(typeof def.produces === 'object' && { description: def.produces[mediaType] }) });

/**
 * The Fastify schema of a route: validation (params, querystring, body) and its OpenAPI
 * operation (operationId, the required scope as the security requirement's role, which
 * OpenAPI 3.1 allows for any scheme, and as `x-required-scope`). Its headers are declared
 * in the document itself (openapi-headers.ts): the idempotency step reads and checks them.
 */
export function routeSchema(def: RouteDef): FastifySchema {
  const tokenless = def.access === 'open' || def.access === 'signed-url';
  const scope = tokenless || def.access === 'admin' || def.access === 'any-token' ? null : def.access;
  const scopes = scope ? [scope, ...(def.alsoRequires ? [def.alsoRequires] : [])] : [];
  const security = tokenless ? [] : def.access === 'admin' ? [{ adminAuth: [] }] : [{ bearerAuth: scopes }];
  const idempotencyNote = def.idempotency === 'required' ? ' `Idempotency-Key` is mandatory.' : def.method !== 'GET' && def.access !== 'admin' ? ' Accepts `Idempotency-Key`.' : '';
  const accessNote = scope ? `Required scope${scopes.length > 1 ? 's' : ''}: ${scopes.map((s) => `\`${s}\``).join(' and ')}.` : def.access === 'any-token' ? 'Any valid token.'
    : def.access === 'signed-url' ? 'No token: the signed URL (from a `download_url`) is the credential, valid 15 minutes.' : '';
  const produced = mediaTypesOf(def);
  const listed = produced.map((m) => `\`${m}\``).join(' or ');
  const producesNote = produced.length === 0 ? '' : def.response ? ` Answers JSON, or ${listed} when its \`format\` asks for it.`
    : ` Answers ${listed}${produced.length > 1 ? ' as its `format` asks' : ''} on success, JSON errors otherwise.`;
  return {
    operationId: def.operationId,
    summary: def.summary,
    description: `${accessNote}${idempotencyNote}${producesNote}`.trim() || undefined,
    tags: def.tags,
    security,
    'x-required-scope': def.access,
    ...(def.params && { params: def.params }),
    ...(def.query && { querystring: def.query }),
    ...(def.body && { body: def.body }),
    response: responsesOf(def),
  } as FastifySchema;
}

/** The success answer a route declares: JSON in the envelope (or raw), the bytes it produces, or either (a report also in CSV). */
function successOf(def: RouteDef): unknown {
  const produced = mediaTypesOf(def);
  const bytes = produced.length > 0 && Object.fromEntries(produced.map((m) => [m, { schema: bytesSchema(def, m) }]));
  if (bytes && def.response) {
    return { description: def.message ?? 'Success', content: { 'application/json': { schema: envelopeOf(def.response) }, ...bytes } };
  }
  if (bytes) return { description: `The ${produced.join(' or ')} document`, content: bytes };
  // Every JSON answer is described: a route without its response schema does not start.
  if (!def.response) throw new Error(`route ${def.operationId} declares no response schema`);
  return { description: def.message ?? 'Success', ...(def.raw ? Strict(def.response) : envelopeOf(def.response)) };
}

/** The error statuses a route can answer: what every route of its kind can, and its own `failsWith`. */
function errorStatusesOf(def: RouteDef): number[] {
  const token = def.access !== 'open' && def.access !== 'signed-url' && def.access !== 'admin';
  const mutating = def.method !== 'GET';
  const statuses = new Set([400, 404, 500, 503, ...(def.failsWith ?? [])]);
  if (def.access !== 'open' && def.access !== 'signed-url') statuses.add(401);
  if (token) [403, 429].forEach((s) => statuses.add(s));
  if (mutating) [409, 413, 415, 422].forEach((s) => statuses.add(s));
  return [...statuses].sort((a, b) => a - b);
}

function responsesOf(def: RouteDef): Record<string, unknown> {
  const responses: Record<string, unknown> = { [def.status ?? 200]: successOf(def), ...(def.acceptedWhen && { 202: successOf(def) }) };
  for (const status of errorStatusesOf(def)) {
    responses[status] = { description: `Error. Codes: ${codesOf(status, def.failsWithCodes).map((c) => `\`${c}\``).join(', ')}`, ...ErrorBody };
  }
  return responses;
}

/**
 * A multipart route's form, for the OpenAPI document only. It cannot be the route's body
 * schema: Fastify would validate the (unread, streamed) body against it before the handler runs.
 */
export function multipartDocs(form: TSchema, mediaType = 'multipart/form-data') {
  return ({ schema, url }: { schema: FastifySchema; url: string }) => ({
    schema: { ...schema, body: { content: { [mediaType]: { schema: form } } } },
    url,
  });
}
