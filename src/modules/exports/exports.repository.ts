import type { Db } from '../../db/database';
import type { ExportJournal } from './ledger-transactions.rules';

export interface ExportRange { from: string; to: string; branchId: string | null }

/**
 * The journals of a range in date order, each with its lines (in one branch's books, when a
 * branch is named) and its party's name. Two ordered scans, lines joined to their journal here.
 */
export async function journalsOf(db: Db, orgId: string, range: ExportRange): Promise<ExportJournal[]> {
  let lines = db.selectFrom('journal_lines').select(['journal_id', 'account_id', 'debit', 'credit'])
    .where('org_id', '=', orgId).where('entry_date', '>=', range.from).where('entry_date', '<=', range.to);
  if (range.branchId) lines = lines.where('branch_id', '=', range.branchId);
  const [journals, rows] = await Promise.all([
    db.selectFrom('journals as j')
      .leftJoin('contacts as c', (join) => join.onRef('c.org_id', '=', 'j.org_id').onRef('c.contact_id', '=', 'j.contact_id'))
      .select(['j.journal_id', 'j.entry_date', 'j.source', 'j.source_ref', 'j.kind', 'j.memo', 'c.contact_name'])
      .where('j.org_id', '=', orgId).where('j.entry_date', '>=', range.from).where('j.entry_date', '<=', range.to)
      .orderBy('j.entry_date').orderBy('j.journal_id').execute(),
    lines.orderBy('journal_id').orderBy('position').execute(),
  ]);
  const byJournal = new Map<string, ExportJournal['postings']>();
  for (const l of rows) {
    const postings = byJournal.get(l.journal_id) ?? [];
    postings.push({ account_id: l.account_id, debit: Number(l.debit), credit: Number(l.credit) });
    byJournal.set(l.journal_id, postings);
  }
  // A journal with no line in the branch's books is not in them.
  return journals.flatMap((j) => {
    const postings = byJournal.get(j.journal_id);
    return postings ? [{ ...j, postings }] : [];
  });
}

export const accountsOf = (db: Db, orgId: string) =>
  db.selectFrom('accounts').select(['account_id', 'account_name', 'account_code', 'account_type', 'system_key']).where('org_id', '=', orgId).execute();
