import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { BranchesTable, InvoiceSeriesTable, IssuedNumbersTable } from '../../db/schema';
import { insertUnlessConflicting, preparedQuery } from '../../db/prepared';
import type { CursorPosition } from '../../kernel/cursor';

/** series.rules.ts registrationOf, in SQL: the registration of branch `b`. */
const registrationOfBranch = sql<string>`coalesce(b.gstin, 'branch:' || b.branch_id)`;

/** The series of a branch's registration (every branch sharing its GSTIN) for a kind of document that apply on a date. */
const applicableSeries = preparedQuery((db, a: { orgId: string; branchId: string; documentType: string; date: string }) =>
  db.selectFrom('invoice_series as s')
    .leftJoin('periods as p', (join) => join.onRef('p.org_id', '=', 's.org_id').onRef('p.period_id', '=', 's.period_id'))
    .selectAll('s')
    .select(['p.start_date as period_start'])
    .where('s.org_id', '=', a.orgId).where('s.document_type', '=', a.documentType)
    .where('s.registration', '=', (eb) => eb.selectFrom('branches as b').select(registrationOfBranch.as('registration'))
      .where('b.org_id', '=', a.orgId).where('b.branch_id', '=', a.branchId))
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

const claimNumber = (tx: Tx, row: IssuedNumberRow) => insertUnlessConflicting(tx, 'issued_numbers', row);

const namedBranch = preparedQuery((db, a: { orgId: string; branchId: string }) =>
  db.selectFrom('branches').select(['branch_id', 'state_code', 'gstin']).where('org_id', '=', a.orgId).where('branch_id', '=', a.branchId));
const defaultBranch = preparedQuery((db, a: { orgId: string }) =>
  db.selectFrom('branches').select(['branch_id', 'state_code', 'gstin']).where('org_id', '=', a.orgId).where('is_default', '=', 1));

/** A branch as documents need it: which one, and the state (its GSTIN's, else state_code) its supplies are judged from. */
export type DocumentBranch = Pick<BranchesTable, 'branch_id' | 'state_code' | 'gstin'>;

export type SeriesRow = InvoiceSeriesTable;
export type IssuedNumberRow = IssuedNumbersTable;

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

  /** Inserts a series unless its registration has one of that name, type and period (a concurrent first use made it): whether it did. */
  insertUnlessExists: (tx: Tx, row: SeriesRow) => insertUnlessConflicting(tx, 'invoice_series', row),

  /** Every series of a registration for a kind of document, with the start of its period (null when unbound). */
  ofRegistration: (db: Db | Tx, orgId: string, registration: string, documentType: string) =>
    db.selectFrom('invoice_series as s')
      .leftJoin('periods as p', (join) => join.onRef('p.org_id', '=', 's.org_id').onRef('p.period_id', '=', 's.period_id'))
      .selectAll('s').select(['p.start_date as period_start'])
      .where('s.org_id', '=', orgId).where('s.registration', '=', registration).where('s.document_type', '=', documentType)
      .orderBy('s.series_id').execute(),

  /**
   * Records a number as issued unless its registration already issued it that financial year
   * and for that kind of document (the unique index decides, so two writers cannot both win): whether it did.
   */
  claimNumber,

  async discard(tx: Tx, orgId: string, documentType: string, d: { documentId: string; seriesId: string | null; date: string }) {
    await tx.updateTable('issued_numbers').set({ series_id: d.seriesId, discarded_date: d.date })
      .where('org_id', '=', orgId).where('document_type', '=', documentType).where('document_id', '=', d.documentId).execute();
  },

  /** The numbers used twice in a registration and year before numbering was per registration, oldest document id first. */
  legacyDuplicates(db: Db, orgId: string, after: CursorPosition | null, limit: number) {
    let query = db.selectFrom('issued_numbers as n')
      .select(['n.document_type', 'n.document_id', 'n.document_number', 'n.registration', 'n.financial_year', 'n.branch_id', 'n.created_time'])
      .select((eb) => eb.selectFrom('issued_numbers as k').select('k.document_id')
        .whereRef('k.org_id', '=', 'n.org_id').whereRef('k.registration', '=', 'n.registration').whereRef('k.document_type', '=', 'n.document_type')
        .whereRef('k.financial_year', '=', 'n.financial_year').whereRef('k.document_number', '=', 'n.document_number')
        .where('k.legacy_duplicate', '=', 0).limit(1).as('kept_by'))
      .where('n.org_id', '=', orgId).where('n.legacy_duplicate', '=', 1);
    if (after) {
      const [type, id] = after.map(String) as [string, string];
      query = query.where((eb) => eb.or([eb('n.document_type', '>', type), eb.and([eb('n.document_type', '=', type), eb('n.document_id', '>', id)])]));
    }
    return query.orderBy('n.document_type').orderBy('n.document_id').limit(limit + 1).execute();
  },

  /**
   * Takes the next value of a counter atomically. The row stays locked until the
   * transaction ends, so numbers are consecutive and a rollback gives the number back.
   */
  async take(tx: Tx, orgId: string, key: string): Promise<number> {
    const [row] = await takeCounter(tx, { orgId, key });
    return Number(row!.next_value) - 1;
  },

  /** Inserts a marker counter unless it exists: true the first time only, whatever ran before. */
  markOnce: (tx: Tx, orgId: string, key: string) => insertUnlessConflicting(tx, 'document_counters', { org_id: orgId, counter_key: key, next_value: 0 }),

  async peek(db: Db | Tx, orgId: string, key: string): Promise<number> {
    const row = await db.selectFrom('document_counters').select('next_value').where('org_id', '=', orgId)
      .where('counter_key', '=', key).executeTakeFirst();
    return row ? Number(row.next_value) : 1;
  },
};
