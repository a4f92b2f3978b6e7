import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import type { Gstr2bDocumentsTable, Gstr2bReturnsTable } from '../../db/itc-schema';

/** A month's uploads of one GSTIN's GSTR-2B, newest first: the current one (replaced_by null) heads the list. */
export const uploadsOfMonth = (db: Db, orgId: string, gstin: string, period: string) =>
  db.selectFrom('gstr2b_returns').selectAll().where('org_id', '=', orgId).where('gstin', '=', gstin).where('period', '=', period)
    .orderBy('created_time', 'desc').orderBy('gstr2b_id', 'desc').execute();

/** Each GSTIN and month (MMYYYY) among `periods` with a current upload. */
export const monthsUploaded = (db: Db, orgId: string, periods: readonly string[]) =>
  db.selectFrom('gstr2b_returns').select(['gstin', 'period']).where('org_id', '=', orgId).where('period', 'in', [...periods]).where('replaced_by', 'is', null)
    .orderBy('gstin').orderBy('period').execute();

/**
 * Two uploads of one month at once would each find the same current upload and both become
 * current: on PostgreSQL the month is held by a transaction-scoped advisory lock, so the second
 * waits and then finds the first. SQLite runs one writing transaction at a time.
 */
export async function holdMonth(tx: Tx, orgId: string, gstin: string, period: string): Promise<void> {
  if (engineOf(tx) !== 'postgres') return;
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${JSON.stringify(['gstr2b', orgId, gstin, period])}, 0))`.execute(tx);
}

export async function insertUpload(tx: Tx, row: Gstr2bReturnsTable): Promise<void> {
  await tx.insertInto('gstr2b_returns').values(row).execute();
}

/** The parts received so far of an upload still waiting for some. */
export async function recordParts(tx: Tx, orgId: string, gstr2bId: string, parts: readonly number[], itcSummary: string | null): Promise<void> {
  await tx.updateTable('gstr2b_returns').set({ parts_received: parts.length, received_parts: parts.join(','), itc_summary: itcSummary })
    .where('org_id', '=', orgId).where('gstr2b_id', '=', gstr2bId).execute();
}

export async function markReplaced(tx: Tx, orgId: string, gstr2bId: string, by: string): Promise<void> {
  await tx.updateTable('gstr2b_returns').set({ replaced_by: by }).where('org_id', '=', orgId).where('gstr2b_id', '=', gstr2bId).execute();
}

/** Rows per statement: 34 columns each stays well inside both engines' limit on parameters. */
const ROWS_PER_INSERT = 400;

export async function insertDocuments(tx: Tx, rows: readonly Gstr2bDocumentsTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await tx.insertInto('gstr2b_documents').values(rows.slice(i, i + ROWS_PER_INSERT)).execute();
  }
}

/** Per upload and section: documents, rejected ones, and the sums of their amounts. */
export const sectionTotals = (db: Db, orgId: string, gstr2bIds: readonly string[]) =>
  gstr2bIds.length === 0 ? Promise.resolve([]) : db.selectFrom('gstr2b_documents')
    .select((eb) => [
      'gstr2b_id', 'section',
      eb.fn.countAll<number>().as('documents'),
      eb.fn.sum<number>('rejected').as('rejected'),
      eb.fn.sum<number>('taxable_value').as('taxable_value'),
      eb.fn.sum<number>('igst').as('igst'),
      eb.fn.sum<number>('cgst').as('cgst'),
      eb.fn.sum<number>('sgst').as('sgst'),
      eb.fn.sum<number>('cess').as('cess'),
    ])
    .where('org_id', '=', orgId).where('gstr2b_id', 'in', gstr2bIds).groupBy(['gstr2b_id', 'section']).execute();

/** The documents of the current upload of each of a GSTIN's periods. */
export const currentDocumentRows = (db: Db, orgId: string, gstin: string, periods: readonly string[]) =>
  periods.length === 0 ? Promise.resolve([]) : db.selectFrom('gstr2b_documents as d')
    .innerJoin('gstr2b_returns as r', (j) => j.onRef('r.org_id', '=', 'd.org_id').onRef('r.gstr2b_id', '=', 'd.gstr2b_id'))
    .selectAll('d').where('d.org_id', '=', orgId).where('d.gstin', '=', gstin).where('d.period', 'in', periods).where('r.replaced_by', 'is', null)
    .orderBy('d.period').orderBy('d.gstr2b_document_id').execute();
