import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { BranchesTable, InvoiceSeriesTable } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';

const applicableSeries = preparedQuery((db, a: { orgId: string; branchId: string; documentType: string; date: string }) =>
  db.selectFrom('invoice_series as s')
    .leftJoin('periods as p', (join) => join.onRef('p.org_id', '=', 's.org_id').onRef('p.period_id', '=', 's.period_id'))
    .selectAll('s')
    .select(['p.start_date as period_start'])
    .where('s.org_id', '=', a.orgId).where('s.branch_id', '=', a.branchId).where('s.document_type', '=', a.documentType)
    .where((eb) => eb.or([
      eb('s.period_id', 'is', null),
      eb.and([eb('p.start_date', '<=', a.date), eb('p.end_date', '>=', a.date)]),
    ]))
    // A period-bound series is more specific than an unbound one of the same name.
    .orderBy(sql`CASE WHEN s.period_id IS NULL THEN 1 ELSE 0 END`).orderBy('s.series_id'));

const takeCounter = preparedQuery((db, a: { orgId: string; key: string }) =>
  db.insertInto('document_counters').values({ org_id: a.orgId, counter_key: a.key, next_value: 2 })
    .onConflict((oc) => oc.columns(['org_id', 'counter_key']).doUpdateSet({ next_value: sql`document_counters.next_value + 1` }))
    .returning('next_value'));

const namedBranch = preparedQuery((db, a: { orgId: string; branchId: string }) =>
  db.selectFrom('branches').select(['branch_id', 'state_code', 'gstin']).where('org_id', '=', a.orgId).where('branch_id', '=', a.branchId));
const defaultBranch = preparedQuery((db, a: { orgId: string }) =>
  db.selectFrom('branches').select(['branch_id', 'state_code', 'gstin']).where('org_id', '=', a.orgId).where('is_default', '=', 1));

/** A branch as documents need it: which one, and the state (its GSTIN's, else state_code) its supplies are judged from. */
export type DocumentBranch = Pick<BranchesTable, 'branch_id' | 'state_code' | 'gstin'>;

export type SeriesRow = InvoiceSeriesTable;

export const seriesRepository = {
  /** The named branch of this organisation, or its default one without a name; undefined when there is none. */
  async branch(db: Db | Tx, orgId: string, branchId: string | undefined): Promise<DocumentBranch | undefined> {
    const [branch] = await (branchId ? namedBranch(db, { orgId, branchId }) : defaultBranch(db, { orgId }));
    return branch;
  },

  /** The series of a branch for a kind of document that apply on a date: those bound to the period covering it, and unbound ones. */
  applicable: (db: Db | Tx, orgId: string, branchId: string, documentType: string, date: string) =>
    applicableSeries(db, { orgId, branchId, documentType, date }),

  coveringPeriod: (db: Db | Tx, orgId: string, date: string) =>
    db.selectFrom('periods').selectAll().where('org_id', '=', orgId)
      .where('start_date', '<=', date).where('end_date', '>=', date).orderBy('start_date', 'desc').executeTakeFirst(),

  async insert(tx: Tx, row: SeriesRow) {
    await tx.insertInto('invoice_series').values(row).execute();
  },

  /**
   * Takes the next value of a counter atomically. The row stays locked until the
   * transaction ends, so numbers are consecutive and a rollback gives the number back.
   */
  async take(tx: Tx, orgId: string, key: string): Promise<number> {
    const [row] = await takeCounter(tx, { orgId, key });
    return Number(row!.next_value) - 1;
  },

  async peek(db: Db | Tx, orgId: string, key: string): Promise<number> {
    const row = await db.selectFrom('document_counters').select('next_value').where('org_id', '=', orgId)
      .where('counter_key', '=', key).executeTakeFirst();
    return row ? Number(row.next_value) : 1;
  },
};
