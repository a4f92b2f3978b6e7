/**
 * The only place in the code base that reads the machine's time. Everything else
 * receives a Clock, so tests and the operator's fake clock can move time.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that follows the system clock shifted by an offset. Setting it moves the
 * offset, so time keeps flowing after a jump (rate-limit windows, retention).
 * Used for BAHI_CLOCK=fake and in tests. The offset lives in `memory`, which a worker thread
 * may share: a clock made on the same memory there moves with this one.
 */
export class SettableClock implements Clock {
  /** [0]: the offset in ms. A double is read and written whole on 64-bit machines. */
  private readonly offsetMs: Float64Array;

  constructor(private readonly base: Clock = systemClock, readonly memory: SharedArrayBuffer = new SharedArrayBuffer(8)) {
    this.offsetMs = new Float64Array(memory, 0, 1);
  }

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs[0]!);
  }

  set(instant: Date): void {
    this.offsetMs[0] = instant.getTime() - this.base.now().getTime();
  }

  advance(ms: number): void {
    this.offsetMs[0]! += ms;
  }
}
