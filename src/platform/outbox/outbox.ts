import type { Tx } from '../../db/database';
import { toJson } from '../../db/json';
import type { Clock } from '../../kernel/clock';
import type { IdGenerator } from '../../kernel/ids';
import { isoTimestamp } from '../../kernel/local-date';
import type { RequestContext } from '../context';
import { insertRows } from '../../db/prepared';
import type { EventDataOf, EventType } from './events';

export { EVENT_TYPES, type EventType } from './events';

/** An event as the outbox keeps it: its `data` is the schema of its type (events.ts EVENT_DATA). */
export type OutboxEvent = { [T in EventType]: { event_id: string; event_type: T; occurred_at: string; org_id: string; data: EventDataOf<T> } }[EventType];

/** Writes an event into the outbox in the caller's transaction; delivery reads it later. */
export interface EventEmitter {
  emit<T extends EventType>(tx: Tx, ctx: RequestContext, type: T, data: EventDataOf<T>): Promise<void>;
}

export function outboxEmitter(clock: Clock, ids: IdGenerator): EventEmitter {
  return {
    async emit(tx, ctx, type, data) {
      const now = clock.now();
      const event = {
        event_id: ids.next('evt'),
        event_type: type,
        occurred_at: isoTimestamp(now),
        org_id: ctx.orgId,
        data,
      };
      await insertRows(tx, 'outbox_events', [{
        org_id: ctx.orgId,
        event_id: event.event_id,
        event_type: type,
        payload: toJson(event),
        occurred_at: now.toISOString(),
        published_at: null,
      }], { batchable: true });
    },
  };
}
