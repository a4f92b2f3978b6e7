/**
 * A fetch that retries what is safe to retry: a request that reads (GET, HEAD) or carries an
 * Idempotency-Key, when the answer is 429 or 5xx or no answer came (connection refused or
 * reset). It waits as `Retry-After` says when the server says (503 while the database is
 * unavailable, 429), else backs off exponentially with jitter. The same Request, key included,
 * is sent again, so the server does the work at most once.
 */

export interface RetryOptions {
  /** Retries after the first attempt (default 2); 0 disables them. */
  retries: number;
  /** The first backoff in ms, doubled on each retry (default 250). */
  baseDelayMs?: number;
  /** The longest wait between attempts, Retry-After included (default 30 s). */
  maxDelayMs?: number;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

const retriableStatus = (status: number) => status === 429 || status >= 500;

export function retryingFetch(fetchImpl: (request: Request) => Promise<Response>, options: RetryOptions): (request: Request) => Promise<Response> {
  const base = options.baseDelayMs ?? 250;
  const max = options.maxDelayMs ?? 30_000;
  const backoff = (attempt: number) => Math.min(max, base * 2 ** attempt * (0.5 + Math.random() / 2));

  return async (request) => {
    const retriable = SAFE.has(request.method) || request.headers.has('Idempotency-Key');
    for (let attempt = 0; ; attempt++) {
      const again = retriable && attempt < options.retries;
      let response: Response;
      try {
        // A Request's body can be read once: send a copy while another attempt may follow.
        response = await fetchImpl(again ? request.clone() : request);
      } catch (error) {
        if (!again || request.signal.aborted) throw error;
        await sleep(backoff(attempt));
        continue;
      }
      if (!again || !retriableStatus(response.status)) return response;
      const wait = retryAfterMs(response.headers.get('retry-after'));
      await response.body?.cancel();
      await sleep(Math.min(max, wait ?? backoff(attempt)));
    }
  };
}

/** `Retry-After` as seconds or an HTTP date, in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
