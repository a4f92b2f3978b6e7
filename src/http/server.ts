import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Database } from '../db/database';
import { DomainError } from '../kernel/errors';
import type { IdGenerator } from '../kernel/ids';
import type { IdempotencyStore } from '../platform/idempotency/idempotency.store';
import { errorBody, errorHandler } from './error-handler';
import { renderSuccess, idempotencyStepFor } from './idempotency-step';
import { openApiOptions, routeSchema } from './openapi';
import { authenticateFor, type AuthDeps } from './request-context';
import { fullPath, type RouteDef } from './route';
import { validatorCompiler } from './validation';

export interface ServerDeps extends AuthDeps {
  database: Database;
  ids: IdGenerator;
  idempotency: IdempotencyStore;
  routes: readonly RouteDef[];
  bodyLimitBytes: number;
  logger: FastifyServerOptions['logger'];
}

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger,
    bodyLimit: deps.bodyLimitBytes,
    // A caller's own X-Request-Id is kept when it is sane, so traces join up; otherwise we mint one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : deps.ids.next('req');
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.decorateRequest('ctx', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.setErrorHandler(errorHandler(deps.idempotency));
  app.setNotFoundHandler((request, reply) => {
    const error = new DomainError('not_found.route', `No route ${request.method} ${request.url.split('?')[0]}`);
    return reply.code(404).send(errorBody(error, request.id));
  });

  await app.register(swagger, openApiOptions());
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  for (const def of deps.routes) {
    const mutating = def.method !== 'GET';
    app.route({
      method: def.method,
      url: fullPath(def),
      schema: routeSchema(def),
      onRequest: authenticateFor(def, deps),
      ...(mutating && def.access !== 'admin' && { preValidation: idempotencyStepFor(def, deps.database, deps.idempotency) }),
      handler: async (request, reply) => {
        const result = await def.handle({
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          ctx: request.ctx!,
          request,
        });
        const { status, body } = renderSuccess(def, result);
        return reply.code(status).send(body);
      },
    });
  }
  return app;
}
