import { sql, type Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * The delivery worker's two queues, indexed by only what is still waiting:
 * - unpublished outbox rows, in event order. The index had been (published_at, event_id), and
 *   PostgreSQL does not take `published_at IS NULL` as fixing the first column, so each claim
 *   of 100 read every unpublished row and sorted them (6.6 ms a claim over a 10,000-event backlog);
 * - PENDING deliveries, by when they are due. Delivered and failed ones, nearly all of them
 *   over time, no longer sit in the index, nor are written to it when their outcome is recorded.
 * And `webhook_deliveries_list` goes: it had the primary key's columns, so it was a second copy
 * of the key, written on every insert and every change of a delivery.
 */
export const deliveryQueueIndexes: BahiMigration = {
  name: '017-delivery-queue-indexes',
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('outbox_unpublished').execute();
    await db.schema.createIndex('outbox_unpublished').on('outbox_events').column('event_id')
      .where(sql.ref('published_at'), 'is', null).execute();
    await db.schema.dropIndex('webhook_deliveries_list').execute();
    await db.schema.dropIndex('webhook_deliveries_due').execute();
    await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').column('next_attempt_at')
      .where(sql.ref('status'), '=', 'PENDING').execute();
  },
};
