/** The pause after the nth failure in a row (n from 1): `firstMs`, doubling each time, at most `maxMs`. */
export const exponentialBackoffMs = (failures: number, firstMs: number, maxMs: number): number =>
  Math.min(maxMs, firstMs * 2 ** Math.max(0, failures - 1));
