/** Delivery rules: which answers count, and the retry schedule (docs/guides/webhooks.md). Pure. */

/** Waits after the 1st, 2nd, … failed attempt: 30 s, 5 min, 30 min, 2 h, 6 h, 24 h; then FAILED. */
export const RETRY_DELAYS_MS = [30_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 86_400_000] as const;

/** Up to ±10 % of each wait, so deliveries that failed together do not all return together. */
export const JITTER = 0.1;

/** How long a claimed delivery is held before another worker may take it (a crash mid-send). */
export const LEASE_MS = 120_000;

export const acknowledged = (status: number | null) => status !== null && status >= 200 && status < 300;

/**
 * A stable jitter in [-JITTER, +JITTER] from the delivery id and attempt number: spread across
 * deliveries, yet reproducible (the fake clock in tests, a re-read of the log).
 */
export function jitterFraction(deliveryId: string, attempt: number): number {
  let h = 2166136261;
  for (const ch of `${deliveryId}#${attempt}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return ((h % 20001) / 10000 - 1) * JITTER;
}

/**
 * After failed attempt number `attempts` (1-based, counting every attempt so far), when the
 * next one is due, or null when the schedule is spent and the delivery is FAILED.
 */
export function nextAttemptAfterFailure(deliveryId: string, attempts: number, failedAt: Date): Date | null {
  const wait = RETRY_DELAYS_MS[attempts - 1];
  if (wait === undefined) return null;
  return new Date(failedAt.getTime() + Math.round(wait * (1 + jitterFraction(deliveryId, attempts))));
}
