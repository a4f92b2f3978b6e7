import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The `code` of the error this request was answered with, for its log line; null when it succeeded. */
    errorCode: string | null;
  }
}

/**
 * Fastify's "request completed" line, with who asked and what went wrong: the organisation, the
 * token's id (never its secret, which the log's redaction keeps out of the request's headers),
 * the error code when there is one, and the time taken (`responseTime`, milliseconds).
 */
export class RequestLogController extends LogController {
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const who = { org_id: request.ctx?.orgId || null, token_id: request.ctx?.tokenId ?? null, error_code: request.errorCode };
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime, ...who }, 'request errored');
    else reply.log.info({ res: reply, responseTime: reply.elapsedTime, ...who }, 'request completed');
  }
}
