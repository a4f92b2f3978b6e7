import type { Db } from '../../db/database';
import { fromJson } from '../../db/json';
import type { ActivityTable } from '../../db/schema';
import { invalidValue } from '../../kernel/errors';
import { isValidLocalDate, isoTimestamp } from '../../kernel/local-date';
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

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The span of instants a since/until value names, at its own precision: a plain date names
 * its whole day, `10:00` its minute, `10:00:00` its second (events are shown to the second, so
 * an event's own occurred_at passed back as `until` must still find it). Without an offset the
 * value is UTC, never the machine's zone. Unparsable, or not a real date or time → 400.
 */
function span(value: string, field: string): { first: number; last: number } {
  const [, date, hh, mm, ss, fraction, zone] = ISO_INSTANT.exec(value) ?? [];
  const real = date !== undefined && isValidLocalDate(date)
    && (hh === undefined || (Number(hh) < 24 && Number(mm) < 60 && Number(ss ?? 0) < 60));
  const first = real ? Date.parse(hh !== undefined && zone === undefined ? `${value}Z` : value) : NaN;
  if (Number.isNaN(first)) throw invalidValue(field, `${field} must be an ISO 8601 timestamp`);
  const precision = hh === undefined ? DAY_MS : ss === undefined ? MINUTE_MS : fraction === undefined ? 1000 : 10 ** Math.max(0, 3 - fraction.length);
  return { first, last: first + precision - 1 };
}

const since = (value: string | undefined) => (value === undefined ? undefined : new Date(span(value, 'since').first).toISOString());
const until = (value: string | undefined) => (value === undefined ? undefined : new Date(span(value, 'until').last).toISOString());

export function activityService(deps: { db: Db }) {
  return {
    /** Newest first; no cursor: callers page backwards with since/until (both inclusive). */
    async listActivity(ctx: RequestContext, query: ActivityQuery & { entity_type?: string }) {
      const from = since(query.since);
      const to = until(query.until);
      const limit = query.limit ?? 100;
      let q = deps.db.selectFrom('activity').selectAll().where('org_id', '=', ctx.orgId);
      if (query.entity_type) q = q.where('entity_type', '=', query.entity_type);
      if (query.entity_id) q = q.where('entity_id', '=', query.entity_id);
      if (query.actor_user_id) q = q.where('actor_user_id', '=', query.actor_user_id);
      // Both bounds inclusive; stored timestamps are ISO strings with ms, so text order is time order.
      if (from) q = q.where('occurred_at', '>=', from);
      if (to) q = q.where('occurred_at', '<=', to);
      const rows = await q.orderBy('occurred_at', 'desc').orderBy('event_id', 'desc').limit(limit + 1).execute();
      const page = limitedContext(rows, limit);
      return { activity: page.items.map(present), page_context: page.page_context };
    },
  };
}

export type ActivityService = ReturnType<typeof activityService>;
