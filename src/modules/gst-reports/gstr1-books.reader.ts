import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { TaxBySource } from './gstr1-summary.rules';

const OUTPUT_LEDGERS = ['cgst_output', 'sgst_output', 'igst_output', 'cess_output'];

/**
 * The movement on the output GST ledgers (CGST, SGST, IGST and cess; the reverse-charge ledger apart) of
 * one registration's branches in a period, per source of the entries (a document, a journal):
 * credit less debit, so a posting and its reversal cancel.
 */
export async function outputTaxBySource(db: Db, s: { orgId: string; branches: string[]; from: string; to: string }): Promise<TaxBySource[]> {
  const rows = await db.selectFrom('journal_lines as l')
    .innerJoin('journals as j', (jn) => jn.onRef('j.org_id', '=', 'l.org_id').onRef('j.journal_id', '=', 'l.journal_id'))
    .innerJoin('accounts as a', (jn) => jn.onRef('a.org_id', '=', 'l.org_id').onRef('a.account_id', '=', 'l.account_id'))
    .select(['j.source', 'j.source_id', sql<string | null>`max(j.source_ref)`.as('number'), sql<string>`sum(l.credit - l.debit)`.as('tax')])
    .where('l.org_id', '=', s.orgId).where('l.branch_id', 'in', s.branches).where('a.system_key', 'in', OUTPUT_LEDGERS)
    .where('l.entry_date', '>=', s.from).where('l.entry_date', '<=', s.to)
    .groupBy(['j.source', 'j.source_id']).execute();
  return rows.map((r) => ({ source: r.source, sourceId: r.source_id, number: r.number, tax: Number(r.tax) }));
}
