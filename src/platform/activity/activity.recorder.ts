import type { Tx } from '../../db/database';
import { toJson } from '../../db/json';
import type { Clock } from '../../kernel/clock';
import type { IdGenerator } from '../../kernel/ids';
import type { RequestContext } from '../context';
import { insertRows } from '../../db/prepared';

/** Entity types the activity log knows; unknown ones are refused by GET /activity. */
export const ACTIVITY_ENTITY_TYPES = [
  'INVOICE', 'BILL', 'ESTIMATE', 'CREDIT_NOTE', 'DEBIT_NOTE', 'SALES_ORDER', 'PURCHASE_ORDER', 'PAYMENT',
  'RECEIPT', 'EXPENSE', 'JOURNAL', 'CONTACT', 'ITEM', 'ATTACHMENT', 'RECURRING', 'BILL_OF_ENTRY', 'DELIVERY_CHALLAN',
  /** The recipient's action in the Invoice Management System on a supplier's document. */
  'IMS_ACTION',
  /** A bank statement's line: matched, unmatched, excluded, restored; and an account's reconciliation, closed or reopened. */
  'BANK_TRANSACTION', 'BANK_RECONCILIATION',
  /** A bank statement imported for an account. */
  'BANK_STATEMENT',
  /** A file import's run, and the organisation's opening balances set or replaced. */
  'IMPORT', 'OPENING_BALANCES',
  /** The organisation itself: its period lock set, moved or removed through the admin API. */
  'ORGANISATION',
] as const;
export type ActivityEntityType = (typeof ACTIVITY_ENTITY_TYPES)[number];

export type FieldChanges = Record<string, { old: unknown; new: unknown }>;

export type ActivityEntry = {
  entityType: ActivityEntityType;
  entityId: string;
  entityRef?: string | null;
  changes?: FieldChanges | null;
  metadata?: Record<string, unknown>;
} & (
  /** The entity's own verb; the stored action is `${entityType}_${verb}` (e.g. CONTACT_UPDATED). */
  | { verb: string }
  /** An action named by the spec as is, written to the entity's timeline (EMAIL_SENT on an invoice). */
  | { action: string }
);

/**
 * Appends to the audit trail inside the caller's transaction. There is no update or delete.
 * Several entries of one use case (a create that also approves) go in one statement, in order.
 */
export interface ActivityRecorder {
  record(tx: Tx, ctx: RequestContext, ...entries: ActivityEntry[]): Promise<void>;
}

export function activityRecorder(clock: Clock, ids: IdGenerator): ActivityRecorder {
  return {
    async record(tx, ctx, ...entries) {
      await insertRows(tx, 'activity', entries.map((entry) => ({
        org_id: ctx.orgId,
        event_id: ids.next('act'),
        action: 'action' in entry ? entry.action : `${entry.entityType}_${entry.verb}`,
        entity_type: entry.entityType,
        entity_id: entry.entityId,
        entity_ref: entry.entityRef ?? null,
        actor_user_id: ctx.userId,
        changes: entry.changes ? toJson(entry.changes) : null,
        metadata: toJson({
          ip: ctx.ip,
          user_agent: ctx.userAgent,
          request_id: ctx.requestId,
          source: ctx.source,
          ...entry.metadata,
        }),
        occurred_at: clock.now().toISOString(),
      })), { batchable: true });
    },
  };
}

/** Field-by-field difference of two flat records, for the `changes` of an UPDATED entry. */
export function diffFields(before: Record<string, unknown>, after: Record<string, unknown>): FieldChanges | null {
  const changes: FieldChanges = {};
  for (const key of Object.keys(after)) {
    if (toJson(before[key] ?? null) !== toJson(after[key] ?? null)) {
      changes[key] = { old: before[key] ?? null, new: after[key] ?? null };
    }
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
