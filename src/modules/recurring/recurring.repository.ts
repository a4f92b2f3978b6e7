import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import type { RecurringSchedulesTable } from '../../db/schema';

export type ScheduleRow = RecurringSchedulesTable;

export const recurringRepository = {
  async find(db: Db | Tx, orgId: string, id: string, forUpdate = false) {
    let q = db.selectFrom('recurring_schedules').selectAll().where('org_id', '=', orgId).where('recurring_id', '=', id);
    if (forUpdate && engineOf(db) === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  },

  insert: (tx: Tx, row: ScheduleRow) => tx.insertInto('recurring_schedules').values(row).execute(),

  update: (tx: Tx, orgId: string, id: string, changes: Partial<ScheduleRow>) =>
    tx.updateTable('recurring_schedules').set(changes).where('org_id', '=', orgId).where('recurring_id', '=', id).execute(),

  delete: (tx: Tx, orgId: string, id: string) =>
    tx.deleteFrom('recurring_schedules').where('org_id', '=', orgId).where('recurring_id', '=', id).execute(),

  /** By next_run_at ascending (ended schedules, with none, last), one row more than asked. */
  list(db: Db, orgId: string, filter: { entityType?: string; isActive?: boolean }, limit: number, offset: number) {
    let q = db.selectFrom('recurring_schedules').selectAll().where('org_id', '=', orgId);
    if (filter.entityType !== undefined) q = q.where('entity_type', '=', filter.entityType);
    if (filter.isActive !== undefined) q = q.where('is_active', '=', filter.isActive ? 1 : 0);
    return q.orderBy(sql`case when next_run_at is null then 1 else 0 end`).orderBy('next_run_at').orderBy('recurring_id')
      .limit(limit + 1).offset(offset).execute();
  },

  /** Active schedules whose next run has come, across organisations, oldest first. */
  due: (db: Db, nowIso: string, limit: number) =>
    db.selectFrom('recurring_schedules').select(['org_id', 'recurring_id']).where('is_active', '=', 1)
      .where('next_run_at', '<=', nowIso).orderBy('next_run_at').orderBy('recurring_id').limit(limit).execute(),

  /** The exactly-once key: a second insert for the same (schedule, date) is a unique violation. */
  insertRun: (tx: Tx, row: { org_id: string; recurring_id: string; run_date: string; generated_entity_id: string; created_time: string }) =>
    tx.insertInto('recurring_runs').values(row).execute(),
};
