import { resilientPool } from '../../db/pg-pool';
import type { Clock } from '../../kernel/clock';
import { groupedByKey } from '../../kernel/grouped-calls';

/** Fixed one-minute windows per token; the limit comes from the token. */
export interface RateDecision {
  limit: number;
  remaining: number;
  /** Unix seconds when the current window ends. */
  resetAt: number;
  /** Seconds until the window ends: the Retry-After of a refusal. */
  retryAfter: number;
  allowed: boolean;
}

export interface RateLimiter {
  hit(tokenId: string, limitPerMinute: number): Promise<RateDecision>;
  /** Drops windows that have ended; returns how many. */
  purgeExpired(): Promise<number>;
  close(): Promise<void>;
}

const WINDOW_SECONDS = 60;

export function decide(nowSeconds: number, windowStart: number, hits: number, limit: number): RateDecision {
  return {
    limit,
    remaining: Math.max(0, limit - hits),
    resetAt: windowStart + WINDOW_SECONDS,
    retryAfter: Math.max(1, windowStart + WINDOW_SECONDS - nowSeconds),
    allowed: hits <= limit,
  };
}

export const windowOf = (seconds: number) => seconds - (seconds % WINDOW_SECONDS);

/** The clock's time in whole Unix seconds. */
export const secondsOf = (clock: Clock) => Math.floor(clock.now().getTime() / 1000);

/** A token's counts for the window starting at `start`: its counts so far, or `fresh` ones when the window is new. */
export function tokenWindow<W extends { start: number }>(windows: Map<string, W>, tokenId: string, start: number, fresh: () => W): W {
  let window = windows.get(tokenId);
  if (!window || window.start !== start) {
    window = fresh();
    windows.set(tokenId, window);
  }
  return window;
}

/** Forgets each token's count of a minute before `current`; returns how many. */
export function dropEndedWindows(windows: Map<string, { start: number }>, current: number): number {
  let dropped = 0;
  for (const [tokenId, window] of windows) {
    if (window.start < current) {
      windows.delete(tokenId);
      dropped += 1;
    }
  }
  return dropped;
}

/**
 * For the embedded engine: one process serves the database file, so counting in memory
 * is exact and costs no write per request.
 */
export function memoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { start: number; hits: number }>();
  return {
    async hit(tokenId, limit) {
      const seconds = secondsOf(clock);
      const start = windowOf(seconds);
      const window = tokenWindow(windows, tokenId, start, () => ({ start, hits: 0 }));
      window.hits += 1;
      return decide(seconds, start, window.hits, limit);
    },
    purgeExpired: async () => dropEndedWindows(windows, windowOf(secondsOf(clock))),
    async close() {},
  };
}

/**
 * For PostgreSQL, where several server processes share one database: the counter is a
 * row per token and window, incremented atomically. It uses its own small pool with
 * synchronous_commit off: a counter lost in a crash costs nothing, an fsync per request would.
 */
export function postgresRateLimiter(databaseUrl: string, clock: Clock): RateLimiter {
  const pool = resilientPool({ connectionString: databaseUrl, max: 4, options: '-c synchronous_commit=off', application_name: 'bahi-rate-limiter' });

  // Every request of a token updates the same row, so under load they queue on its row lock.
  // Hits on one token and window that arrive while its counter is being incremented wait and
  // go together, as one `hits + n`: each still gets its own count, as n single increments would
  // give, so the budget stays exact across processes, for one round trip and one lock instead of n.
  const counted = groupedByKey<{ tokenId: string; start: number; seconds: number; limit: number }, RateDecision>(async (_key, batch) => {
    const { tokenId, start } = batch[0]!;
    const { rows } = await pool.query<{ hits: number }>(
      `INSERT INTO rate_limit_windows (token_id, window_start, hits) VALUES ($1, $2, $3)
       ON CONFLICT (token_id, window_start) DO UPDATE SET hits = rate_limit_windows.hits + EXCLUDED.hits
       RETURNING hits`,
      [tokenId, start, batch.length],
    );
    const first = (rows[0]?.hits ?? batch.length) - batch.length + 1;
    return batch.map((w, i) => decide(w.seconds, start, first + i, w.limit));
  });
  return {
    hit(tokenId, limit) {
      const seconds = secondsOf(clock);
      const start = windowOf(seconds);
      return counted(`${tokenId}\u0000${start}`, { tokenId, start, seconds, limit });
    },
    async purgeExpired() {
      const current = windowOf(secondsOf(clock));
      const result = await pool.query('DELETE FROM rate_limit_windows WHERE window_start < $1', [current]);
      return result.rowCount ?? 0;
    },
    close: () => pool.end(),
  };
}
