import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../../db/database';
import type { Metrics, MetricsExposition } from './metrics';
import type { SharedTally, WebhookAttemptOutcome } from './shared-tally';

/** What is read when a scraper asks, rather than counted as it happens. */
export interface ScrapeSources {
  /** PostgreSQL's connection pool; absent on SQLite, which has one writing connection and no pool. */
  pool?: () => PoolStats;
  /** Rows waiting in the database's queues, by queue name (read from the database: the same for every process). */
  queueDepths: () => Promise<Record<string, number>>;
  /** Webhook sends, counted where they are made (the delivery thread's shared memory). */
  webhookAttempts: SharedTally<WebhookAttemptOutcome>;
}

/** Seconds: from a cached read to a slow report or a PDF render. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: a background job's run, from an idle tick to a long webhook drain. */
const JOB_BUCKETS = [0.01, 0.05, 0.25, 1, 5, 15, 60, 300];

const seconds = (since: number) => (performance.now() - since) / 1000;

/**
 * Metrics kept by prom-client in a registry of this app's own (tests run several apps in one
 * process, and the global registry would mix them), with Node's default metrics (event-loop
 * lag, heap, CPU, GC) beside the service's.
 */
export function prometheusMetrics(sources: ScrapeSources): Metrics & MetricsExposition {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'bahi_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'], registers,
  });
  const requestSeconds = new Histogram({
    name: 'bahi_http_request_duration_seconds', help: 'Time from receiving an HTTP request to answering it, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'], buckets: REQUEST_BUCKETS, registers,
  });
  const replays = new Counter({
    name: 'bahi_idempotent_replays_total', help: 'Requests answered from a stored Idempotency-Key response instead of running again', registers,
  });
  const transactions = new Counter({
    name: 'bahi_transactions_total', help: 'Units of work (one use case, one transaction), by whether they committed or rolled back',
    labelNames: ['outcome'], registers,
  });
  const retries = new Counter({
    name: 'bahi_transaction_retries_total', help: 'Units of work run again after a deadlock or serialization failure rolled them back', registers,
  });
  const transactionSeconds = new Histogram({
    name: 'bahi_transaction_duration_seconds', help: 'Time a unit of work took, waiting for a connection (PostgreSQL) or the write lock (SQLite) included',
    labelNames: ['outcome'], buckets: REQUEST_BUCKETS, registers,
  });
  const jobRuns = new Counter({
    name: 'bahi_job_runs_total', help: 'Background job runs (worker loop and POST /api/admin/v1/jobs/run), by job and outcome',
    labelNames: ['job', 'outcome'], registers,
  });
  const jobItems = new Counter({
    name: 'bahi_job_items_total', help: 'Things background jobs handled (deliveries sent, documents generated, rows purged), by job',
    labelNames: ['job'], registers,
  });
  const jobSeconds = new Histogram({
    name: 'bahi_job_duration_seconds', help: 'Time a background job run took, by job', labelNames: ['job'], buckets: JOB_BUCKETS, registers,
  });

  new Gauge({
    name: 'bahi_webhook_queue_depth', help: 'Rows waiting in the webhook queues: PENDING deliveries, and events not yet fanned out to endpoints',
    labelNames: ['queue'], registers,
    async collect() {
      this.reset();
      // A database that cannot answer leaves the series out (absent() alerts on that) rather than failing the whole scrape.
      const depths = await sources.queueDepths().catch(() => ({}));
      for (const [queue, depth] of Object.entries(depths)) this.set({ queue }, depth);
    },
  });
  new Counter({
    name: 'bahi_webhook_attempts_total', help: 'Webhook sends, by outcome: a 2xx answer, another answer, or none (timeout, connection refused)',
    labelNames: ['outcome'], registers,
    collect() {
      // The counts live in shared memory; this is the registry's copy of them.
      this.reset();
      for (const [outcome, count] of Object.entries(sources.webhookAttempts.read())) this.inc({ outcome }, count);
    },
  });
  const { pool } = sources;
  if (pool) {
    new Gauge({
      name: 'bahi_db_pool_connections', help: 'PostgreSQL connections this process holds, by state (idle or in use)',
      labelNames: ['state'], registers,
      collect() {
        const { total, idle } = pool();
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'in_use' }, total - idle);
      },
    });
    new Gauge({
      name: 'bahi_db_pool_waiting', help: 'Queries of this process waiting for a PostgreSQL connection', registers,
      collect() {
        this.set(pool().waiting);
      },
    });
  }

  return {
    contentType: registry.contentType,
    render: () => registry.metrics(),
    transaction() {
      const start = performance.now();
      return (outcome, retried) => {
        transactions.inc({ outcome });
        retries.inc(retried);
        transactionSeconds.observe({ outcome }, seconds(start));
      };
    },
    jobRun(job) {
      const start = performance.now();
      return (outcome, handled) => {
        jobRuns.inc({ job, outcome });
        jobItems.inc({ job }, handled);
        jobSeconds.observe({ job }, seconds(start));
      };
    },
    request({ method, route, status, seconds: took, replayed }) {
      const labels = { method, route, status };
      requests.inc(labels);
      requestSeconds.observe(labels, took);
      if (replayed) replays.inc();
    },
  };
}
