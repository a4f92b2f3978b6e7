import { engineOf } from '../../db/engine';
import { notFound } from '../../kernel/errors';
import type { LocalDate } from '../../kernel/local-date';
import type { RequestContext } from '../context';
import type { PlatformDeps } from '../deps';
import { opensLockedDays } from './period-lock.rules';

/** The operator's period lock (docs/rules/ledger-and-periods.md, "Period lock"): set, moved or removed, each change in the activity log. */
export function periodLockService(deps: Pick<PlatformDeps, 'database' | 'clock' | 'activity'>) {
  return {
    /**
     * Sets the lock date (null unlocks). On PostgreSQL the row is taken FOR UPDATE, so the
     * change waits for postings that hold it FOR SHARE (org-reading.ts) and later ones see it.
     */
    async setLock(ctx: RequestContext, orgId: string, lockDate: LocalDate | null): Promise<{ lock_date: LocalDate | null }> {
      return deps.database.transaction(async (tx) => {
        let q = tx.selectFrom('period_locks').select('lock_date').where('org_id', '=', orgId);
        if (engineOf(tx) === 'postgres') q = q.forUpdate();
        const current = await q.executeTakeFirst();
        if (!current) throw notFound('organisation', 'org_id');
        await tx.updateTable('period_locks').set({ lock_date: lockDate, last_modified_time: deps.clock.now().toISOString() })
          .where('org_id', '=', orgId).execute();
        if (current.lock_date !== lockDate) {
          await deps.activity.record(tx, { ...ctx, orgId }, {
            entityType: 'ORGANISATION', entityId: orgId, action: opensLockedDays(current.lock_date, lockDate) ? 'PERIOD_UNLOCKED' : 'PERIOD_LOCKED',
            changes: { lock_date: { old: current.lock_date, new: lockDate } },
          });
        }
        return { lock_date: lockDate };
      });
    },
  };
}

export type PeriodLockService = ReturnType<typeof periodLockService>;
