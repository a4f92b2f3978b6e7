import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import type { Tables, WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema';
import type { CursorPosition } from '../../kernel/cursor';

export type EndpointRow = WebhookEndpointsTable;
export type DeliveryRow = WebhookDeliveriesTable;
export type AttemptRow = WebhookAttemptsTable;

export interface DeliveryFilter {
  endpointId?: string;
  status?: string;
  eventType?: string;
}

/** The distinct organisations of some rows: with their ids, an IN on both primary-key columns, so lookups use the key. */
const orgsOf = (keys: ReadonlyArray<{ org_id: string }>) => [...new Set(keys.map((k) => k.org_id))];

/**
 * A queue's pick of rows to claim. On PostgreSQL the pick locks them, passing over rows another
 * worker holds, and its transaction reads the queue's index in order. Statistics lag behind a
 * burst (10,000 events written in seconds): expecting a hundred waiting rows, the planner read
 * every one with a bitmap scan and sorted them all to take the first 100 or 200, so each claim
 * grew with the backlog: 3–4 ms a claim early in a 10,000-event drain, against 0.4 ms in order.
 */
async function claimable<Q extends SelectQueryBuilder<Tables, keyof Tables, object>>(tx: Tx, pick: Q): Promise<Q> {
  if (engineOf(tx) !== 'postgres') return pick;
  await sql`SET LOCAL enable_bitmapscan = off`.execute(tx);
  return pick.forUpdate().skipLocked() as Q;
}

/** Ids are ULIDs: their text order is the order they were made in. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Rows waiting in the delivery worker's two queues, each counted over its partial index (017):
 * PENDING deliveries, due or not, and events not yet fanned out to endpoints. The literal status
 * lets PostgreSQL match the index's predicate, which a parameter would not.
 */
export async function webhookQueueDepths(db: Db): Promise<Record<'pending_deliveries' | 'unpublished_events', number>> {
  const [deliveries, events] = await Promise.all([
    db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll().as('rows')).where('status', '=', sql.lit('PENDING')).executeTakeFirstOrThrow(),
    db.selectFrom('outbox_events').select((eb) => eb.fn.countAll().as('rows')).where('published_at', 'is', null).executeTakeFirstOrThrow(),
  ]);
  return { pending_deliveries: Number(deliveries.rows), unpublished_events: Number(events.rows) };
}

export const webhooksRepository = {
  insertEndpoint: (tx: Tx, row: EndpointRow) => tx.insertInto('webhook_endpoints').values(row).execute(),

  /** A live (not deleted) endpoint. */
  findEndpoint: (db: Db | Tx, orgId: string, endpointId: string) =>
    db.selectFrom('webhook_endpoints').selectAll().where('org_id', '=', orgId).where('endpoint_id', '=', endpointId)
      .where('deleted_time', 'is', null).executeTakeFirst(),

  listEndpoints: (db: Db, orgId: string) =>
    db.selectFrom('webhook_endpoints').selectAll().where('org_id', '=', orgId).where('deleted_time', 'is', null)
      .orderBy('endpoint_id').execute(),

  /** Live endpoints of several organisations, for fanning events out. */
  endpointsOfOrgs: (tx: Tx, orgIds: readonly string[]) =>
    orgIds.length === 0 ? Promise.resolve([] as EndpointRow[])
      : tx.selectFrom('webhook_endpoints').selectAll().where('org_id', 'in', orgIds).where('deleted_time', 'is', null).execute(),

  endpointsByIds: (db: Db | Tx, keys: ReadonlyArray<{ orgId: string; endpointId: string }>) =>
    keys.length === 0 ? Promise.resolve([] as EndpointRow[])
      : db.selectFrom('webhook_endpoints').selectAll().where('org_id', 'in', [...new Set(keys.map((k) => k.orgId))])
        .where('endpoint_id', 'in', [...new Set(keys.map((k) => k.endpointId))]).execute(),

  async deleteEndpoint(tx: Tx, orgId: string, endpointId: string, at: string) {
    await tx.updateTable('webhook_endpoints').set({ deleted_time: at }).where('org_id', '=', orgId).where('endpoint_id', '=', endpointId).execute();
    // Nothing more will be sent to it: what was waiting is closed as FAILED (replay needs a live endpoint).
    await tx.updateTable('webhook_deliveries').set({ status: 'FAILED', next_attempt_at: null })
      .where('org_id', '=', orgId).where('endpoint_id', '=', endpointId).where('status', '=', 'PENDING').execute();
  },

  /**
   * Takes the oldest unpublished outbox rows: marks them published and returns them, in event
   * order, in one statement (skipping rows another worker holds, on PostgreSQL).
   */
  async takeUnpublishedEvents(tx: Tx, at: string, limit: number) {
    const oldest = await claimable(tx, tx.selectFrom('outbox_events').select(['org_id', 'event_id'])
      .where('published_at', 'is', null).orderBy('event_id').limit(limit));
    const rows = await tx.updateTable('outbox_events').set({ published_at: at })
      .where(({ eb, refTuple }) => eb(refTuple('org_id', 'event_id'), 'in', oldest.$asTuple('org_id', 'event_id'))).returningAll().execute();
    return rows.sort((a, b) => compareText(a.event_id, b.event_id));
  },

  async insertDeliveries(tx: Tx, rows: DeliveryRow[]) {
    for (let i = 0; i < rows.length; i += 200) {
      await tx.insertInto('webhook_deliveries').values(rows.slice(i, i + 200))
        .onConflict((oc) => oc.columns(['org_id', 'endpoint_id', 'event_id']).doNothing()).execute();
    }
  },

  /**
   * Claims the deliveries due by `now`: pushes their next_attempt_at to `leaseUntil` and
   * returns them in the order they were made, in one statement (skipping those another worker
   * holds, on PostgreSQL). The status is a literal so that both engines use the partial index of
   * PENDING deliveries (migration 017).
   */
  async claimDueDeliveries(tx: Tx, now: string, leaseUntil: string, limit: number) {
    const due = await claimable(tx, tx.selectFrom('webhook_deliveries').select(['org_id', 'delivery_id'])
      .where('status', '=', sql.lit('PENDING')).where('next_attempt_at', '<=', now).orderBy('next_attempt_at').limit(limit));
    const rows = await tx.updateTable('webhook_deliveries').set({ next_attempt_at: leaseUntil })
      .where(({ eb, refTuple }) => eb(refTuple('org_id', 'delivery_id'), 'in', due.$asTuple('org_id', 'delivery_id'))).returningAll().execute();
    return rows.sort((a, b) => compareText(a.delivery_id, b.delivery_id));
  },

  findDelivery: (db: Db | Tx, orgId: string, deliveryId: string) =>
    db.selectFrom('webhook_deliveries').selectAll().where('org_id', '=', orgId).where('delivery_id', '=', deliveryId).executeTakeFirst(),

  updateDelivery: (tx: Tx, orgId: string, deliveryId: string, changes: Partial<DeliveryRow>) =>
    tx.updateTable('webhook_deliveries').set(changes).where('org_id', '=', orgId).where('delivery_id', '=', deliveryId).execute(),

  /**
   * Each delivery's outcome in one statement (UPDATE … FROM a VALUES list), not one UPDATE per
   * delivery: a recording of 25 was 25 statements, each parsed and planned by PostgreSQL.
   * VALUES columns are column1, column2, … on both engines; the casts give PostgreSQL the types
   * its untyped parameters lack.
   */
  async recordOutcomes(tx: Tx, outcomes: ReadonlyArray<Pick<DeliveryRow, 'org_id' | 'delivery_id' | 'attempts' | 'last_attempt_at' | 'last_response_status' | 'status' | 'next_attempt_at'>>) {
    for (let i = 0; i < outcomes.length; i += 100) {
      const rows = outcomes.slice(i, i + 100).map((o) =>
        sql`(${o.org_id}, ${o.delivery_id}, ${o.attempts}, ${o.last_attempt_at}, ${o.last_response_status}, ${o.status}, ${o.next_attempt_at})`);
      await sql`UPDATE webhook_deliveries SET attempts = v.attempts, last_attempt_at = v.last_attempt_at,
          last_response_status = v.last_response_status, status = v.status, next_attempt_at = v.next_attempt_at
        FROM (SELECT CAST(column1 AS text) AS org_id, CAST(column2 AS text) AS delivery_id, CAST(column3 AS integer) AS attempts,
            CAST(column4 AS text) AS last_attempt_at, CAST(column5 AS integer) AS last_response_status,
            CAST(column6 AS text) AS status, CAST(column7 AS text) AS next_attempt_at
          FROM (VALUES ${sql.join(rows)}) AS t) AS v
        WHERE webhook_deliveries.org_id = v.org_id AND webhook_deliveries.delivery_id = v.delivery_id`.execute(tx);
    }
  },

  async insertAttempts(tx: Tx, rows: AttemptRow[]) {
    for (let i = 0; i < rows.length; i += 100) await tx.insertInto('webhook_attempts').values(rows.slice(i, i + 100)).execute();
  },

  /** The current rows of deliveries about to be recorded, locked against a concurrent replay (PostgreSQL). */
  findDeliveries(tx: Tx, keys: ReadonlyArray<{ org_id: string; delivery_id: string }>) {
    let q = tx.selectFrom('webhook_deliveries').selectAll()
      .where('org_id', 'in', orgsOf(keys)).where('delivery_id', 'in', keys.map((k) => k.delivery_id)).orderBy('delivery_id');
    if (engineOf(tx) === 'postgres') q = q.forUpdate();
    return q.execute();
  },

  attempts: (db: Db, orgId: string, deliveryId: string) =>
    db.selectFrom('webhook_attempts').selectAll().where('org_id', '=', orgId).where('delivery_id', '=', deliveryId).orderBy('attempt_no').execute(),

  /** Newest first; keyset on delivery_id (time-sortable), one row beyond the page. */
  listDeliveries(db: Db, orgId: string, filter: DeliveryFilter, after: CursorPosition | null, limit: number) {
    let q = db.selectFrom('webhook_deliveries').selectAll().where('org_id', '=', orgId);
    if (filter.endpointId) q = q.where('endpoint_id', '=', filter.endpointId);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.eventType) q = q.where('event_type', '=', filter.eventType);
    if (after) q = q.where('delivery_id', '<', String(after[0]));
    return q.orderBy('delivery_id', 'desc').limit(limit + 1).execute();
  },
};
