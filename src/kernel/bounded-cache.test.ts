import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache';

describe('BoundedCache', () => {
  it('drops the least recently used entry when full', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('replaces a key without growing, and forgets a deleted one', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('a', 2);
    cache.set('b', 3);
    expect(cache.get('a')).toBe(2);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(3);
  });

  it('never holds more than its capacity, and keeps what is in use', () => {
    const cache = new BoundedCache<number, number>(100);
    for (let i = 0; i < 1000; i++) {
      cache.set(i, i);
      expect(cache.get(0)).toBe(0); // read all along: never dropped
    }
    const kept = Array.from({ length: 1000 }, (_, i) => cache.get(i)).filter((v) => v !== undefined);
    expect(kept.length).toBeLessThanOrEqual(100);
    expect(kept).toContain(999);
  });
});
