import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/** Recurring schedules, and one row per (schedule, slot date) run: the exactly-once key. */
export const recurring: BahiMigration = {
  name: '010-recurring',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.createTable('recurring_schedules')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('recurring_id', 'text', (c) => c.notNull())
      .addColumn('entity_type', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('frequency', 'text', (c) => c.notNull())
      .addColumn('interval_count', 'integer', (c) => c.notNull())
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text')
      .addColumn('next_run_at', 'text')
      .addColumn('last_run_at', 'text')
      .addColumn('last_run_date', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull())
      .addColumn('template_entity_id', 'text')
      .addColumn('template_payload', 'text', (c) => c.notNull())
      .addColumn('run_count', 'integer', (c) => c.notNull())
      .addColumn('max_runs', 'integer')
      .addColumn('auto_charge', 'integer', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addColumn('last_modified_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('recurring_schedules_pk', ['org_id', 'recurring_id'])
      .execute();
    // The list order, and the scheduler's scan for due schedules across organisations.
    await s.createIndex('recurring_schedules_next').on('recurring_schedules').columns(['org_id', 'next_run_at', 'recurring_id']).execute();
    await s.createIndex('recurring_schedules_due').on('recurring_schedules').columns(['is_active', 'next_run_at']).execute();

    await s.createTable('recurring_runs')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('recurring_id', 'text', (c) => c.notNull())
      .addColumn('run_date', 'text', (c) => c.notNull())
      .addColumn('generated_entity_id', 'text', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('recurring_runs_pk', ['org_id', 'recurring_id', 'run_date'])
      .execute();
  },
};
