import http, { STATUS_CODES, type RequestListener } from 'node:http';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerFactory, type FastifyServerOptions } from 'fastify';
import type { Database } from '../db/database';
import { DomainError } from '../kernel/errors';
import type { IdGenerator } from '../kernel/ids';
import type { ForegroundGate } from '../platform/foreground';
import type { IdempotencyStore } from '../platform/idempotency/idempotency.store';
import type { Metrics, MetricsExposition } from '../platform/metrics/metrics';
import { registerConsole } from './console';
import { errorBody, errorHandler } from './error-handler';
import type { Readiness } from './health.routes';
import { renderSuccess, idempotencyStepFor } from './idempotency-step';
import { parseJsonWithPositions } from './json-body';
import { multipartDocs, routeSchema } from './openapi';
import { adminDocumentOptions, publicDocumentOptions } from './openapi-documents';
import { unknownPathIdsAreNotFound } from './path-ids';
import { authenticateFor, orgFromQueryFor, type AuthDeps } from './request-context';
import { RequestLogController } from './request-log';
import { namedSchemas } from './response-schemas';
import { ADMIN_PREFIX, FileReply, fullPath, type RouteDef } from './route';
import { validatorCompiler } from './validation';

export interface ServerDeps extends AuthDeps {
  database: Database;
  ids: IdGenerator;
  idempotency: IdempotencyStore;
  routes: readonly RouteDef[];
  bodyLimitBytes: number;
  logger: FastifyServerOptions['logger'];
  /** Told of every public API request, so background work in this process gives way to them. */
  foreground: ForegroundGate;
  /**
   * Given Fastify's request handler, the listener the HTTP server calls instead: lets a serving
   * process pass some requests elsewhere (main/write-forwarding.ts). Unset, Fastify answers all.
   */
  routeRequests?: (handler: RequestListener) => RequestListener;
  /** Once it is draining (shutdown), every answer closes its connection, so no client keeps an idle socket open. */
  readiness?: Readiness;
  /** BAHI_METRICS=1: every answered request is measured. Unset, no hook is added. */
  metrics?: Metrics;
  /** Serves GET /metrics on this server (BAHI_METRICS=1 without a port of its own). */
  metricsRoute?: MetricsExposition;
  /** BAHI_PUBLIC_URL: the base of the OpenAPI documents' server URLs (unset, they are relative to the document's own address). */
  publicUrl?: string;
}

/** The server Fastify would make itself (its timeouts included), with `routeRequests` in front of its handler. */
function routedServer(routeRequests: NonNullable<ServerDeps['routeRequests']>): FastifyServerFactory<http.Server> {
  return (handler, options) => {
    const server = http.createServer(routeRequests(handler as RequestListener));
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout as number);
    return server;
  };
}

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const { routeRequests } = deps;
  const app = Fastify({
    logger: deps.logger,
    logController: new RequestLogController(),
    // The server Fastify would make itself, with the routing in front of its handler.
    ...(routeRequests && { serverFactory: routedServer(routeRequests) }),
    bodyLimit: deps.bodyLimitBytes,
    // While it shuts down, a request on an open connection is still answered (with Connection: close,
    // see onSend), and /readyz says 503 in the spec's error shape, not Fastify's own.
    return503OnClosing: false,
    // A caller's own X-Request-Id is kept when it is sane, so traces join up; otherwise we mint one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : deps.ids.next('req');
    },
    // An over-long id reaches its route (404: it names nothing) instead of the router's bare 414.
    routerOptions: { maxParamLength: 16_384 },
    // What the router refuses itself (a path that is not valid percent-encoded UTF-8) answers in the spec's shape too.
    frameworkErrors: (_error, request, reply) => {
      const error = new DomainError('validation.invalid_value', 'The URL path is not valid percent-encoded UTF-8', { field: 'path' });
      request.errorCode = error.code;
      return (reply as FastifyReply).code(400).header('X-Request-Id', request.id).send(errorBody(error, request.id));
    },
    // Refused before any request exists (headers over the size limit, broken HTTP): still the spec's error shape.
    clientErrorHandler: (error, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const id = deps.ids.next('req');
      const message = status === 431 ? 'The request line and headers are too large' : status === 408 ? 'The request took too long to arrive' : 'The request is not valid HTTP';
      const body = JSON.stringify(errorBody(new DomainError('validation.invalid_value', message, { field: 'request' }), id));
      if (socket.writable) {
        socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${id}\r\nConnection: close\r\n\r\n${body}`);
      }
      socket.destroy(error);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Handlers send text they serialised themselves (idempotency-step.ts renderSuccess), and errors are
  // plain objects: response schemas describe answers (OpenAPI, the suite's checks), they do not write them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  for (const schema of namedSchemas()) app.addSchema(schema);
  app.decorateRequest('ctx', null);
  app.decorateRequest('errorCode', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // 'close' comes once the response is sent or the client went away, so no request is counted forever.
    if (request.url.startsWith('/api/public/')) reply.raw.once('close', deps.foreground.enter());
  });
  app.addHook('onSend', async (_request, reply) => {
    if (deps.readiness?.draining) reply.header('Connection', 'close');
  });
  const { metrics, metricsRoute } = deps;
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.request({
        method: request.method,
        // The pattern, never the URL: ids in paths would make a series per document. Unmatched URLs share one.
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
        replayed: reply.getHeader('idempotent-replayed') === 'true',
      });
    });
  }
  app.setErrorHandler(errorHandler(deps.idempotency));
  parseJsonWithPositions(app);
  app.setNotFoundHandler((request, reply) => {
    const error = new DomainError('not_found.route', `No route ${request.method} ${request.url.split('?')[0]}`);
    request.errorCode = error.code;
    return reply.code(404).send(errorBody(error, request.id));
  });

  await app.register(swagger, publicDocumentOptions(deps.routes, deps.publicUrl));
  // BaseLayout: no top bar. Its Swagger logo is an inline <style> that the static CSP refuses (a console error in
  // every browser), and its "explore" box would load arbitrary URLs into our docs page.
  // The static CSP without `upgrade-insecure-requests`: over plain HTTP on a LAN name it would send the
  // page's own assets to https, which nothing serves, and leave the page blank.
  await app.register(swaggerUi, {
    routePrefix: '/docs', staticCSP: true, uiConfig: { layout: 'BaseLayout' },
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await registerConsole(app);
  if (metricsRoute) {
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => reply.type(metricsRoute.contentType).send(await metricsRoute.render()));
  }
  const addRoute = (instance: FastifyInstance, def: RouteDef) => {
    const mutating = def.method !== 'GET';
    instance.route({
      method: def.method,
      url: fullPath(def),
      schema: routeSchema(def),
      config: {
        invalidBody: def.invalidBody,
        ...(def.multipart && { swaggerTransform: multipartDocs(def.multipart) }),
        ...(def.streamedJson && { swaggerTransform: multipartDocs(def.streamedJson.schema, 'application/json') }),
      },
      ...(def.streamedJson && { bodyLimit: def.streamedJson.maxBytes }),
      onRequest: authenticateFor(def, deps),
      ...(mutating && def.access !== 'admin' && { preValidation: idempotencyStepFor(def, deps.database, deps.idempotency) }),
      preHandler: [...(def.orgQueryParam ? [orgFromQueryFor(def)] : []), ...(def.params ? [unknownPathIdsAreNotFound] : [])],
      handler: async (request, reply) => {
        const result = await def.handle({
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          ctx: request.ctx!,
          request,
        });
        if (result instanceof FileReply) {
          // A stream's length is known to its route (it sets Content-Length); a buffer's is its own.
          const length = Buffer.isBuffer(result.bytes) ? { 'Content-Length': String(result.bytes.length) } : {};
          return reply.code(def.status ?? 200).headers({ ...result.headers, ...length }).send(result.bytes);
        }
        // What the unit of work stored with the Idempotency-Key, if any, is the answer: a replay sends those same bytes.
        const { status, body } = request.ctx?.idempotency?.answer ?? renderSuccess(def, result);
        return reply.code(status).type('application/json; charset=utf-8').send(body.payload);
      },
    });
  };

  for (const def of deps.routes.filter((d) => !d.multipart && !d.streamedJson && d.access !== 'admin')) addRoute(app, def);
  // Multipart bodies are left unread for the route's handler, which streams them (uploads) under its own
  // limits. The parser is registered for those routes only: every other route still answers multipart with 415.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { throwFileSizeLimit: false, limits: { files: 1, fields: 20, parts: 25, fieldSize: 16_384, headerPairs: 100 } });
    for (const def of deps.routes.filter((d) => d.multipart)) addRoute(uploads, def);
  });
  // A streamed JSON body reaches its handler as the request's bytes, unparsed: the route reads it
  // as it arrives, under its own size limit. Every other route keeps the parser above.
  await app.register(async (streamed) => {
    streamed.removeContentTypeParser('application/json');
    streamed.addContentTypeParser('application/json', (_request, payload, done) => done(null, payload));
    for (const def of deps.routes.filter((d) => d.streamedJson)) addRoute(streamed, def);
  });
  // The admin API in a plugin of its own, with its own swagger instance: its own document (openapi-documents.ts), readable without a token like /openapi.json.
  await app.register(async (admin) => {
    await admin.register(swagger, adminDocumentOptions(deps.routes, deps.publicUrl));
    admin.get(`${ADMIN_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => admin.getDecorator<() => unknown>('adminSwagger')());
    for (const def of deps.routes.filter((d) => d.access === 'admin')) addRoute(admin, def);
  });
  return app;
}
