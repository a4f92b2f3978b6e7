/**
 * What the service measures, as the code that does the work sees it. Only prometheus.ts knows
 * how the figures are kept and shown; with metrics off (no BAHI_METRICS) the code is handed
 * `noMetrics`, which keeps nothing and reads no clock.
 */
export interface Metrics {
  /** A unit of work begins; call the result once, when it has committed or rolled back, with how many times it was retried. */
  transaction(): (outcome: TransactionOutcome, retries: number) => void;
  /** A background job's run begins; call the result once with how it ended and how many things it handled. */
  jobRun(job: string): (outcome: JobOutcome, handled: number) => void;
  /** One answered HTTP request: `route` is the route's pattern (`/api/public/v1/invoices/:invoice_id`), never the URL. */
  request(answer: AnsweredRequest): void;
}

export type TransactionOutcome = 'committed' | 'rolled_back';
export type JobOutcome = 'ok' | 'failed';

export interface AnsweredRequest {
  method: string;
  route: string;
  status: number;
  seconds: number;
  /** Answered from a stored Idempotency-Key response (Idempotent-Replayed: true), not by running the operation. */
  replayed: boolean;
}

/** The text a scraper reads. */
export interface MetricsExposition {
  contentType: string;
  render(): Promise<string>;
}

const ignore = () => {};

export const noMetrics: Metrics = {
  transaction: () => ignore,
  jobRun: () => ignore,
  request: ignore,
};
