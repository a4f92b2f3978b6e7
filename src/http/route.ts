import type { Readable } from 'node:stream';
import type { Static, TProperties, TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { ErrorCode, StatusOverride } from '../kernel/errors';
import type { Scope } from '../platform/auth/scopes';
import type { RequestContext } from '../platform/context';

/**
 * Who may call a route:
 *  - a Scope: a bearer token holding it (or Svc.fullaccess.all);
 *  - 'any-token': any valid token (e.g. /whoami, whose scope the spec leaves open);
 *  - 'admin': the operator secret; 'open': nobody needs to authenticate (health, docs);
 *  - 'signed-url': no bearer token; the URL carries its own credential (an HMAC signature with
 *    an expiry, e.g. an attachment's download_url), which the handler verifies.
 * There is no default: a route without `access` does not compile, so access is denied by default.
 */
export type Access = Scope | 'any-token' | 'admin' | 'open' | 'signed-url';

type In<T extends TSchema | undefined> = T extends TSchema ? Static<T> : undefined;

export interface InvalidBodyRule {
  code: ErrorCode;
  status: StatusOverride;
}

export interface RouteInput<P extends TSchema | undefined, Q extends TSchema | undefined, B extends TSchema | undefined> {
  params: In<P>;
  query: In<Q>;
  body: In<B>;
  ctx: RequestContext;
  request: FastifyRequest;
}

/** A success answered with raw bytes and their headers (a download, streamed) instead of the JSON envelope. */
export class FileReply {
  constructor(readonly bytes: Buffer | Readable, readonly headers: Readonly<Record<string, string>>) {}
}

export interface RouteDef<
  P extends TSchema | undefined = TSchema | undefined,
  Q extends TSchema | undefined = TSchema | undefined,
  B extends TSchema | undefined = TSchema | undefined,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the surface: /api/public/v1 for token routes, /api/admin/v1 for admin, / for open. */
  url: string;
  operationId: string;
  summary: string;
  tags: string[];
  access: Access;
  /** A second scope the token must hold besides `access` (a GST use case that also posts journals). */
  alsoRequires?: Scope;
  /** The spec answers some routes' missing scope with auth.insufficient_scope (email, PDF). */
  scopeErrorCode?: 'authz.scope_missing' | 'auth.insufficient_scope';
  /** The spec answers some routes' schema-invalid bodies with its own code and status (email: 422 validation.failed). */
  invalidBody?: InvalidBodyRule;
  /** Mutations accept Idempotency-Key; 'required' puts the route on the mandatory list. */
  idempotency?: 'required' | 'optional';
  /** The success answer shows a secret (a webhook signing secret): stored with its Idempotency-Key only sealed. */
  sealAnswer?: true;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The body is multipart/form-data, streamed to the handler rather than parsed first (uploads).
   * This schema documents the form's parts in OpenAPI; the handler validates them itself.
   */
  multipart?: TSchema;
  /**
   * The body is JSON handed to the handler unread, as the request's byte stream (`request.body`),
   * for a file too large to parse whole (a GSTR-2B). The schema documents it in OpenAPI; the
   * handler reads and checks it itself, and refuses more than `maxBytes`.
   */
  streamedJson?: { schema: TSchema; maxBytes: number };
  /**
   * The resource keys of the success answer (`{ contact: Contact }`), inside the envelope unless
   * `raw`: documented in OpenAPI, and every answer in the API suite is checked against it.
   */
  response?: TProperties;
  /** Error statuses beyond the ones every route of its kind can answer (e.g. 502 when a mail server or store fails). */
  failsWith?: readonly number[];
  /** Codes only some operations answer (response-schemas.ts OPERATION_CODES) that this one can: e.g. conflict.period_locked where it dates, posts or reverses entries. */
  failsWithCodes?: readonly ErrorCode[];
  /** Success status, 200 unless said. */
  status?: number;
  /** The use case may only have queued the work (a file left for a person to upload): then it answers 202 Accepted, with the same body. */
  acceptedWhen?: (result: Record<string, unknown>) => boolean;
  message?: string;
  /** Open routes may answer without the envelope (health). */
  raw?: boolean;
  /** Tokens bound to several organisations may name one in this query parameter as well as in X-Svc-Org (PDFs). */
  orgQueryParam?: string;
  /**
   * A token bound to several organisations may name none (no X-Svc-Org): the request then acts in
   * none, `ctx.orgId` empty. For GET /whoami, which is how a client learns the organisations to name.
   */
  orgOptional?: true;
  /**
   * What the route answers on success, when not JSON: documented in OpenAPI. Several, when its
   * `format` chooses: each media type with what it holds.
   */
  produces?: string | Readonly<Record<string, string>>;
  /**
   * Returns the envelope's resource keys, e.g. `{ contact }` or `{ contacts, page_context }`,
   * or a FileReply for a route that answers with bytes (`produces`).
   */
  handle(input: RouteInput<P, Q, B>): Promise<Record<string, unknown> | FileReply>;
}

/** Keeps each route's schemas and handler types tied together, then erases them for the registry. */
export function route<P extends TSchema | undefined = undefined, Q extends TSchema | undefined = undefined, B extends TSchema | undefined = undefined>(
  def: RouteDef<P, Q, B>,
): RouteDef {
  return def as unknown as RouteDef;
}

export const PUBLIC_PREFIX = '/api/public/v1';
export const ADMIN_PREFIX = '/api/admin/v1';

export function fullPath(def: Pick<RouteDef, 'access' | 'url'>): string {
  if (def.access === 'admin') return ADMIN_PREFIX + def.url;
  if (def.access === 'open') return def.url;
  return PUBLIC_PREFIX + def.url;
}

/** The success envelope: `code` 0, a message, then the resource keys. */
export function envelope(message: string, payload: Record<string, unknown>) {
  return { code: 0, message, ...payload };
}
