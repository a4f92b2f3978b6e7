import type { FastifyRequest } from 'fastify';
import { notFound } from '../kernel/errors';
import { hasIdShape } from './schema-kit';

/**
 * The preHandler of routes with ids in their path. Path ids take any string (schema-kit PathId),
 * so their shape is never a 400; one the service could not have minted names nothing and is 404
 * here, as an unknown id is in the handler. It runs after authentication, scope and validation,
 * in the order a well-formed unknown id meets them, and spares the database strings it could
 * refuse (PostgreSQL rejects NUL in text). Only ids (`…_id`): another segment (a GSTIN, a return
 * period) is a value its handler checks before any query.
 */
export async function unknownPathIdsAreNotFound(request: FastifyRequest): Promise<void> {
  for (const [name, value] of Object.entries(request.params as Record<string, string>)) {
    if (name.endsWith('_id') && !hasIdShape(value)) throw notFound(name.replace(/_id$/, '').replace(/_/g, ' '), name);
  }
}
