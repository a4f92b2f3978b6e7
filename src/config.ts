import os from 'node:os';
import path from 'node:path';

/** Every environment variable the service reads, typed once. Nothing else reads process.env. */
export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** BAHI_PG_POOL_SIZE: connections this process keeps to PostgreSQL; unset, DEFAULT_PG_POOL_SIZE (db/database.ts). */
  pgPoolSize?: number;
  adminToken?: string;
  /**
   * BAHI_SECRET: the key that seals stored secrets and signs cursors and links. Required with
   * DATABASE_URL; unset on the embedded engine, `<dataDir>/secret.key` holds a generated one
   * (src/platform/secrets/sealing-key.ts).
   */
  secret?: string;
  /** BAHI_DEMO (default on; `0` off): an embedded database's first start makes a demo organisation (src/main/demo-org.ts). */
  demo: boolean;
  fakeClock: boolean;
  /**
   * BAHI_PROCESSES (default 1; `auto`: one per core): how many processes serve the API on the one
   * port (docs/decisions.md "Serving from several processes").
   */
  processes: number;
  /**
   * Set by the supervisor for each process it starts (BAHI_PROCESS_ROLE, not for operators): the
   * lead runs the background work and, on the embedded engine, every write; a peer serves only
   * requests. A single process is its own lead.
   */
  processRole: 'lead' | 'peer';
  /**
   * Set by the supervisor on the embedded engine (BAHI_LEAD_SOCKET, not for operators): the Unix
   * socket, in a directory only the service's user can enter, where the lead takes the peers' writes.
   */
  leadSocket?: string;
  /** How often background jobs run; 0 in `npm start`: none in this process (they run in `bahi worker` processes). */
  workerPollMs: number;
  /** BAHI_WEBHOOK_ALLOW_PRIVATE=1: webhooks may go to loopback and private addresses (tests, local development). */
  webhookAllowPrivate: boolean;
  /**
   * BAHI_WEBHOOK_BUSY_RATE (default 1000): webhook sends per second in a process while it is
   * serving API requests, so a backlog does not slow them; a process serving none sends at full speed.
   */
  webhookBusySendsPerSecond: number;
  /**
   * BAHI_IMPORT_BATCH_ROWS (default: the imports module's, 250): the rows an import commits together (a savepoint each).
   * Fewer hold SQLite's one writer for less time between the API's own writes; more commit less often.
   */
  importBatchRows?: number;
  /**
   * BAHI_WORKER_NICE (default 10, 0 to 19): how many nice levels below the API's thread the
   * background job threads run (Linux), so that API requests get a core first.
   */
  workerThreadNice: number;
  /** BAHI_DB_WAIT_SECONDS (default 60): how long start-up keeps retrying a database that is unreachable before it gives up. */
  dbWaitSeconds: number;
  /** BAHI_SHUTDOWN_SECONDS (default 10): after SIGTERM, the longest in-flight requests may take before the process exits anyway. */
  shutdownSeconds: number;
  bodyLimitBytes: number;
  logLevel: string;
  /** BAHI_PUBLIC_URL: the base of signed download links; unset, the address the server listens on. */
  publicUrl?: string;
  /** BAHI_FILES_DIR: where the local file store keeps attachments (default `<data dir>/files`). */
  filesDir: string;
  /** Set when BAHI_S3_BUCKET is: attachments go to S3 (or a compatible server) instead of filesDir. */
  s3?: {
    bucket: string;
    region: string;
    endpoint?: string;
    credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  };
  /**
   * BAHI_SMTP_URL (smtp://user:pass@host:port, smtps://… for TLS): where email goes. Unset, messages
   * are written as .eml files under <dataDir>/mail. Holds credentials: never log it.
   */
  smtpUrl?: string;
  /**
   * Set when BAHI_METRICS=1: `GET /metrics` serves Prometheus text, without authentication, on
   * BAHI_METRICS_PORT (`port`) or, unset, on the API's port. Otherwise nothing is measured.
   */
  metrics?: { port?: number };
  /**
   * BAHI_EINVOICE_PROVIDER: where e-invoices and e-way bills go. `outbox` (the default) writes
   * files under <dataDir>/einvoice/outbox and <dataDir>/ewaybill/outbox for a person to upload;
   * `module:<path>` loads the operator's adapter for a GSP (docs/operations.md). Nothing else.
   */
  einvoiceProvider: 'outbox' | { module: string };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST ?? '127.0.0.1';
  const port = Number(env.PORT ?? 8080);
  const dataDir = path.resolve(env.BAHI_DATA_DIR ?? './data');
  const fakeClock = env.BAHI_CLOCK === 'fake';
  const processes = env.BAHI_PROCESSES === 'auto' ? os.availableParallelism() : positiveInteger(env, 'BAHI_PROCESSES') ?? 1;
  // The admin API sets the clock of the process that answers it; the others would keep theirs.
  if (fakeClock && processes > 1) throw new Error('BAHI_CLOCK=fake needs one process: unset BAHI_PROCESSES or set it to 1');
  return {
    host,
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgPoolSize: positiveInteger(env, 'BAHI_PG_POOL_SIZE'),
    adminToken: env.BAHI_ADMIN_TOKEN || undefined,
    secret: env.BAHI_SECRET || undefined,
    demo: env.BAHI_DEMO !== '0',
    fakeClock,
    processes,
    processRole: env.BAHI_PROCESS_ROLE === 'peer' ? 'peer' : 'lead',
    leadSocket: env.BAHI_LEAD_SOCKET || undefined,
    workerPollMs: Number(env.BAHI_WORKER_POLL_MS ?? 1000),
    webhookAllowPrivate: env.BAHI_WEBHOOK_ALLOW_PRIVATE === '1',
    webhookBusySendsPerSecond: positiveNumber(env, 'BAHI_WEBHOOK_BUSY_RATE', 1000),
    importBatchRows: positiveInteger(env, 'BAHI_IMPORT_BATCH_ROWS'),
    workerThreadNice: niceLevels(env, 'BAHI_WORKER_NICE', 10),
    dbWaitSeconds: positiveNumber(env, 'BAHI_DB_WAIT_SECONDS', 60),
    shutdownSeconds: positiveNumber(env, 'BAHI_SHUTDOWN_SECONDS', 10),
    bodyLimitBytes: Number(env.BAHI_BODY_LIMIT_BYTES ?? 1_048_576),
    logLevel: env.LOG_LEVEL ?? 'info',
    publicUrl: env.BAHI_PUBLIC_URL ? env.BAHI_PUBLIC_URL.replace(/\/+$/, '') : undefined,
    filesDir: path.resolve(env.BAHI_FILES_DIR ?? path.join(dataDir, 'files')),
    s3: s3Config(env),
    smtpUrl: env.BAHI_SMTP_URL || undefined,
    metrics: env.BAHI_METRICS === '1' ? { port: positiveInteger(env, 'BAHI_METRICS_PORT') } : undefined,
    einvoiceProvider: einvoiceProvider(env.BAHI_EINVOICE_PROVIDER),
  };
}

/** Only the outbox or a module the operator names: a mistyped value stops the start rather than sending anywhere. */
function einvoiceProvider(raw: string | undefined): Config['einvoiceProvider'] {
  if (raw === undefined || raw === '' || raw === 'outbox') return 'outbox';
  if (raw.startsWith('module:') && raw.length > 'module:'.length) return { module: path.resolve(raw.slice('module:'.length)) };
  throw new Error(`BAHI_EINVOICE_PROVIDER must be outbox or module:<path to an adapter>, not ${JSON.stringify(raw)}`);
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not ${JSON.stringify(raw)}`);
  return value;
}

/** A whole number above 0, or undefined when unset: the caller's default applies. */
function positiveInteger(env: NodeJS.ProcessEnv, name: string): number | undefined {
  if (env[name] === undefined || env[name] === '') return undefined;
  const value = positiveNumber(env, name, 0);
  if (!Number.isInteger(value)) throw new Error(`${name} must be a whole number, not ${JSON.stringify(env[name])}`);
  return value;
}

/** A whole number of nice levels, 0 to 19 (the most a priority can be lowered), or `fallback` when unset. */
function niceLevels(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 19) throw new Error(`${name} must be a whole number from 0 to 19, not ${JSON.stringify(raw)}`);
  return value;
}

/** BAHI_S3_* and the standard AWS variables; without keys in the environment the AWS SDK's own chain finds them. */
function s3Config(env: NodeJS.ProcessEnv): Config['s3'] {
  if (!env.BAHI_S3_BUCKET) return undefined;
  const keys = env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
    ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, ...(env.AWS_SESSION_TOKEN && { sessionToken: env.AWS_SESSION_TOKEN }) }
    : undefined;
  return {
    bucket: env.BAHI_S3_BUCKET,
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    endpoint: env.BAHI_S3_ENDPOINT || undefined,
    credentials: keys,
  };
}
