/** A request served less than this long ago still counts as the API being busy. */
const BUSY_WINDOW_MS = 1000;

/**
 * Public API requests in flight, so background work running in the same process can step
 * aside for them (the issue-6 target: API requests at most 20% slower during a webhook drain).
 * Background work waits for the requests in flight before each step, and while the API is
 * busy it goes at a paced rate (the webhook worker also takes smaller steps on SQLite), so a
 * request queues behind a few callbacks rather than a backlog's worth of sends; it still
 * queues behind those (docs/benchmarks.md, issue 6). Never a starvation: a wait for in-flight
 * requests ends after `maxWaitMs` even under continuous traffic, and paced work still moves
 * at its rate.
 */
export class ForegroundGate {
  private inFlight = 0;
  private lastBusy = -Infinity;
  private waiters = new Set<() => void>();
  /** When the next paced step may start (performance.now() time). */
  private nextSlot = 0;

  /** Whether a request is in flight, or one ended less than `windowMs` ago. */
  busy(windowMs = BUSY_WINDOW_MS): boolean {
    return this.inFlight > 0 || performance.now() - this.lastBusy < windowMs;
  }

  /**
   * While the API is busy, resolves at the next of `perSecond` evenly spaced slots, which all
   * callers share (so their steps together keep to the rate); at once when it is quiet. A slot
   * not used while the API was quiet is not saved up for a burst later.
   */
  async pace(perSecond: number): Promise<void> {
    if (!this.busy()) return;
    const now = performance.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + 1000 / perSecond;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  }

  /** A request started; call the returned function once when it ends (answered or aborted). */
  enter(): () => void {
    this.inFlight++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.inFlight--;
      this.lastBusy = performance.now();
      if (this.inFlight === 0) for (const wake of [...this.waiters]) wake();
    };
  }

  /** Resolves when no request is in flight, or after `maxWaitMs` at the latest. */
  idle(maxWaitMs = 20): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, maxWaitMs);
      this.waiters.add(wake);
    });
  }
}
