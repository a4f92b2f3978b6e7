import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import type { FiledReturnsTable } from '../../db/schema';

/** A filing's key: one GSTIN's return for one period. */
export interface FilingKey { gstin: string; return: string; period: string }

/** The filing of one GSTIN, return and period, in force or reopened; undefined when never marked. */
export const filingRow = (db: Db, orgId: string, key: FilingKey) =>
  db.selectFrom('filed_returns').selectAll().where('org_id', '=', orgId).where('gstin', '=', key.gstin)
    .where('return_type', '=', key.return).where('period', '=', key.period).executeTakeFirst();

/** Writes a filing: a new row, or the one the key already has. */
export async function saveFiling(tx: Tx, row: FiledReturnsTable, exists: boolean): Promise<void> {
  if (!exists) {
    await tx.insertInto('filed_returns').values(row).execute();
    return;
  }
  await tx.updateTable('filed_returns').set(row).where('org_id', '=', row.org_id).where('gstin', '=', row.gstin)
    .where('return_type', '=', row.return_type).where('period', '=', row.period).execute();
}

/** Marks a filing reopened at `now`. */
export async function reopenFiling(tx: Tx, orgId: string, key: FilingKey, now: string): Promise<void> {
  await tx.updateTable('filed_returns').set({ reopened_time: now, last_modified_time: now }).where('org_id', '=', orgId)
    .where('gstin', '=', key.gstin).where('return_type', '=', key.return).where('period', '=', key.period).execute();
}

/**
 * On PostgreSQL the organisation's lock row is taken FOR UPDATE, as moving the lock takes it:
 * postings in flight hold it FOR SHARE (platform/orgs/org-reading.ts), so a filing waits for them
 * and every later posting sees it. SQLite runs one writing transaction at a time.
 */
export async function holdPostings(tx: Tx, orgId: string): Promise<void> {
  if (engineOf(tx) === 'postgres') await tx.selectFrom('period_locks').select('org_id').where('org_id', '=', orgId).forUpdate().execute();
}
