import { sql, type ExpressionBuilder } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { insertRows } from '../../db/prepared';
import { engineOf } from '../../db/engine';
import { containsSearch, type SearchFilter } from '../../db/text-search';
import type { JournalLinesTable, JournalsTable, Tables } from '../../db/schema';
import type { CursorPosition } from '../../kernel/cursor';
import { preparedQuery } from '../../db/prepared';

const journalBySource = preparedQuery((db, a: { orgId: string; source: string; sourceId: string; version: number; kind: string }) =>
  db.selectFrom('journals').selectAll().where('org_id', '=', a.orgId).where('source', '=', a.source)
    .where('source_id', '=', a.sourceId).where('source_version', '=', a.version).where('kind', '=', a.kind));

export type JournalRow = JournalsTable;
export type JournalLineRow = JournalLinesTable;

export interface JournalFilter extends SearchFilter {
  source?: string;
  sourceId?: string;
  accountId?: string;
  /** Entries with a line in this branch's books. */
  branchId?: string;
  dateFrom?: string;
  dateTo?: string;
}

/**
 * What the journal resource shows: every entry but a deleted manual one and its reversal
 * (docs/rules/ledger-and-periods.md, "Manual journals"). Both stay in the ledger, so reports and the trial balance still see them.
 */
const shown = (eb: ExpressionBuilder<Tables, 'journals'>) =>
  eb.or([eb('source', '!=', 'MANUAL'), eb.and([eb('kind', '=', 'POSTING'), eb('reversed_by_journal_id', 'is', null)])]);

export const ledgerRepository = {
  /** A journal entry the resource shows (not a deleted manual entry or its reversal). */
  async findJournal(db: Db | Tx, orgId: string, journalId: string, forUpdate = false) {
    let q = db.selectFrom('journals').selectAll().where('org_id', '=', orgId).where('journal_id', '=', journalId).where(shown);
    if (forUpdate && engineOf(db) === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  },

  findBySource: async (db: Db | Tx, orgId: string, source: string, sourceId: string, version: number, kind: string) =>
    (await journalBySource(db, { orgId, source, sourceId, version, kind }))[0],

  /** The entries of a source still in force: postings not yet reversed. */
  livePostings: (db: Db | Tx, orgId: string, source: string, sourceId: string) =>
    db.selectFrom('journals').selectAll().where('org_id', '=', orgId).where('source', '=', source)
      .where('source_id', '=', sourceId).where('kind', '=', 'POSTING').where('reversed_by_journal_id', 'is', null)
      .orderBy('journal_id').execute(),

  lines: (db: Db | Tx, orgId: string, journalIds: readonly string[]) =>
    journalIds.length === 0 ? Promise.resolve([] as JournalLineRow[])
      : db.selectFrom('journal_lines').selectAll().where('org_id', '=', orgId).where('journal_id', 'in', journalIds)
        .orderBy('journal_id').orderBy('position').execute(),

  async insert(tx: Tx, journal: JournalRow, lines: JournalLineRow[]) {
    await insertRows(tx, 'journals', [journal], { batchable: true });
    await insertRows(tx, 'journal_lines', lines, { batchable: true });
  },

  async markReversed(tx: Tx, orgId: string, journalId: string, reversalId: string) {
    await tx.updateTable('journals').set({ reversed_by_journal_id: reversalId })
      .where('org_id', '=', orgId).where('journal_id', '=', journalId).execute();
  },

  /** The entries the resource shows, newest first by journal id (time-sortable); keyset pagination. */
  list(db: Db, orgId: string, filter: JournalFilter, after: CursorPosition | null, limit: number) {
    let q = db.selectFrom('journals').selectAll().where('org_id', '=', orgId).where(shown);
    if (filter.source) q = q.where('source', '=', filter.source);
    if (filter.sourceId) q = q.where('source_id', '=', filter.sourceId);
    if (filter.dateFrom) q = q.where('entry_date', '>=', filter.dateFrom);
    if (filter.dateTo) q = q.where('entry_date', '<=', filter.dateTo);
    if (filter.accountId) {
      const accountId = filter.accountId;
      q = q.where('journal_id', 'in', (eb) => eb.selectFrom('journal_lines').select('journal_id')
        .where('org_id', '=', orgId).where('account_id', '=', accountId));
    }
    if (filter.branchId) {
      const branchId = filter.branchId;
      q = q.where('journal_id', 'in', (eb) => eb.selectFrom('journal_lines').select('journal_id')
        .where('org_id', '=', orgId).where('branch_id', '=', branchId));
    }
    if (filter.search) q = q.where(containsSearch(engineOf(db), ['source_ref', 'memo'], filter.search));
    if (after) q = q.where('journal_id', '<', String(after[0]));
    return q.orderBy('journal_id', 'desc').limit(limit + 1).execute();
  },

  /** Σ debit and Σ credit per account up to a date (inclusive), in one branch's books or the whole organisation's: read from the day balances. */
  accountTotals(db: Db, orgId: string, throughDate: string | null, branchId: string | null = null) {
    let q = db.selectFrom('ledger_balances')
      .select(({ fn }) => ['account_id', fn.sum<number>('debit').as('debit'), fn.sum<number>('credit').as('credit')])
      .where('org_id', '=', orgId);
    if (branchId) q = q.where('branch_id', '=', branchId);
    if (throughDate) q = q.where('entry_date', '<=', throughDate);
    return q.groupBy('account_id').execute();
  },

  /**
   * A contact's lines on accounts of one type (receivable-type: receivables and advances from
   * customers; payable-type: payables and advances to vendors), with their journal's source,
   * in date order.
   */
  contactLines(db: Db, orgId: string, contactId: string, accountType: string, range: { from?: string; to?: string }) {
    let q = db.selectFrom('journal_lines as l')
      .innerJoin('journals as j', (join) => join.onRef('j.org_id', '=', 'l.org_id').onRef('j.journal_id', '=', 'l.journal_id'))
      .innerJoin('accounts as a', (join) => join.onRef('a.org_id', '=', 'l.org_id').onRef('a.account_id', '=', 'l.account_id'))
      .select(['l.entry_date', 'l.debit', 'l.credit', 'l.description', 'j.journal_id', 'j.source', 'j.source_id', 'j.source_ref', 'j.kind', 'j.memo'])
      .where('l.org_id', '=', orgId).where('l.contact_id', '=', contactId).where('a.account_type', '=', accountType);
    if (range.from) q = q.where('l.entry_date', '>=', range.from);
    if (range.to) q = q.where('l.entry_date', '<=', range.to);
    return q.orderBy('l.entry_date').orderBy('j.journal_id').orderBy('l.position').execute();
  },

  /** Σ debit − Σ credit of a contact's lines on accounts of one type dated before a day: a statement's opening. */
  async contactNetBefore(db: Db, orgId: string, contactId: string, accountType: string, before: string): Promise<number> {
    const row = await db.selectFrom('journal_lines as l')
      .innerJoin('accounts as a', (join) => join.onRef('a.org_id', '=', 'l.org_id').onRef('a.account_id', '=', 'l.account_id'))
      .select(({ fn }) => [fn.sum<number>('l.debit').as('debit'), fn.sum<number>('l.credit').as('credit')])
      .where('l.org_id', '=', orgId).where('l.contact_id', '=', contactId).where('a.account_type', '=', accountType)
      .where('l.entry_date', '<', before).executeTakeFirst();
    return Number(row?.debit ?? 0) - Number(row?.credit ?? 0);
  },

  /** Net (debit − credit) per source document on one account: what document checks compare against. */
  netBySource(db: Db, source: string, accountType: string, orgId?: string) {
    let q = db.selectFrom('journal_lines as l')
      .innerJoin('journals as j', (join) => join.onRef('j.org_id', '=', 'l.org_id').onRef('j.journal_id', '=', 'l.journal_id'))
      .innerJoin('accounts as a', (join) => join.onRef('a.org_id', '=', 'l.org_id').onRef('a.account_id', '=', 'l.account_id'))
      .select(({ fn }) => ['j.org_id', 'j.source_id', fn.sum<number>('l.debit').as('debit'), fn.sum<number>('l.credit').as('credit')])
      .where('j.source', '=', source).where('a.account_type', '=', accountType);
    if (orgId) q = q.where('j.org_id', '=', orgId);
    return q.groupBy(['j.org_id', 'j.source_id']).execute();
  },

  /** Every journal whose lines in one branch do not balance (each branch's books balance on their own). */
  unbalancedBranches(db: Db, orgId?: string) {
    let q = db.selectFrom('journal_lines')
      .select(({ fn }) => ['org_id', 'journal_id', 'branch_id', fn.sum<number>('debit').as('debit'), fn.sum<number>('credit').as('credit')]);
    if (orgId) q = q.where('org_id', '=', orgId);
    return q.groupBy(['org_id', 'journal_id', 'branch_id']).having(({ eb, fn }) => eb(fn.sum('debit'), '!=', fn.sum('credit'))).execute();
  },

  /**
   * Day balances that differ from the sums of their lines (or lines without their balance):
   * the balances are kept with each posting, and statements read them instead of the lines.
   */
  async balanceMismatches(db: Db, orgId?: string) {
    const lines = db.selectFrom('journal_lines').select(['org_id', 'account_id', 'branch_id', 'entry_date'])
      .select((eb) => [eb.ref('debit').as('line_debit'), eb.ref('credit').as('line_credit'), sql<number>`0`.as('kept_debit'), sql<number>`0`.as('kept_credit')]);
    const kept = db.selectFrom('ledger_balances').select(['org_id', 'account_id', 'branch_id', 'entry_date'])
      .select((eb) => [sql<number>`0`.as('line_debit'), sql<number>`0`.as('line_credit'), eb.ref('debit').as('kept_debit'), eb.ref('credit').as('kept_credit')]);
    const both = (orgId ? lines.where('org_id', '=', orgId) : lines).unionAll(orgId ? kept.where('org_id', '=', orgId) : kept);
    return db.selectFrom(both.as('t'))
      .select(({ fn }) => [
        'org_id', 'account_id', 'branch_id', 'entry_date',
        fn.sum<number>('line_debit').as('line_debit'), fn.sum<number>('line_credit').as('line_credit'),
        fn.sum<number>('kept_debit').as('kept_debit'), fn.sum<number>('kept_credit').as('kept_credit'),
      ])
      .groupBy(['org_id', 'account_id', 'branch_id', 'entry_date'])
      .having(({ eb, fn, or }) => or([eb(fn.sum('line_debit'), '!=', fn.sum('kept_debit')), eb(fn.sum('line_credit'), '!=', fn.sum('kept_credit'))]))
      .execute();
  },

  /** Lines of every unbalanced journal; empty when the books are sound. */
  unbalancedJournals(db: Db, orgId?: string) {
    let q = db.selectFrom('journal_lines')
      .select(({ fn }) => ['org_id', 'journal_id', fn.sum<number>('debit').as('debit'), fn.sum<number>('credit').as('credit')]);
    if (orgId) q = q.where('org_id', '=', orgId);
    return q.groupBy(['org_id', 'journal_id']).having(({ eb, fn }) => eb(fn.sum('debit'), '!=', fn.sum('credit'))).execute();
  },
};
