import type { Db, Tx } from '../../db/database';
import type { ItcLinksTable } from '../../db/itc-schema';
import type { SupplierDocumentKey } from './itc-documents';
import type { ManualDecision } from './matcher.rules';
import { supplierDocumentKey } from './matcher.rules';

/** A person's link of a supplier document to a document of the books, or refusal of a suggested pair. */
export type LinkRow = ItcLinksTable & { decision: 'LINKED' | 'REFUSED' };

const keyOf = (row: Pick<LinkRow, 'supplier_gstin' | 'document_type' | 'financial_year' | 'number_key'>) =>
  supplierDocumentKey({ supplierGstin: row.supplier_gstin === '' ? null : row.supplier_gstin, documentType: row.document_type as SupplierDocumentKey['documentType'], financialYear: row.financial_year, numberKey: row.number_key });

/** The decisions recorded for one GSTIN, as the matcher takes them. */
export async function decisionsOf(db: Db, orgId: string, gstin: string): Promise<ManualDecision[]> {
  const rows = await db.selectFrom('itc_links').selectAll().where('org_id', '=', orgId).where('gstin', '=', gstin).execute();
  return rows.map((r) => ({ gstr2bKey: keyOf(r), booksId: r.books_id, decision: r.decision as ManualDecision['decision'] }));
}

/** Records a decision on a pair, replacing any earlier one on the same supplier document or the same books document. */
export async function saveDecision(tx: Tx, row: LinkRow): Promise<void> {
  await forgetDecisions(tx, row);
  await tx.insertInto('itc_links').values(row).execute();
}

/** Forgets what was decided about a supplier document with a books document; a LINKED decision also frees each of them for other pairs. */
async function forgetDecisions(tx: Tx, row: Pick<LinkRow, 'org_id' | 'gstin' | 'supplier_gstin' | 'document_type' | 'financial_year' | 'number_key' | 'books_id'>): Promise<void> {
  await tx.deleteFrom('itc_links').where('org_id', '=', row.org_id).where('gstin', '=', row.gstin)
    .where((w) => w.or([
      w.and([w('supplier_gstin', '=', row.supplier_gstin), w('document_type', '=', row.document_type), w('financial_year', '=', row.financial_year), w('number_key', '=', row.number_key), w.or([w('books_id', '=', row.books_id), w('decision', '=', 'LINKED')])]),
      w.and([w('books_id', '=', row.books_id), w('decision', '=', 'LINKED')]),
    ])).execute();
}
