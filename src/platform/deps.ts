import type { Database } from '../db/database';
import type { Clock } from '../kernel/clock';
import type { CursorCodec } from '../kernel/cursor';
import type { IdGenerator } from '../kernel/ids';
import type { ActivityRecorder } from './activity/activity.recorder';
import type { Dependents } from './dependents';
import type { IdempotencyStore } from './idempotency/idempotency.store';
import type { EventEmitter } from './outbox/outbox';
import type { RateLimiter } from './rate-limit/rate-limiter';
import type { UnitOfWork } from './unit-of-work';

/** What every module's use cases may depend on. Built once, in src/main/. */
export interface PlatformDeps {
  database: Database;
  clock: Clock;
  ids: IdGenerator;
  uow: UnitOfWork;
  activity: ActivityRecorder;
  events: EventEmitter;
  idempotency: IdempotencyStore;
  cursors: CursorCodec;
  rateLimiter: RateLimiter;
  /** What goes with a deleted document (its comments): called by every delete use case. */
  dependents: Dependents;
}
