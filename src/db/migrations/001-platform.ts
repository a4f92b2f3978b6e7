import { sql, type Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/** Platform tables: tenancy, credentials, chart of accounts, contacts, items, audit, outbox. */
export const platform: BahiMigration = {
  name: '001-platform',
  async up(db: Kysely<unknown>, engine) {
    const s = db.schema;
    await s.createTable('system_settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();

    await s.createTable('orgs')
      .addColumn('org_id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('state_code', 'text', (c) => c.notNull())
      .addColumn('gstin', 'text')
      .addColumn('currency_code', 'text', (c) => c.notNull())
      .addColumn('email_from', 'text', (c) => c.notNull())
      .addColumn('books_start_date', 'text', (c) => c.notNull())
      .addColumn('default_branch_id', 'text', (c) => c.notNull())
      .addColumn('preferences', 'text', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .execute();

    await s.createTable('users')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .execute();

    await s.createTable('api_tokens')
      .addColumn('token_id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('org_ids', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('tier', 'text', (c) => c.notNull())
      .addColumn('rate_limit_per_minute', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('revoked_at', 'text')
      .addColumn('created_time', 'text', (c) => c.notNull())
      .execute();

    await s.createTable('branches')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('branch_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('state_code', 'text', (c) => c.notNull())
      .addColumn('gstin', 'text')
      .addColumn('is_default', 'integer', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('branches_pk', ['org_id', 'branch_id'])
      .execute();

    await s.createTable('periods')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('period_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('periods_pk', ['org_id', 'period_id'])
      .execute();

    await s.createTable('accounts')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('account_name', 'text', (c) => c.notNull())
      .addColumn('account_code', 'text')
      .addColumn('account_type', 'text', (c) => c.notNull())
      .addColumn('system_key', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('accounts_pk', ['org_id', 'account_id'])
      .execute();
    await s.createIndex('accounts_system_key').unique().on('accounts').columns(['org_id', 'system_key']).execute();

    await s.createTable('taxes')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('tax_id', 'text', (c) => c.notNull())
      .addColumn('tax_name', 'text', (c) => c.notNull())
      .addColumn('rate_centi', 'integer', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('taxes_pk', ['org_id', 'tax_id'])
      .execute();

    await s.createTable('invoice_series')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('series_id', 'text', (c) => c.notNull())
      .addColumn('branch_id', 'text', (c) => c.notNull())
      .addColumn('period_id', 'text')
      .addColumn('series_name', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('padding', 'integer', (c) => c.notNull())
      .addColumn('format_template', 'text', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('invoice_series_pk', ['org_id', 'series_id'])
      .execute();
    await s.createIndex('invoice_series_name').unique()
      .on('invoice_series').columns(['org_id', 'branch_id', 'series_name', 'period_id']).execute();

    await s.createTable('contacts')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('contact_id', 'text', (c) => c.notNull())
      .addColumn('contact_type', 'text', (c) => c.notNull())
      .addColumn('contact_name', 'text', (c) => c.notNull())
      .addColumn('display_name', 'text')
      .addColumn('legal_name', 'text')
      .addColumn('company_name', 'text')
      .addColumn('gst_no', 'text')
      .addColumn('pan', 'text')
      .addColumn('gst_treatment', 'text')
      .addColumn('place_of_contact', 'text')
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('website', 'text')
      .addColumn('billing_address', 'text')
      .addColumn('shipping_address', 'text')
      .addColumn('payment_terms', 'integer', (c) => c.notNull())
      .addColumn('opening_balance', 'bigint', (c) => c.notNull())
      .addColumn('credit_limit', 'bigint')
      .addColumn('currency_code', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addColumn('last_modified_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('contacts_pk', ['org_id', 'contact_id'])
      .execute();

    await s.createTable('contact_persons')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('contact_person_id', 'text', (c) => c.notNull())
      .addColumn('contact_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('is_primary', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('contact_persons_pk', ['org_id', 'contact_person_id'])
      .execute();
    await s.createIndex('contact_persons_contact').on('contact_persons').columns(['org_id', 'contact_id', 'position']).execute();

    await s.createTable('items')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sku', 'text')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('rate', 'bigint', (c) => c.notNull())
      .addColumn('purchase_rate', 'bigint')
      .addColumn('tax_id', 'text')
      .addColumn('hsn_sac', 'text')
      .addColumn('account_id', 'text')
      .addColumn('purchase_account_id', 'text')
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addColumn('last_modified_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('items_pk', ['org_id', 'item_id'])
      .execute();

    await s.createTable('activity')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('entity_type', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text', (c) => c.notNull())
      .addColumn('entity_ref', 'text')
      .addColumn('actor_user_id', 'text')
      .addColumn('changes', 'text')
      .addColumn('metadata', 'text', (c) => c.notNull())
      .addColumn('occurred_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('activity_pk', ['org_id', 'event_id'])
      .execute();
    await s.createIndex('activity_entity').on('activity').columns(['org_id', 'entity_type', 'entity_id', 'event_id']).execute();
    await s.createIndex('activity_time').on('activity').columns(['org_id', 'occurred_at']).execute();

    await s.createTable('outbox_events')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('occurred_at', 'text', (c) => c.notNull())
      .addColumn('published_at', 'text')
      .addPrimaryKeyConstraint('outbox_events_pk', ['org_id', 'event_id'])
      .execute();
    await s.createIndex('outbox_unpublished').on('outbox_events').columns(['published_at', 'event_id']).execute();

    await s.createTable('idempotency_keys')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('idem_key', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer', (c) => c.notNull())
      .addColumn('response_body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['subject', 'idem_key', 'method', 'path'])
      .execute();
    await s.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

    await s.createTable('rate_limit_windows')
      .addColumn('token_id', 'text', (c) => c.notNull())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('rate_limit_windows_pk', ['token_id', 'window_start'])
      .execute();

    if (engine === 'postgres') {
      // The audit trail is append-only: refuse UPDATE and DELETE at the database too.
      await sql`CREATE FUNCTION activity_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'activity is append-only'; END $$`.execute(db);
      await sql`CREATE TRIGGER activity_no_update_delete BEFORE UPDATE OR DELETE ON activity
        FOR EACH ROW EXECUTE FUNCTION activity_append_only()`.execute(db);
    } else {
      await sql`CREATE TRIGGER activity_no_update BEFORE UPDATE ON activity
        BEGIN SELECT RAISE(ABORT, 'activity is append-only'); END`.execute(db);
      await sql`CREATE TRIGGER activity_no_delete BEFORE DELETE ON activity
        BEGIN SELECT RAISE(ABORT, 'activity is append-only'); END`.execute(db);
    }
  },
};
