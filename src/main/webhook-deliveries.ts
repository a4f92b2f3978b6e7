import type { Database } from '../db/database';
import { SettableClock, systemClock, type Clock } from '../kernel/clock';
import type { IdGenerator } from '../kernel/ids';
import type { ForegroundGate } from '../platform/foreground';
import type { Job } from '../platform/jobs/jobs';
import type { SharedTally, WebhookAttemptOutcome } from '../platform/metrics/shared-tally';
import { acknowledged, deliveryWorker, httpSender, type Resolver } from '../modules/webhooks';
import { secretBox } from '../kernel/secret-box';
import { threadJob, type ThreadJob } from '../workers/job-thread';

/** What the webhook delivery worker is built from, in the API's process or on its own thread. */
export interface DeliveryWiring {
  database: Database;
  clock: Clock;
  ids: IdGenerator;
  serverSecret: string;
  allowPrivate: boolean;
  busySendsPerSecond: number;
  foreground: ForegroundGate;
  resolver?: Resolver;
  /** BAHI_METRICS=1: where each send's outcome is counted. */
  attempts?: SharedTally<WebhookAttemptOutcome>;
}

/** The webhook sender, counting what became of each send in `attempts` when metrics are on. */
export function webhookSender(attempts: SharedTally<WebhookAttemptOutcome> | undefined): typeof httpSender {
  if (!attempts) return httpSender;
  return async (target, headers, body) => {
    const result = await httpSender(target, headers, body);
    attempts.add(acknowledged(result.status) ? 'acknowledged' : result.status === null ? 'unreachable' : 'refused');
    return result;
  };
}

export const composeDeliveryWorker = (w: DeliveryWiring): Job => deliveryWorker({
  database: w.database, clock: w.clock, ids: w.ids, secrets: secretBox(w.serverSecret, 'webhook-signing-secrets'), sender: webhookSender(w.attempts),
  allowPrivate: w.allowPrivate, busySendsPerSecond: w.busySendsPerSecond, foreground: w.foreground, resolver: w.resolver,
});

/** What the delivery thread is given: plain data, and the memory it shares with the API's thread. */
export interface DeliveryThreadData {
  databaseUrl: string | undefined;
  dataDir: string;
  serverSecret: string;
  allowPrivate: boolean;
  busySendsPerSecond: number;
  /** The API thread's ForegroundGate: the thread sees its requests. */
  foregroundMemory: SharedArrayBuffer;
  /** BAHI_CLOCK=fake: the API thread's SettableClock, so that the thread's time moves with it. */
  clockMemory: SharedArrayBuffer | null;
  /** BAHI_METRICS=1: the API thread's count of webhook sends, which the thread adds to. */
  attemptsMemory: SharedArrayBuffer | null;
}

/**
 * The delivery worker on a thread of its own (`npm start`; docs/decisions.md "Webhook
 * deliveries on their own thread"), with its own database connections. Only what can cross
 * to a thread can be used there: the system clock or BAHI_CLOCK=fake's, the system resolver,
 * and ids from the thread's own generator.
 */
export function deliveryThreadJob(w: DeliveryWiring & { databaseUrl: string | undefined; dataDir: string; niceSteps: number }): ThreadJob {
  if (w.resolver) throw new Error('a webhook resolver override cannot cross to the delivery thread');
  if (w.clock !== systemClock && !(w.clock instanceof SettableClock)) throw new Error('only the system clock or a SettableClock can cross to the delivery thread');
  const data: DeliveryThreadData = {
    databaseUrl: w.databaseUrl, dataDir: w.dataDir, serverSecret: w.serverSecret, allowPrivate: w.allowPrivate,
    busySendsPerSecond: w.busySendsPerSecond, foregroundMemory: w.foreground.memory,
    clockMemory: w.clock instanceof SettableClock ? w.clock.memory : null,
    attemptsMemory: w.attempts?.memory ?? null,
  };
  return threadJob('webhook_deliveries', new URL('./delivery-thread.ts', import.meta.url), data, { niceSteps: w.niceSteps });
}
