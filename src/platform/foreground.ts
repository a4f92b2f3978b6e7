/** A request served less than this long ago still counts as the API being busy. */
const BUSY_WINDOW_MS = 1000;

/** Milliseconds since the epoch, to the microsecond, the same on every thread (performance.now() is per thread). */
const sharedNow = () => performance.timeOrigin + performance.now();

/**
 * Public API requests in flight, so background work can step aside for them (the issue-6
 * target: API requests at most 20% slower during a webhook drain). Background work waits for
 * the requests in flight before each step, and while the API is busy it goes at a paced rate
 * (the webhook worker also takes smaller steps on SQLite when it shares the API's event loop),
 * so that it leaves the API most of the machine. Never a starvation: a wait for in-flight
 * requests ends after `maxWaitMs` even under continuous traffic, and paced work still moves
 * at its rate.
 *
 * The state lives in `memory`, which a worker thread may share: a gate made on the same
 * memory there sees the API thread's requests (`npm start` sends webhooks from a thread).
 */
export class ForegroundGate {
  /** [0]: requests in flight. */
  private readonly inFlight: Int32Array;
  /**
   * [0]: when the last request ended (sharedNow()). Read without Atomics (there are none for
   * doubles): an aligned 8-byte store does not tear on the 64-bit machines Node runs on, and
   * a stale read only delays the switch between busy and quiet by a step.
   */
  private readonly lastBusy: Float64Array;
  /** When this thread's next paced step may start (performance.now() time). */
  private nextSlot = 0;

  constructor(readonly memory: SharedArrayBuffer = new SharedArrayBuffer(16)) {
    this.inFlight = new Int32Array(memory, 0, 1);
    this.lastBusy = new Float64Array(memory, 8, 1);
  }

  /** Whether a request is in flight, or one ended less than `windowMs` ago. */
  busy(windowMs = BUSY_WINDOW_MS): boolean {
    return Atomics.load(this.inFlight, 0) > 0 || sharedNow() - this.lastBusy[0]! < windowMs;
  }

  /**
   * While the API is busy, resolves at the next of `perSecond` evenly spaced slots, which all
   * callers on this thread share (so their steps together keep to the rate); at once when it
   * is quiet. A slot not used while the API was quiet is not saved up for a burst later.
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
    Atomics.add(this.inFlight, 0, 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.lastBusy[0] = sharedNow(); // before the count drops: whoever sees it drop sees this too
      if (Atomics.sub(this.inFlight, 0, 1) === 1) Atomics.notify(this.inFlight, 0);
    };
  }

  /** Resolves when no request is in flight, or after `maxWaitMs` at the latest. */
  async idle(maxWaitMs = 20): Promise<void> {
    const deadline = performance.now() + maxWaitMs;
    for (;;) {
      const inFlight = Atomics.load(this.inFlight, 0);
      const left = deadline - performance.now();
      if (inFlight === 0 || left <= 0) return;
      const wait = Atomics.waitAsync(this.inFlight, 0, inFlight, left);
      if (wait.async) await wait.value;
    }
  }
}
