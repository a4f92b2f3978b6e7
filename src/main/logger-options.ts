import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { requestLogSerializer } from '../http/log-redaction';

/** Credentials never reach the log, whoever chose the log's level and destination (a test may bring its own). */
export function loggerOptions(config: Config, override: FastifyServerOptions['logger'] | undefined): FastifyServerOptions['logger'] {
  const safety = {
    redact: ['req.headers.authorization', 'req.headers["idempotency-key"]'],
    serializers: { req: requestLogSerializer },
  };
  if (override === undefined) return { level: config.logLevel, ...safety };
  return typeof override === 'object' && override !== null ? { ...safety, ...override } : override;
}
