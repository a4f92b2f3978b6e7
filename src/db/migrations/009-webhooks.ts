import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/** Webhook endpoints, their deliveries (one per event and endpoint) and every delivery attempt. */
export const webhooks: BahiMigration = {
  name: '009-webhooks',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.createTable('webhook_endpoints')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('endpoint_id', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('secret_sealed', 'text', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addColumn('deleted_time', 'text')
      .addPrimaryKeyConstraint('webhook_endpoints_pk', ['org_id', 'endpoint_id'])
      .execute();

    await s.createTable('webhook_deliveries')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('delivery_id', 'text', (c) => c.notNull())
      .addColumn('endpoint_id', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'text')
      .addColumn('last_attempt_at', 'text')
      .addColumn('last_response_status', 'integer')
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('webhook_deliveries_pk', ['org_id', 'delivery_id'])
      .addUniqueConstraint('webhook_deliveries_event_endpoint', ['org_id', 'endpoint_id', 'event_id'])
      .execute();
    await s.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
    await s.createIndex('webhook_deliveries_list').on('webhook_deliveries').columns(['org_id', 'delivery_id']).execute();

    await s.createTable('webhook_attempts')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('delivery_id', 'text', (c) => c.notNull())
      .addColumn('attempt_no', 'integer', (c) => c.notNull())
      .addColumn('attempted_at', 'text', (c) => c.notNull())
      .addColumn('response_status', 'integer')
      .addColumn('latency_ms', 'integer', (c) => c.notNull())
      .addColumn('response_body', 'text')
      .addColumn('error', 'text')
      .addPrimaryKeyConstraint('webhook_attempts_pk', ['org_id', 'delivery_id', 'attempt_no'])
      .execute();
  },
};
