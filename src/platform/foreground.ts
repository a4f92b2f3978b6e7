/**
 * Public API requests in flight, so background work running in the same process can step
 * aside for them: the webhook worker waits for a moment with no request in flight before it
 * starts each send. A request then waits behind at most the steps already under way, not a
 * whole backlog's worth of sends (the issue-6 target: API requests at most 20% slower during
 * a drain). Never a starvation: a wait ends after `maxWaitMs` even under continuous traffic.
 */
export class ForegroundGate {
  private inFlight = 0;
  private lastBusy = 0;
  private waiters = new Set<() => void>();

  private recentlyBusy(windowMs: number): boolean {
    return this.inFlight > 0 || performance.now() - this.lastBusy < windowMs;
  }

  /**
   * Resolves once no request has been in flight for `windowMs`: for background work that may
   * wait as long as requests keep coming (other work keeps going meanwhile).
   */
  async lull(windowMs = 100): Promise<void> {
    while (this.recentlyBusy(windowMs)) {
      if (this.inFlight > 0) await this.idle(windowMs);
      else await new Promise((resolve) => setTimeout(resolve, Math.max(1, windowMs - (performance.now() - this.lastBusy))));
    }
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
