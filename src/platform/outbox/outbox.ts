import type { Tx } from '../../db/database';
import { toJson } from '../../db/json';
import type { Clock } from '../../kernel/clock';
import type { IdGenerator } from '../../kernel/ids';
import { isoTimestamp } from '../../kernel/local-date';
import type { RequestContext } from '../context';
import { insertRows } from '../../db/prepared';

/** The spec's event catalog. */
export const EVENT_TYPES = [
  'INVOICE_CREATED', 'INVOICE_UPDATED', 'INVOICE_VOIDED', 'INVOICE_PAID', 'INVOICE_BULK_CREATED',
  'BILL_CREATED', 'BILL_UPDATED', 'BILL_VOIDED', 'BILL_PAID', 'BILL_BULK_CREATED',
  'PAYMENT_RECEIVED', 'PAYMENT_MADE',
  'CREDIT_NOTE_CREATED', 'CREDIT_NOTE_VOIDED', 'DEBIT_NOTE_CREATED',
  'ESTIMATE_CREATED', 'ESTIMATE_ACCEPTED', 'ESTIMATE_CONVERTED',
  'SALES_ORDER_CREATED', 'PURCHASE_ORDER_CREATED',
  'EXPENSE_CREATED', 'JOURNAL_POSTED',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The `data` of a document event (operator.md): id, number where it has one, contact id,
 * total or amount, and status. INVOICE_CREATED's spec names exactly id, number,
 * customer_id, total, status; the bulk events carry count, failed, batch_size.
 */
export type EventData = Record<string, string | number | boolean | null>;

export interface OutboxEvent {
  event_id: string;
  event_type: EventType;
  occurred_at: string;
  org_id: string;
  data: EventData;
}

/** Writes an event into the outbox in the caller's transaction; delivery reads it later. */
export interface EventEmitter {
  emit(tx: Tx, ctx: RequestContext, type: EventType, data: EventData): Promise<void>;
}

export function outboxEmitter(clock: Clock, ids: IdGenerator): EventEmitter {
  return {
    async emit(tx, ctx, type, data) {
      const now = clock.now();
      const event: OutboxEvent = {
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
