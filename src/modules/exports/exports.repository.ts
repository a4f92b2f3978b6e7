import type { Db } from '../../db/database';
import { journalPage, linesOf } from '../ledger-reports';
import type { ExportJournal } from './ledger-transactions.rules';

export interface ExportRange { from: string; to: string; branchId: string | null }

/** Journals read at a time: an export of a large year is written a page at a time, never held whole. */
export const EXPORT_PAGE = 500;

/**
 * The journals of a range in (date, journal) order, a page at a time, each with its lines (only
 * those in one branch's books, when a branch is named) and its party's name. A journal with no
 * line in the branch's books is not in them.
 */
export async function* journalPages(db: Db, orgId: string, range: ExportRange, pageSize = EXPORT_PAGE): AsyncGenerator<ExportJournal[]> {
  let after: { date: string; journalId: string } | null = null;
  for (;;) {
    const rows = await journalPage(db, orgId, range, after, pageSize);
    const page = rows.slice(0, pageSize);
    const byJournal = new Map<string, ExportJournal['postings']>();
    for (const l of await linesOf(db, orgId, page.map((j) => j.journal_id))) {
      if (range.branchId && l.branch_id !== range.branchId) continue;
      const postings = byJournal.get(l.journal_id) ?? [];
      postings.push({ account_id: l.account_id, debit: Number(l.debit), credit: Number(l.credit) });
      byJournal.set(l.journal_id, postings);
    }
    yield page.flatMap((j) => {
      const postings = byJournal.get(j.journal_id);
      return postings ? [{ ...j, postings }] : [];
    });
    const last = page[page.length - 1];
    if (rows.length <= pageSize || !last) return;
    after = { date: last.entry_date, journalId: last.journal_id };
  }
}
