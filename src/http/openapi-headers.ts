import { IDEMPOTENCY_KEY_PATTERN } from '../platform/idempotency/idempotency.store';
import { ERROR_STATUS } from './error-status';
import { EXAMPLE_IDEMPOTENCY_KEY } from './examples/merge';
import type { RouteDef } from './route';

/*
 * The headers of the API in the OpenAPI document: declared once in `components.parameters` and
 * `components.headers`, and referenced from each operation that takes or answers them. They are
 * added to the generated document (not to the routes' Fastify schemas) because what the document
 * says differs from what Fastify should enforce: a mandatory Idempotency-Key is waived by an
 * organisation's preference, and a missing or malformed one has codes of its own
 * (http/idempotency-step.ts), not a schema error.
 */

const KEY_SCHEMA = { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN, minLength: 1, maxLength: 200 };
const KEY_USE = 'A key of your own for this request: 1-200 letters, digits, `-`, `_` or `:`. Change it for every new request: the same key on the same method and path '
  + 'within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of running again; 5xx answers are not kept, so a retry with the key runs.';

export const HEADER_PARAMETERS = {
  IdempotencyKey: {
    name: 'Idempotency-Key', in: 'header', required: false, schema: KEY_SCHEMA, example: EXAMPLE_IDEMPOTENCY_KEY,
    description: `Optional on this operation. ${KEY_USE}`,
  },
  IdempotencyKeyRequired: {
    name: 'Idempotency-Key', in: 'header', required: true, schema: KEY_SCHEMA, example: EXAMPLE_IDEMPOTENCY_KEY,
    description: `Mandatory on this operation: without it the answer is 400 \`idempotency.key_required\`, except for an organisation whose preference \`requireIdempotencyKey\` is false, which accepts requests without it. ${KEY_USE}`,
  },
  SvcOrg: {
    // No example: Swagger UI's "Try it out" sends an optional header's example, and an organisation the token is not bound to is 403.
    name: 'X-Svc-Org', in: 'header', required: false, schema: { type: 'string', minLength: 1 },
    description: 'The organisation (`org_id`) the request acts in. A token bound to several organisations must send it (400 `validation.required_field` otherwise); '
      + 'a token bound to one acts in that one and need not. Naming an organisation the token is not bound to is 403 `authz.scope_missing`.',
  },
} as const;

const integer = { type: 'integer' };

export const RESPONSE_HEADERS = {
  RequestId: { description: 'The id of this request, also the error body\'s `request_id`: a client\'s own `X-Request-Id` (1-128 letters, digits, `.`, `_`, `:`, `-`) is kept, otherwise one is minted.', schema: { type: 'string' } },
  RateLimitLimit: { description: 'Requests the token may make per minute.', schema: integer },
  RateLimitRemaining: { description: 'Requests left in the current minute: back off before it reaches 0.', schema: integer },
  RateLimitReset: { description: 'When the current minute\'s window ends, in Unix seconds.', schema: integer },
  RetryAfter: { description: 'Seconds to wait before trying again.', schema: integer },
  IdempotentReplayed: { description: 'Present, `true`, when this answer is the stored answer of an earlier request with the same `Idempotency-Key`.', schema: { type: 'string', enum: ['true'] } },
} as const;

const parameter = (name: keyof typeof HEADER_PARAMETERS) => ({ $ref: `#/components/parameters/${name}` });
const header = (name: keyof typeof RESPONSE_HEADERS) => ({ $ref: `#/components/headers/${name}` });

/** Routes that take a bearer token: the rate limit and X-Svc-Org apply to them. */
const withToken = (def: RouteDef) => def.access !== 'open' && def.access !== 'signed-url' && def.access !== 'admin';

/** Mutations that take an Idempotency-Key (http/server.ts runs the idempotency step on exactly these). */
const keyed = (def: RouteDef) => def.method !== 'GET' && withToken(def);

/** The header parameters an operation takes. */
function parametersOf(def: RouteDef) {
  return [
    ...(keyed(def) ? [parameter(def.idempotency === 'required' ? 'IdempotencyKeyRequired' : 'IdempotencyKey')] : []),
    ...(withToken(def) ? [parameter('SvcOrg')] : []),
  ];
}

/** The headers one answer of an operation carries. */
function headersOf(def: RouteDef, status: number) {
  return {
    'X-Request-Id': header('RequestId'),
    // A 401 is answered before the token is known, so before its rate limit.
    ...(withToken(def) && status !== 401 && {
      'X-RateLimit-Limit': header('RateLimitLimit'),
      'X-RateLimit-Remaining': header('RateLimitRemaining'),
      'X-RateLimit-Reset': header('RateLimitReset'),
    }),
    ...((status === 429 || status === 503) && { 'Retry-After': header('RetryAfter') }),
    // 2xx, 3xx and 4xx answers to a keyed request are kept and replayed; 5xx are not (docs/rules/idempotency.md, "What is stored").
    ...(keyed(def) && status < 500 && { 'Idempotent-Replayed': header('IdempotentReplayed') }),
  };
}

interface Response { headers?: Record<string, unknown> }
interface Operation { operationId?: string; parameters?: unknown[]; responses?: Record<string, Response> }
interface Document { paths?: Record<string, Record<string, Operation>>; components?: { parameters?: object; headers?: object; responses?: Record<string, Response> } }

/** What an operation's answers carry besides X-Request-Id: it names the shared error answers of its kind. */
const kindOf = (def: RouteDef) => (keyed(def) ? 'KeyedError' : withToken(def) ? 'TokenError' : 'Error');

/** The shared error answer of an operation: its kind and status, and the codes of that status it alone declares (`failsWithCodes`: ConflictPeriodLocked). */
const sharedErrorName = (def: RouteDef, status: number) => kindOf(def) + status + (def.failsWithCodes ?? [])
  .filter((code) => ERROR_STATUS[code] === status)
  .map((code) => code.split(/[._]/).map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')).join('');

/**
 * Declares the header components and references them from every operation of `routes` in the
 * document. An error answer depends only on its status, the operation's kind and the codes it
 * declares beyond its status's own (routeSchema gives every route the same one per status
 * otherwise), so each is written once in `components.responses`.
 */
export function withHeaders<T extends object>(generated: T, routes: readonly RouteDef[]): T {
  const document = generated as Document;
  const byOperationId = new Map(routes.map((def) => [def.operationId, def]));
  const shared: Record<string, Response> = {};
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const def = operation.operationId ? byOperationId.get(operation.operationId) : undefined;
      if (!def) continue;
      const parameters = [...(operation.parameters ?? []), ...parametersOf(def)];
      if (parameters.length > 0) operation.parameters = parameters;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const withItsHeaders = { ...response, headers: { ...response.headers, ...headersOf(def, Number(status)) } };
        if (Number(status) < 400) {
          operation.responses![status] = withItsHeaders;
          continue;
        }
        const name = sharedErrorName(def, Number(status));
        shared[name] ??= withItsHeaders;
        operation.responses![status] = { $ref: `#/components/responses/${name}` } as Response;
      }
    }
  }
  // Only the components this document's operations refer to (the admin API takes no token headers).
  const uses = JSON.stringify([document.paths, shared]);
  const referenced = (components: object, kind: string) =>
    Object.fromEntries(Object.entries(components).filter(([name]) => uses.includes(`"#/components/${kind}/${name}"`)));
  document.components = {
    ...document.components,
    parameters: { ...document.components?.parameters, ...referenced(HEADER_PARAMETERS, 'parameters') },
    headers: referenced(RESPONSE_HEADERS, 'headers'),
    responses: Object.fromEntries(Object.entries(shared).sort(([a], [b]) => a.localeCompare(b))),
  };
  return generated;
}
