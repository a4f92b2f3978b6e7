import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Clock } from '../../kernel/clock';
import { isHitsReport, RateTally, sharedRateLimiter, SYNC_MS, type HitsReport, type ServingProcess, type SupervisorChannel, type TotalsReply } from './shared-rate-limiter';

/** Serving processes wired to one tally, as the supervisor wires them, with every message delivered at once. */
function processes(count: number, clock: Clock) {
  const tally = new RateTally();
  const reports: unknown[] = [];
  const served: Array<ServingProcess & { listener: (message: unknown) => void }> = [];
  const limiters = Array.from({ length: count }, () => {
    const process = { listener: (_message: unknown) => {}, send: (message: TotalsReply) => queueMicrotask(() => process.listener(message)) };
    served.push(process);
    const channel: SupervisorChannel = {
      send(report) {
        reports.push(report);
        if (isHitsReport(report)) tally.receive(report, process, served);
      },
      onMessage: (listener) => (process.listener = listener),
    };
    return sharedRateLimiter(clock, channel);
  });
  return { reports, limiters };
}

const at = (iso: string): Clock => ({ now: () => new Date(iso) });

describe('the rate limiter shared by several serving processes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts a process\'s own hits exactly, without waiting for the supervisor', async () => {
    const { limiters: [one], reports } = processes(1, at('2026-11-25T10:00:05Z'));
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await one!.hit('tok_a', 3));
    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([[true, 2], [true, 1], [true, 0], [false, 0]]);
    expect(reports).toEqual([]); // nothing sent before SYNC_MS
    expect(decisions[3]).toMatchObject({ limit: 3, resetAt: Date.parse('2026-11-25T10:01:00Z') / 1000, retryAfter: 55 });
  });

  it('learns the other processes\' hits when they report, and refuses once the total reaches the limit', async () => {
    const { limiters: [one, two] } = processes(2, at('2026-11-25T10:00:05Z'));
    for (let i = 0; i < 6; i++) await one!.hit('tok_a', 10);
    await two!.hit('tok_a', 10);
    await vi.advanceTimersByTimeAsync(SYNC_MS);
    // Both know of all 7 now; each adds its own new hits until the next report.
    expect((await two!.hit('tok_a', 10)).remaining).toBe(2);
    expect((await one!.hit('tok_a', 10)).remaining).toBe(2);
    await vi.advanceTimersByTimeAsync(SYNC_MS);
    expect((await one!.hit('tok_a', 10))).toMatchObject({ allowed: true, remaining: 0 });
    expect((await one!.hit('tok_a', 10)).allowed).toBe(false);
    await vi.advanceTimersByTimeAsync(SYNC_MS);
    expect((await two!.hit('tok_a', 10)).allowed).toBe(false);
  });

  it('goes over the limit across processes by at most what the others served since they last reported', async () => {
    const { limiters } = processes(3, at('2026-11-25T10:00:05Z'));
    let allowed = 0;
    // Each process serves 4 hits per report interval, for 10 intervals: 120 requests against a limit of 50.
    for (let tick = 0; tick < 10; tick++) {
      for (const limiter of limiters) for (let i = 0; i < 4; i++) if ((await limiter.hit('tok_a', 50)).allowed) allowed += 1;
      await vi.advanceTimersByTimeAsync(SYNC_MS);
    }
    expect(allowed).toBeGreaterThanOrEqual(50);
    // Each process may not yet know of the others' last interval: 2 others x 4 hits, at most.
    expect(allowed).toBeLessThanOrEqual(50 + 2 * 4);
  });

  it('keeps tokens apart, and starts every token afresh in the next minute', async () => {
    let now = new Date('2026-11-25T10:00:58Z');
    const { limiters: [one, two] } = processes(2, { now: () => now });
    for (let i = 0; i < 3; i++) await one!.hit('tok_a', 3);
    await vi.advanceTimersByTimeAsync(SYNC_MS);
    expect((await two!.hit('tok_a', 3)).allowed).toBe(false);
    expect((await two!.hit('tok_b', 3)).remaining).toBe(2);
    now = new Date('2026-11-25T10:01:00Z');
    await vi.advanceTimersByTimeAsync(SYNC_MS);
    expect((await two!.hit('tok_a', 3)).remaining).toBe(2);
    expect(await one!.purgeExpired()).toBe(1); // one's count of the minute that ended
  });

  it('counts its own hits once, whether or not the totals it hears of include them yet', async () => {
    const tally = new RateTally();
    const windowStart = Date.parse('2026-11-25T10:00:00Z') / 1000;
    const toSupervisor: HitsReport[] = []; // one's reports, held until the test lets the supervisor read them
    let deliver: (message: unknown) => void = () => {};
    const one = { send: (message: TotalsReply) => deliver(message) };
    const two = { send: (_message: TotalsReply) => {} };
    const limiter = sharedRateLimiter(at('2026-11-25T10:00:05Z'), { send: (r) => toSupervisor.push(r), onMessage: (l) => (deliver = l) });

    for (let i = 0; i < 3; i++) await limiter.hit('tok_a', 10);
    await vi.advanceTimersByTimeAsync(SYNC_MS); // one reports its 3; the supervisor has not read it yet
    tally.receive({ type: 'bahi.rate-limit.report', windowStart, hits: [['tok_a', 2]] }, two, [one, two]);
    // two's total (2) was counted before one's report: one adds its 3 reported and its new hit.
    expect((await limiter.hit('tok_a', 10)).remaining).toBe(10 - (2 + 3 + 1));
    tally.receive(toSupervisor.shift()!, one, [one, two]);
    // one's reply (5) counts its 3: now only its 2 unreported hits are added.
    expect((await limiter.hit('tok_a', 10)).remaining).toBe(10 - (5 + 2));
  });
});

describe('RateTally', () => {
  it('adds each report to the window\'s counts and forgets a window once a later one is reported', () => {
    const tally = new RateTally();
    expect(tally.add({ type: 'bahi.rate-limit.report', windowStart: 60, hits: [['a', 2], ['b', 1]] }).totals).toEqual([['a', 2], ['b', 1]]);
    expect(tally.add({ type: 'bahi.rate-limit.report', windowStart: 60, hits: [['a', 3]] }).totals).toEqual([['a', 5]]);
    expect(tally.add({ type: 'bahi.rate-limit.report', windowStart: 120, hits: [['a', 1]] }).totals).toEqual([['a', 1]]);
    // A late report from the minute that ended counts for nothing.
    expect(tally.add({ type: 'bahi.rate-limit.report', windowStart: 60, hits: [['b', 4]] }).totals).toEqual([['b', 0]]);
  });
});
