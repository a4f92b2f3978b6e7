import type { ApiClient } from './api-client';

/** Seconds since a `performance.now()`, to a tenth. */
export const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One GET timed from its send to the last byte of the answer (ms). */
export async function timed<T = Record<string, unknown>>(api: ApiClient, path: string): Promise<{ ms: number; body: T }> {
  const started = performance.now();
  const body = await api.call<T>('GET', path);
  return { ms: performance.now() - started, body };
}

/** A warm-up, then the median of `runs` timings of the same GET. */
export async function medianOf(api: ApiClient, path: string, runs: number): Promise<{ ms: number; times: number[]; warmMs: number }> {
  const warm = await timed(api, path);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timed(api, path)).ms);
  return { ms: Math.round(median(times)), times: times.map(Math.round), warmMs: Math.round(warm.ms) };
}
