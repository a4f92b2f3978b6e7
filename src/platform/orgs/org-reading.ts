import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import { preparedQuery } from '../../db/prepared';
import type { LocalDate } from '../../kernel/local-date';

/** What use cases read of their organisation's own row, with its lock date. */
export interface OrgReading {
  name: string;
  preferences: string;
  currency_code: string;
  books_start_date: LocalDate;
  lock_date: LocalDate | null;
  /** The last day a return marked filed (and not reopened) covers; null when none is. */
  filed_until: LocalDate | null;
}

/*
 * A create asks for its organisation's settings, books start, lock date and the last day a filed
 * return covers; read apart, they were four statements (four round trips on PostgreSQL). One statement reads them all, once
 * per transaction. On PostgreSQL the lock row is held FOR SHARE until COMMIT, so an admin moving
 * the lock waits for every posting in flight, and a posting that reads after the move sees it
 * (READ COMMITTED). SQLite runs one writing transaction at a time, so the reading cannot go stale.
 */
const orgWithLock = preparedQuery((db, a: { orgId: string }) => db.selectFrom('orgs')
  .select(['name', 'preferences', 'currency_code', 'books_start_date'])
  .select((eb) => {
    const lock = eb.selectFrom('period_locks').select('lock_date').where('org_id', '=', a.orgId);
    return (engineOf(db) === 'postgres' ? lock.forShare() : lock).as('lock_date');
  })
  // Read with the lock row held, so a return being marked filed (which takes that row FOR UPDATE) cannot slip in between.
  .select((eb) => eb.selectFrom('filed_returns').select((f) => f.fn.max('to_date').as('to_date')).where('org_id', '=', a.orgId).where('reopened_time', 'is', null).as('filed_until'))
  .where('org_id', '=', a.orgId));

const readings = new WeakMap<Db | Tx, Map<string, Promise<OrgReading>>>();

/** The organisation's row as this transaction sees it: read once, then held until it ends. Outside a transaction, read afresh. */
export function orgReading(executor: Db | Tx, orgId: string): Promise<OrgReading> {
  if (!executor.isTransaction) return readOrg(executor, orgId);
  const byOrg = readings.get(executor) ?? new Map<string, Promise<OrgReading>>();
  readings.set(executor, byOrg);
  let reading = byOrg.get(orgId);
  if (!reading) {
    reading = readOrg(executor, orgId);
    byOrg.set(orgId, reading);
  }
  return reading;
}

async function readOrg(executor: Db | Tx, orgId: string): Promise<OrgReading> {
  const [row] = await orgWithLock(executor, { orgId });
  if (!row) throw new Error(`organisation ${orgId} does not exist`);
  return row as OrgReading;
}
