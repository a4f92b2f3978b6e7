import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../kernel/errors';
import { grants } from '../platform/auth/scopes';
import type { TokensService } from '../platform/auth/tokens.service';
import type { RequestContext } from '../platform/context';
import type { RateLimiter } from '../platform/rate-limit/rate-limiter';
import type { RouteDef } from './route';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext | null;
  }
}

const tokenInvalid = (message = 'The access token is missing, expired, revoked or unknown') =>
  new DomainError('authn.token_invalid', message);

export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

function baseContext(request: FastifyRequest) {
  return {
    requestId: request.id,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  };
}

/** A token bound to several organisations names one with X-Svc-Org; one bound to one needs nothing. */
function selectOrg(orgIds: readonly string[], request: FastifyRequest, optional: boolean): string {
  const header = request.headers['x-svc-org'];
  const requested = typeof header === 'string' && header.length > 0 ? header : undefined;
  if (requested !== undefined) {
    if (!orgIds.includes(requested)) {
      throw new DomainError('authz.scope_missing', 'This token is not bound to the organisation named by X-Svc-Org', { field: 'X-Svc-Org' });
    }
    return requested;
  }
  if (orgIds.length === 1) return orgIds[0]!;
  if (optional) return '';
  throw new DomainError('validation.required_field', 'This token is bound to several organisations: send X-Svc-Org', { field: 'X-Svc-Org' });
}

/**
 * Requests that name their organisation in a query parameter (routes with `orgQueryParam`, the
 * PDFs) choose it after validation, so a malformed request is a 400 whatever it names: the
 * token's organisations wait here until then.
 */
const orgChoiceAfterValidation = new WeakMap<FastifyRequest, readonly string[]>();

const queryValue = (request: FastifyRequest, name: string): unknown => (request.query as Record<string, unknown> | undefined)?.[name];

/** The preHandler of routes with `orgQueryParam`: the validated parameter (or X-Svc-Org, which must agree) picks the organisation. */
export function orgFromQueryFor(def: RouteDef) {
  return async (request: FastifyRequest) => {
    const orgIds = orgChoiceAfterValidation.get(request);
    if (!orgIds || !request.ctx || !def.orgQueryParam) return;
    const named = String(queryValue(request, def.orgQueryParam));
    const header = request.headers['x-svc-org'];
    if (typeof header === 'string' && header.length > 0 && header !== named) {
      throw new DomainError('validation.invalid_value', `X-Svc-Org and ${def.orgQueryParam} name different organisations`, { field: def.orgQueryParam });
    }
    if (!orgIds.includes(named)) {
      throw new DomainError('authz.scope_missing', `This token is not bound to the organisation named by ${def.orgQueryParam}`, { field: def.orgQueryParam });
    }
    request.ctx.orgId = named;
  };
}

export interface AuthDeps {
  tokens: TokensService;
  rateLimiter: RateLimiter;
  verifyAdmin(secret: string): boolean;
}

/** The onRequest step of each route: who is calling, for which organisation, within which limits, with which scope. */
export function authenticateFor(def: RouteDef, deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    request.ctx = null;
    // A signed URL is its own credential: the handler verifies its signature and expiry.
    if (def.access === 'open' || def.access === 'signed-url') return;
    const secret = bearerOf(request);
    if (def.access === 'admin') {
      if (!secret || !deps.verifyAdmin(secret)) throw tokenInvalid('The admin token is missing or wrong');
      request.ctx = { ...baseContext(request), orgId: '', tokenId: null, userId: null, scopes: [], tier: 'ADMIN', source: 'ADMIN_API' };
      return;
    }
    if (!secret) throw tokenInvalid('Send Authorization: Bearer <access token>');
    const principal = await deps.tokens.authenticate(secret);

    const decision = await deps.rateLimiter.hit(principal.tokenId, principal.rateLimitPerMinute);
    reply.header('X-RateLimit-Limit', decision.limit);
    reply.header('X-RateLimit-Remaining', decision.remaining);
    reply.header('X-RateLimit-Reset', decision.resetAt);
    if (!decision.allowed) {
      throw new DomainError('rate_limit.exceeded', `Rate limit of ${decision.limit} requests per minute exceeded`, {
        details: { limit: decision.limit, reset_at: decision.resetAt },
        headers: { 'Retry-After': String(decision.retryAfter) },
      });
    }

    const namedInQuery = def.orgQueryParam !== undefined && queryValue(request, def.orgQueryParam) !== undefined;
    if (namedInQuery) orgChoiceAfterValidation.set(request, principal.orgIds);
    const orgId = namedInQuery ? '' : selectOrg(principal.orgIds, request, def.orgOptional === true);
    const required = [...(def.access === 'any-token' ? [] : [def.access]), ...(def.alsoRequires ? [def.alsoRequires] : [])];
    for (const scope of required) {
      if (grants(principal.scopes, scope)) continue;
      throw new DomainError(def.scopeErrorCode ?? 'authz.scope_missing', `This token lacks the scope ${scope}`, {
        details: { required_scope: scope },
      });
    }
    request.ctx = {
      ...baseContext(request),
      orgId,
      tokenId: principal.tokenId,
      userId: principal.userId,
      scopes: principal.scopes,
      tier: principal.tier,
      source: 'PUBLIC_API',
    };
  };
}
