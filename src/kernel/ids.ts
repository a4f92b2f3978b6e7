import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulidx';
import type { Clock } from './clock';

/** Every id the service mints carries a prefix that names what it identifies. */
export type IdPrefix =
  | 'org' | 'usr' | 'tok' | 'br' | 'per' | 'acc' | 'tax' | 'ser' | 'con' | 'cp' | 'itm'
  | 'evt' | 'act' | 'req' | 'jnl' | 'jl' | 'inv' | 'li' | 'bill' | 'est' | 'so' | 'po'
  | 'exp' | 'pay' | 'alc' | 'cn' | 'cna' | 'dn' | 'dna' | 'rec' | 'cmt' | 'att' | 'whe' | 'dlv' | 'blk' | 'msg' | 'boe' | 'rfd' | 'dc'
  | 'g2b' | 'g2bd' | 'ims' | 'itr' | 'itl' | 'bst' | 'btx' | 'bmt' | 'brl' | 'brc' | 'imp' | 'obl';

export interface IdGenerator {
  next(prefix: IdPrefix): string;
}

/**
 * Random numbers in [0, 1) from the CSPRNG, drawn from a pooled buffer: ulidx's default asks
 * the CSPRNG for one byte per character (16 calls per id), which showed up in profiles.
 */
function pooledRandom(): () => number {
  const pool = new Uint8Array(4096);
  let next = pool.length;
  return () => {
    if (next === pool.length) {
      randomFillSync(pool);
      next = 0;
    }
    return pool[next++]! / 256;
  };
}

/** ULIDs: time-sortable (48-bit ms timestamp) and monotonic within one millisecond. */
export function ulidGenerator(clock: Clock): IdGenerator {
  const ulid = monotonicFactory(pooledRandom());
  return { next: (prefix) => `${prefix}_${ulid(clock.now().getTime())}` };
}

/** Deterministic ids for tests: sortable by creation order. */
export function sequentialIds(): IdGenerator {
  let n = 0;
  return { next: (prefix) => `${prefix}_${String(++n).padStart(26, '0')}` };
}
