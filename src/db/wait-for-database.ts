import { performance } from 'node:perf_hooks';
import { exponentialBackoffMs } from '../kernel/backoff';
import { isDatabaseUnavailable } from './driver-errors';

export interface WaitOptions {
  /** Give up once this long has passed since the first attempt (BAHI_DB_WAIT_SECONDS). */
  waitSeconds: number;
  /** Told of each failed attempt before the pause that follows it. */
  onRetry(error: unknown, delayMs: number, waitedMs: number): void;
  /** Milliseconds since some fixed point (a monotonic timer, not the service clock: a fake clock must not stall start-up). */
  elapsedMs?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Pauses between attempts: 250 ms, doubling, at most 5 s, so a database back within a second is used within a second. */
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 5_000;

/**
 * Runs `attempt` (connect and migrate) until it succeeds, pausing longer after each failure while
 * the database is unreachable (starting, stopping, refusing connections). Another failure (a wrong
 * password, a broken migration) is not mended by waiting, and neither is an outage past the wait:
 * both are thrown at once.
 */
export async function whenDatabaseReachable<T>(attempt: () => Promise<T>, options: WaitOptions): Promise<T> {
  const elapsed = options.elapsedMs ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const start = elapsed();
  for (let failures = 1; ; failures++) {
    try {
      return await attempt();
    } catch (error) {
      const waited = elapsed() - start;
      const delay = Math.min(exponentialBackoffMs(failures, FIRST_DELAY_MS, MAX_DELAY_MS), options.waitSeconds * 1000 - waited);
      if (!isDatabaseUnavailable(error) || delay <= 0) throw error;
      options.onRetry(error, delay, waited);
      await sleep(delay);
    }
  }
}
