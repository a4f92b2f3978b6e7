import { describe, expect, it } from 'vitest';
import { lruPdfCache } from './pdf-cache';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('lruPdfCache', () => {
  it('answers what it holds and evicts the least recently used beyond its byte bound', () => {
    const cache = lruPdfCache(30);
    cache.set('a', bytes(10, 1));
    cache.set('b', bytes(10, 2));
    cache.set('c', bytes(10, 3));
    expect(cache.get('a')?.[0]).toBe(1); // a is now the most recent
    cache.set('d', bytes(10, 4)); // 40 bytes: b, the least recent, goes
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get(k)?.[0])).toEqual([1, 3, 4]);
  });

  it('replaces an entry under the same key and never holds one larger than the bound', () => {
    const cache = lruPdfCache(20);
    cache.set('a', bytes(10, 1));
    cache.set('a', bytes(15, 2));
    expect(cache.get('a')?.length).toBe(15);
    cache.set('huge', bytes(21));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')?.length).toBe(15);
  });
});
