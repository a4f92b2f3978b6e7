import type { Db, Tx } from '../../db/database';
import type { CursorPosition } from '../../kernel/cursor';
import { formatDocumentNumber, type DocumentNumbering } from '../documents/numbering.rules';
import { withinRule46 } from './number-length.rules';
import { gstinOfRegistration, type SeriesDocumentType } from './series.rules';
import { seriesRepository } from './series.repository';

export { seriesService, type SeriesService, type NumberRequest, type NumberingLog } from './series.service';
export { seriesRoutes } from './series.routes';
export { NumberingConflict } from './series.schemas';

/** One page of an organisation's legacy duplicate numbers (migration 033), as the admin API lists them. */
export async function listNumberingConflicts(db: Db, orgId: string, after: CursorPosition | null, limit: number) {
  const rows = await seriesRepository.legacyDuplicates(db, orgId, after, limit);
  return rows.map((r) => ({
    document_type: r.document_type as SeriesDocumentType, document_id: r.document_id, document_number: r.document_number, branch_id: r.branch_id,
    gstin: gstinOfRegistration(r.registration), financial_year: r.financial_year, kept_by_document_id: r.kept_by ?? null,
    created_time: new Date(r.created_time).toISOString(),
  }));
}

/**
 * The next number of a document received that the sender did not number (our own bill and
 * debit note numbers), from its per-organisation counter (document_counters): documents
 * received never consume an issued series. Taken inside
 * the caller's transaction: the row stays locked until it ends, and a rollback gives the number
 * back, so a number past Rule 46(b)'s 16 characters (409, named by the counter) bumps nothing.
 */
export async function takeDocumentNumber(tx: Tx, orgId: string, numbering: DocumentNumbering): Promise<string> {
  const value = await seriesRepository.take(tx, orgId, numbering.counterKey);
  return withinRule46(numbering.counterKey, formatDocumentNumber(numbering, value));
}
