import path from 'node:path';

/** Every environment variable the service reads, typed once. Nothing else reads process.env. */
export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  adminToken?: string;
  secret?: string;
  fakeClock: boolean;
  /** How often background jobs run; 0 in `npm start`: none in this process (they run in `bahi worker` processes). */
  workerPollMs: number;
  /** BAHI_WEBHOOK_ALLOW_PRIVATE=1: webhooks may go to loopback and private addresses (tests, local development). */
  webhookAllowPrivate: boolean;
  bodyLimitBytes: number;
  logLevel: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST ?? '127.0.0.1';
  const port = Number(env.PORT ?? 8080);
  return {
    host,
    port,
    dataDir: path.resolve(env.BAHI_DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminToken: env.BAHI_ADMIN_TOKEN || undefined,
    secret: env.BAHI_SECRET || undefined,
    fakeClock: env.BAHI_CLOCK === 'fake',
    workerPollMs: Number(env.BAHI_WORKER_POLL_MS ?? 1000),
    webhookAllowPrivate: env.BAHI_WEBHOOK_ALLOW_PRIVATE === '1',
    bodyLimitBytes: Number(env.BAHI_BODY_LIMIT_BYTES ?? 1_048_576),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
