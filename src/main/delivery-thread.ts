import { openDatabase } from '../db/database';
import { SettableClock, systemClock } from '../kernel/clock';
import { ulidGenerator } from '../kernel/ids';
import { ForegroundGate } from '../platform/foreground';
import { webhookAttemptTally } from '../platform/metrics/shared-tally';
import { serveJob, threadData } from '../workers/job-thread';
import { composeDeliveryWorker, type DeliveryThreadData } from './webhook-deliveries';

/**
 * The webhook delivery thread's entry (webhook-deliveries.ts): the delivery worker on its own
 * database connections (a few: its claims and recordings are short), its clock and its view
 * of the API's requests shared with the API's thread.
 */
const data = threadData<DeliveryThreadData>();
const clock = data.clockMemory ? new SettableClock(systemClock, data.clockMemory) : systemClock;
serveJob(composeDeliveryWorker({
  database: openDatabase({ databaseUrl: data.databaseUrl, dataDir: data.dataDir, poolSize: 4 }),
  clock, ids: ulidGenerator(clock), serverSecret: data.serverSecret,
  allowPrivate: data.allowPrivate, busySendsPerSecond: data.busySendsPerSecond, foreground: new ForegroundGate(data.foregroundMemory),
  attempts: data.attemptsMemory ? webhookAttemptTally(data.attemptsMemory) : undefined,
}));
