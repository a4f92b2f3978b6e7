import type { Db } from '../../db/database';
import { notFound } from '../../kernel/errors';
import { periodOfDate } from './reconciliation-row.rules';


/** Where each kind of books document keeps its date, by its id's prefix. */
const BOOKS = {
  bill: { table: 'bills', id: 'bill_id', date: 'bill_date' },
  exp: { table: 'expenses', id: 'expense_id', date: 'expense_date' },
  cn: { table: 'credit_notes', id: 'credit_note_id', date: 'note_date' },
  boe: { table: 'bills_of_entry', id: 'bill_of_entry_id', date: 'boe_date' },
} as const;

/**
 * The registration and month a reconciliation row belongs to, from its id alone: a 2B document's
 * return, or the branch and date of a document of the books. 404 for any other id.
 */
export async function locateRow(db: Db, orgId: string, id: string): Promise<{ gstin: string; period: string }> {
  if (id.startsWith('g2bd_')) {
    const row = await db.selectFrom('gstr2b_documents').select(['gstin', 'period']).where('org_id', '=', orgId).where('gstr2b_document_id', '=', id).executeTakeFirst();
    if (row) return row;
  }
  const kind = BOOKS[id.slice(0, id.indexOf('_')) as keyof typeof BOOKS];
  if (kind) {
    const row = await db.selectFrom(`${kind.table} as d` as 'bills as d')
      .innerJoin('branches as b', (j) => j.onRef('b.org_id', '=', 'd.org_id').onRef('b.branch_id', '=', 'd.branch_id'))
      .innerJoin('orgs as o', 'o.org_id', 'd.org_id')
      .select([`d.${kind.date}` as 'd.bill_date', 'b.gstin as branch_gstin', 'o.gstin as org_gstin'])
      .where('d.org_id', '=', orgId).where(`d.${kind.id}` as 'd.bill_id', '=', id).executeTakeFirst();
    const gstin = row?.branch_gstin ?? row?.org_gstin;
    if (row && gstin) return { gstin, period: periodOfDate(row.bill_date) };
  }
  throw notFound('reconciliation row');
}
