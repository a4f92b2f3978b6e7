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
 * Used for BAHI_CLOCK=fake and in tests.
 */
export class SettableClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: Clock = systemClock) {}

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }

  set(instant: Date): void {
    this.offsetMs = instant.getTime() - this.base.now().getTime();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
