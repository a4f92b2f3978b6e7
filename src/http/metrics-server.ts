import http from 'node:http';
import type { MetricsExposition } from '../platform/metrics/metrics';

/**
 * `GET /metrics` on a port of its own (BAHI_METRICS_PORT), so that the port can stay inside the
 * monitoring network while the API's is published. Anything else there is 404.
 */
export function metricsServer(exposition: MetricsExposition): http.Server {
  return http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: this port serves GET /metrics\n');
      return;
    }
    exposition.render().then(
      (text) => response.writeHead(200, { 'Content-Type': exposition.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Metrics could not be collected: ${String(error)}\n`),
    );
  });
}
