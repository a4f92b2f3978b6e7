import { describe, expect, it } from 'vitest';
import { SettableClock, type Clock } from './clock';

const frozen = (iso: string): Clock => ({ now: () => new Date(iso) });

describe('SettableClock', () => {
  it('follows its base until set, then keeps the offset', () => {
    const clock = new SettableClock(frozen('2026-04-01T00:00:00.000Z'));
    expect(clock.now().toISOString()).toBe('2026-04-01T00:00:00.000Z');
    clock.set(new Date('2026-05-01T03:30:00.000Z'));
    clock.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-05-01T03:31:30.000Z');
  });

  it('moves every clock made on the same memory (a worker thread\'s)', () => {
    const base = frozen('2026-04-01T00:00:00.000Z');
    const api = new SettableClock(base);
    const worker = new SettableClock(base, api.memory);
    api.set(new Date('2027-01-01T00:00:00.000Z'));
    expect(worker.now().toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
