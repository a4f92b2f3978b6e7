import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../kernel/errors';
import { grants } from '../platform/auth/scopes';
import type { Principal, TokensService } from '../platform/auth/tokens.service';
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

/** The organisation a request names: X-Svc-Org, or on routes that accept it a query parameter (PDFs). */
function requestedOrg(request: FastifyRequest, queryParam: string | undefined): { orgId: string; field: string } | undefined {
  const header = request.headers['x-svc-org'];
  const fromHeader = typeof header === 'string' && header.length > 0 ? header : undefined;
  const query = queryParam ? (request.query as Record<string, unknown> | undefined)?.[queryParam] : undefined;
  const fromQuery = typeof query === 'string' && query.length > 0 ? query : undefined;
  if (fromHeader !== undefined && fromQuery !== undefined && fromHeader !== fromQuery) {
    throw new DomainError('validation.invalid_value', `X-Svc-Org and ${queryParam} name different organisations`, { field: queryParam });
  }
  if (fromHeader !== undefined) return { orgId: fromHeader, field: 'X-Svc-Org' };
  return fromQuery !== undefined && queryParam ? { orgId: fromQuery, field: queryParam } : undefined;
}

/** A token bound to several organisations names one with X-Svc-Org; one bound to one needs nothing. */
function selectOrg(principal: Principal, request: FastifyRequest, queryParam: string | undefined): string {
  const requested = requestedOrg(request, queryParam);
  if (requested !== undefined) {
    if (!principal.orgIds.includes(requested.orgId)) {
      throw new DomainError('authz.scope_missing', `This token is not bound to the organisation named by ${requested.field}`, { field: requested.field });
    }
    return requested.orgId;
  }
  if (principal.orgIds.length === 1) return principal.orgIds[0]!;
  throw new DomainError('validation.required_field', 'This token is bound to several organisations: send X-Svc-Org', { field: 'X-Svc-Org' });
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
    if (def.access === 'open') return;
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

    const orgId = selectOrg(principal, request, def.orgQueryParam);
    if (def.access !== 'any-token' && !grants(principal.scopes, def.access)) {
      throw new DomainError(def.scopeErrorCode ?? 'authz.scope_missing', `This token lacks the scope ${def.access}`, {
        details: { required_scope: def.access },
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
