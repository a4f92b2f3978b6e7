import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** One account's lines over a range, in one branch's books or the whole organisation's. */
export interface AccountRange {
  orgId: string;
  accountId: string;
  branchId: string | null;
  from: string;
  to: string;
}

/** Where a page starts: after this line in (entry date, journal, position) order. */
export interface LinePosition {
  date: string;
  journalId: string;
  position: number;
}

const linesOf = (db: Db, r: AccountRange) => {
  let q = db.selectFrom('journal_lines as l').where('l.org_id', '=', r.orgId).where('l.account_id', '=', r.accountId);
  if (r.branchId) q = q.where('l.branch_id', '=', r.branchId);
  return q;
};

/**
 * The debits and credits within the range, summed from the account's day balances (a row per
 * day with postings, not per line): the figures every page of the range shows.
 */
export async function rangeSums(db: Db, r: AccountRange) {
  let days = db.selectFrom('ledger_balances as b').where('b.org_id', '=', r.orgId).where('b.account_id', '=', r.accountId);
  if (r.branchId) days = days.where('b.branch_id', '=', r.branchId);
  const row = await days.where('b.entry_date', '>=', r.from).where('b.entry_date', '<=', r.to)
    .select(({ fn }) => [fn.sum<string | number | null>('b.debit').as('debit'), fn.sum<string | number | null>('b.credit').as('credit')])
    .executeTakeFirstOrThrow();
  return { debit: Number(row.debit ?? 0), credit: Number(row.credit ?? 0) };
}

/**
 * Up to `limit` + 1 lines after `after`, read in the order of the account index (which ends in
 * entry_date, journal_id, position), with their entry and contact.
 */
export function linePage(db: Db, r: AccountRange, after: LinePosition | null, limit: number) {
  let q = linesOf(db, r)
    .innerJoin('journals as j', (join) => join.onRef('j.org_id', '=', 'l.org_id').onRef('j.journal_id', '=', 'l.journal_id'))
    .leftJoin('contacts as c', (join) => join.onRef('c.org_id', '=', 'l.org_id').on((eb) => eb('c.contact_id', '=', eb.fn.coalesce('l.contact_id', 'j.contact_id'))))
    .select([
      'l.line_id', 'l.journal_id', 'l.position', 'l.entry_date', 'l.debit', 'l.credit', 'l.description',
      'j.source', 'j.source_id', 'j.source_ref', 'j.kind', 'j.memo', 'c.contact_id', 'c.contact_name',
    ])
    .where('l.entry_date', '>=', after?.date ?? r.from).where('l.entry_date', '<=', r.to);
  if (after) {
    q = q.where(sql<boolean>`(l.entry_date, l.journal_id, l.position) > (${after.date}, ${after.journalId}, ${after.position})`);
  }
  return q.orderBy('l.entry_date').orderBy('l.journal_id').orderBy('l.position').limit(limit + 1).execute();
}
