import type { Clock } from '../../kernel/clock';
import { decide, dropEndedWindows, secondsOf, tokenWindow, windowOf, type RateLimiter } from './rate-limiter';

/*
 * For the embedded engine served by several processes (BAHI_PROCESSES > 1; on PostgreSQL the
 * counters are rows that every process shares). The supervising process keeps each window's
 * counts in a `RateTally`. A serving process counts its own hits at once and reports them
 * every SYNC_MS; the supervisor sends the new totals to every process, the reporter's reply
 * among them. No request waits for another process, and a process never lets a token past its
 * limit on what it knows. What it cannot know yet is what the others served that token since
 * their last report: across processes a token can go over its limit by at most SYNC_MS worth of
 * its requests to the other processes.
 */

/** How often a serving process reports its hits. */
export const SYNC_MS = 10;

/** A serving process's hits since its last report, for one window. */
export interface HitsReport {
  type: 'bahi.rate-limit.report';
  windowStart: number;
  hits: Array<[tokenId: string, count: number]>;
}

/** Each reported token's count in that window across every process: to the reporter (`reply`) and to the others. */
export interface TotalsReply {
  type: 'bahi.rate-limit.totals';
  windowStart: number;
  totals: Array<[tokenId: string, count: number]>;
  reply: boolean;
}

export const isHitsReport = (message: unknown): message is HitsReport =>
  (message as HitsReport | null)?.type === 'bahi.rate-limit.report';

const isTotalsReply = (message: unknown): message is TotalsReply =>
  (message as TotalsReply | null)?.type === 'bahi.rate-limit.totals';

/** A serving process, as the supervisor sees it. */
export interface ServingProcess {
  send(message: TotalsReply): void;
}

/** The supervisor's counts: the current window only, since every window is the same minute for every token. */
export class RateTally {
  private windowStart = -Infinity;
  private counts = new Map<string, number>();

  /** Counts a report and sends the new totals to every process: to the reporter as its reply. */
  receive(report: HitsReport, reporter: ServingProcess, everyone: Iterable<ServingProcess>): void {
    const totals = this.add(report);
    for (const process of everyone) process.send({ ...totals, reply: process === reporter });
  }

  add(report: HitsReport): Omit<TotalsReply, 'reply'> {
    if (report.windowStart > this.windowStart) {
      this.windowStart = report.windowStart;
      this.counts = new Map();
    }
    // A report from a window that has ended counts for nothing; its tokens answer 0 and start afresh.
    const current = report.windowStart === this.windowStart;
    const totals = report.hits.map(([tokenId, count]): [string, number] => {
      if (!current) return [tokenId, 0];
      const total = (this.counts.get(tokenId) ?? 0) + count;
      this.counts.set(tokenId, total);
      return [tokenId, total];
    });
    return { type: 'bahi.rate-limit.totals', windowStart: report.windowStart, totals };
  }
}

/** How a serving process talks to its supervisor (process.send and process.on('message') in production). */
export interface SupervisorChannel {
  send(report: HitsReport): void;
  onMessage(listener: (message: unknown) => void): void;
}

interface TokenWindow {
  start: number;
  /** Every process's count as of the last totals received (without `reported`, which is not yet counted there). */
  known: number;
  /** Hits reported and not yet answered. */
  reported: number;
  /** Hits since the last report. */
  unreported: number;
}

export function sharedRateLimiter(clock: Clock, supervisor: SupervisorChannel): RateLimiter {
  const windows = new Map<string, TokenWindow>();
  let reporting = false;
  /** Hits since the last report, in any window. */
  let unreported = false;
  let timer: NodeJS.Timeout | null = null;
  const currentWindow = () => windowOf(secondsOf(clock));

  function report(): void {
    timer = null;
    unreported = false;
    const current = currentWindow();
    // A process that no job purges (only the lead runs them) forgets the minutes that ended here.
    dropEndedWindows(windows, current);
    const hits: Array<[string, number]> = [];
    for (const [tokenId, window] of windows) {
      if (window.unreported === 0) continue;
      hits.push([tokenId, window.unreported]);
      window.reported += window.unreported;
      window.unreported = 0;
    }
    if (hits.length === 0) return;
    reporting = true;
    supervisor.send({ type: 'bahi.rate-limit.report', windowStart: current, hits });
  }

  function scheduleReport(): void {
    if (reporting || timer) return;
    timer = setTimeout(report, SYNC_MS);
    timer.unref();
  }

  supervisor.onMessage((message) => {
    if (!isTotalsReply(message)) return;
    if (message.reply) reporting = false;
    for (const [tokenId, total] of message.totals) {
      let window = windows.get(tokenId);
      if (!window || window.start < message.windowStart) {
        window = { start: message.windowStart, known: 0, reported: 0, unreported: 0 };
        windows.set(tokenId, window);
      }
      if (window.start !== message.windowStart) continue;
      // Messages arrive in the order the supervisor sent them, so totals that come before my reply
      // were counted before my report: my reported hits are in a total only once it is my reply.
      window.known = total;
      if (message.reply) window.reported = 0;
    }
    if (unreported) scheduleReport();
  });

  return {
    async hit(tokenId, limit) {
      const seconds = secondsOf(clock);
      const start = windowOf(seconds);
      const window = tokenWindow(windows, tokenId, start, () => ({ start, known: 0, reported: 0, unreported: 0 }));
      window.unreported += 1;
      unreported = true;
      scheduleReport();
      return decide(seconds, start, window.known + window.reported + window.unreported, limit);
    },
    purgeExpired: async () => dropEndedWindows(windows, currentWindow()),
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
