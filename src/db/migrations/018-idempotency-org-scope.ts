import { sql, type Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * Idempotency records are named by (key, method, path, subject) where the subject is the token
 * and the organisation it acts on, so org_id joins the primary key; and the body is no longer
 * compared, so request_hash goes. A primary key cannot be changed in place on SQLite, so the
 * table is rebuilt on both engines, keeping the records within their 24 hours.
 */
export const idempotencyOrgScope: BahiMigration = {
  name: '018-idempotency-org-scope',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.createTable('idempotency_keys_scoped')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('idem_key', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer', (c) => c.notNull())
      .addColumn('response_body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      // Named apart from the old table's key: PostgreSQL names the key's index after it, and both tables exist for a moment.
      .addPrimaryKeyConstraint('idempotency_keys_scoped_pk', ['subject', 'org_id', 'idem_key', 'method', 'path'])
      .execute();
    await sql`INSERT INTO idempotency_keys_scoped (subject, org_id, idem_key, method, path, status_code, response_body, created_at)
      SELECT subject, org_id, idem_key, method, path, status_code, response_body, created_at FROM idempotency_keys`.execute(db);
    await s.dropTable('idempotency_keys').execute();
    await s.alterTable('idempotency_keys_scoped').renameTo('idempotency_keys').execute();
    await s.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
  },
};
