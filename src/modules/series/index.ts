import type { Tx } from '../../db/database';
import { formatDocumentNumber, type DocumentNumbering } from '../documents/numbering.rules';
import { withinRule46 } from './number-length.rules';
import { seriesRepository } from './series.repository';

export { seriesService, type SeriesService, type NumberRequest } from './series.service';
export { seriesRoutes } from './series.routes';

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
