import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Up to `limit` + 1 entries of a range after (date, journal), in the order of the journals' date index. */
export function journalPage(db: Db, orgId: string, range: { from: string; to: string }, after: { date: string; journalId: string } | null, limit: number) {
  let q = db.selectFrom('journals as j')
    .leftJoin('contacts as c', (join) => join.onRef('c.org_id', '=', 'j.org_id').onRef('c.contact_id', '=', 'j.contact_id'))
    .select(['j.journal_id', 'j.entry_date', 'j.source', 'j.source_id', 'j.source_ref', 'j.kind', 'j.memo', 'j.contact_id', 'c.contact_name'])
    .where('j.org_id', '=', orgId).where('j.entry_date', '>=', after?.date ?? range.from).where('j.entry_date', '<=', range.to);
  if (after) q = q.where(sql<boolean>`(j.entry_date, j.journal_id) > (${after.date}, ${after.journalId})`);
  return q.orderBy('j.entry_date').orderBy('j.journal_id').limit(limit + 1).execute();
}

/** The lines of these entries with their account's name and code, in each entry's line order. */
export function linesOf(db: Db, orgId: string, journalIds: readonly string[]) {
  if (journalIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('journal_lines as l')
    .innerJoin('accounts as a', (join) => join.onRef('a.org_id', '=', 'l.org_id').onRef('a.account_id', '=', 'l.account_id'))
    .select(['l.journal_id', 'l.account_id', 'a.account_name', 'a.account_code', 'l.branch_id', 'l.description', 'l.debit', 'l.credit'])
    .where('l.org_id', '=', orgId).where('l.journal_id', 'in', journalIds)
    .orderBy('l.journal_id').orderBy('l.position').execute();
}
