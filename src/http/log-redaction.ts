import type { FastifyRequest } from 'fastify';

/** Signed download links carry their credential in the query string: it never reaches the log. */
export function redactedUrl(url: string): string {
  return url.replace(/([?&](?:signature|x-amz-signature)=)[^&]*/gi, '$1[redacted]');
}

/** Fastify's request log fields, with the URL's signature removed. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
