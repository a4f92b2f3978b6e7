import { monotonicFactory } from 'ulidx';
import type { Clock } from './clock';

/** Every id the service mints carries a prefix that names what it identifies. */
export type IdPrefix =
  | 'org' | 'usr' | 'tok' | 'br' | 'per' | 'acc' | 'tax' | 'ser' | 'con' | 'cp' | 'itm'
  | 'evt' | 'act' | 'req' | 'jnl' | 'jl' | 'inv' | 'li' | 'bill' | 'est' | 'so' | 'po'
  | 'exp' | 'pay' | 'alc' | 'cn' | 'dn' | 'rec' | 'cmt' | 'att' | 'whe' | 'dlv' | 'blk';

export interface IdGenerator {
  next(prefix: IdPrefix): string;
}

/** ULIDs: time-sortable (48-bit ms timestamp) and monotonic within one millisecond. */
export function ulidGenerator(clock: Clock): IdGenerator {
  const ulid = monotonicFactory();
  return { next: (prefix) => `${prefix}_${ulid(clock.now().getTime())}` };
}

/** Deterministic ids for tests: sortable by creation order. */
export function sequentialIds(): IdGenerator {
  let n = 0;
  return { next: (prefix) => `${prefix}_${String(++n).padStart(26, '0')}` };
}
