/**
 * Counts by name in memory that worker threads can share: the webhook delivery thread counts
 * its attempts in the memory the API thread's metrics read at scrape time (prom-client keeps
 * its figures per thread). Each count is a 64-bit integer added to atomically.
 */
export class SharedTally<Name extends string> {
  private readonly counts: BigInt64Array;

  constructor(readonly names: readonly Name[], readonly memory = new SharedArrayBuffer(names.length * 8)) {
    this.counts = new BigInt64Array(memory, 0, names.length);
  }

  add(name: Name): void {
    Atomics.add(this.counts, this.names.indexOf(name), 1n);
  }

  read(): Record<Name, number> {
    return Object.fromEntries(this.names.map((name, i) => [name, Number(Atomics.load(this.counts, i))])) as Record<Name, number>;
  }
}

/** What became of one webhook send: a 2xx answer, another answer, or none (timeout, refused connection). */
export const WEBHOOK_ATTEMPT_OUTCOMES = ['acknowledged', 'refused', 'unreachable'] as const;
export type WebhookAttemptOutcome = (typeof WEBHOOK_ATTEMPT_OUTCOMES)[number];
export const webhookAttemptTally = (memory?: SharedArrayBuffer) => new SharedTally(WEBHOOK_ATTEMPT_OUTCOMES, memory);
