import { sql, type Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * Each organisation's period lock: nothing dated on or before `lock_date` may be created,
 * edited, voided, applied or posted (docs/rules/ledger-and-periods.md, "Period lock"). One row per
 * organisation, always present (null: unlocked), so that a posting can hold it FOR SHARE
 * while an admin moving the lock waits for that posting to commit.
 */
export const periodLock: BahiMigration = {
  name: '020-period-lock',
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('period_locks')
      .addColumn('org_id', 'text', (c) => c.primaryKey())
      .addColumn('lock_date', 'text')
      .addColumn('last_modified_time', 'text', (c) => c.notNull())
      .execute();
    await sql`INSERT INTO period_locks (org_id, lock_date, last_modified_time) SELECT org_id, NULL, created_time FROM orgs`.execute(db);
  },
};
