import { describe, expect, it } from 'vitest';
import { Mutex } from './mutex';

describe('Mutex', () => {
  it('lets one holder in at a time, in the order they asked', async () => {
    const mutex = new Mutex();
    const events: string[] = [];
    const hold = async (name: string, ticks: number) => {
      const release = await mutex.lock();
      events.push(`${name} in`);
      for (let i = 0; i < ticks; i++) await Promise.resolve();
      events.push(`${name} out`);
      release();
    };
    await Promise.all([hold('a', 5), hold('b', 1), hold('c', 3)]);
    expect(events).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
  });

  it('keeps a second holder waiting until the first releases', async () => {
    const mutex = new Mutex();
    const release = await mutex.lock();
    const next = mutex.lock();
    let entered = false;
    void next.then(() => (entered = true));
    await Promise.resolve();
    expect(entered).toBe(false);
    release();
    await next;
    expect(entered).toBe(true);
  });
});
