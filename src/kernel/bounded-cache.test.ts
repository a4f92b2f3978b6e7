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

  it('bounds the weights of its entries when given a weigh function', () => {
    const cache = new BoundedCache<number, string>(100, (value) => value.length);
    for (let i = 0; i < 50; i++) cache.set(i, 'x'.repeat(10));
    const kept = Array.from({ length: 50 }, (_, i) => cache.get(i)).filter((v) => v !== undefined);
    expect(kept.length * 10).toBeLessThanOrEqual(100 + 10); // a generation may pass half the capacity by its last entry
    expect(cache.get(49)).toBe('x'.repeat(10));

    // Capacity 100: generations of 50. Had the replacement kept a's first weight (1), a would
    // have shared a generation with b and c and outlived the roll that d causes.
    const replaced = new BoundedCache<string, string>(100, (value) => value.length);
    replaced.set('a', 'x');
    replaced.set('a', 'x'.repeat(60));
    replaced.set('b', 'y'); // a's 60 filled the generation: b starts the next
    replaced.set('c', 'x'.repeat(60));
    replaced.set('d', 'z'); // b and c filled that one: a's generation is dropped
    expect(replaced.get('a')).toBeUndefined();
    expect([replaced.get('b'), replaced.get('d')]).toEqual(['y', 'z']);
  });

  it('gives back the weight of a deleted entry to its generation', () => {
    // Capacity 100: generations of 50. Had b's 40 stayed counted, c would have rolled a into the
    // older generation, and w's roll would have dropped it.
    const cache = new BoundedCache<string, string>(100, (value) => value.length);
    cache.set('a', 'x'.repeat(40));
    cache.set('b', 'x'.repeat(40));
    cache.delete('b'); // the generation holds 40 again, not 80
    cache.set('c', 'y'); // 41: no roll
    cache.set('z', 'x'.repeat(60)); // 101: full
    cache.set('w', 'v'); // rolls once: a, c and z are the older generation
    expect(cache.get('a')).toBe('x'.repeat(40));
    expect(cache.get('b')).toBeUndefined();
  });
});
