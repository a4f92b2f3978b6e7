/**
 * Public API requests in flight, so background work running in the same process can step
 * aside for them: the webhook worker waits for a moment with no request in flight before it
 * starts each send. A request then waits behind at most the steps already under way, not a
 * whole backlog's worth of sends (the issue-6 target: API requests at most 20% slower during
 * a drain). Never a starvation: a wait ends after `maxWaitMs` even under continuous traffic.
 */
export class ForegroundGate {
  private inFlight = 0;
  private waiters = new Set<() => void>();

  /** A request started; call the returned function once when it ends (answered or aborted). */
  enter(): () => void {
    this.inFlight++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.inFlight--;
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
