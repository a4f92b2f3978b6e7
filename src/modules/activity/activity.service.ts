import type { Db } from '../../db/database';
import { fromJson } from '../../db/json';
import type { ActivityTable } from '../../db/schema';
import { invalidValue } from '../../kernel/errors';
import { isoTimestamp } from '../../kernel/local-date';
import type { RequestContext } from '../../platform/context';
import { limitedContext } from '../../platform/pagination';
import type { ActivityQuery } from './activity.schemas';

const present = (a: ActivityTable) => ({
  event_id: a.event_id,
  action: a.action,
  entity_type: a.entity_type,
  entity_id: a.entity_id,
  entity_ref: a.entity_ref,
  actor_user_id: a.actor_user_id,
  changes: fromJson(a.changes),
  metadata: fromJson(a.metadata),
  occurred_at: isoTimestamp(new Date(a.occurred_at)),
});

/** since/until are ISO timestamps (a plain date means its first instant, UTC). Unparsable → 400. */
function instant(value: string | undefined, field: string): string | undefined {
  if (value === undefined) return undefined;
  const iso = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(iso)) throw invalidValue(field, `${field} must be an ISO 8601 timestamp`);
  return new Date(iso).toISOString();
}

export function activityService(deps: { db: Db }) {
  return {
    /** Newest first; no cursor: callers page backwards with since/until (both inclusive). */
    async listActivity(ctx: RequestContext, query: ActivityQuery & { entity_type?: string }) {
      const since = instant(query.since, 'since');
      const until = instant(query.until, 'until');
      const limit = query.limit ?? 100;
      let q = deps.db.selectFrom('activity').selectAll().where('org_id', '=', ctx.orgId);
      if (query.entity_type) q = q.where('entity_type', '=', query.entity_type);
      if (query.entity_id) q = q.where('entity_id', '=', query.entity_id);
      if (query.actor_user_id) q = q.where('actor_user_id', '=', query.actor_user_id);
      if (since) q = q.where('occurred_at', '>=', since);
      if (until) {
        // Inclusive to the whole millisecond named (timestamps are stored with ms).
        q = q.where('occurred_at', '<=', until);
      }
      const rows = await q.orderBy('occurred_at', 'desc').orderBy('event_id', 'desc').limit(limit + 1).execute();
      const page = limitedContext(rows, limit);
      return { activity: page.items.map(present), page_context: page.page_context };
    },
  };
}

export type ActivityService = ReturnType<typeof activityService>;
