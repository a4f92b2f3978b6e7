import type { Tx } from '../../db/database';
import { seriesRepository } from './series.repository';

export { seriesService, type SeriesService, type NumberRequest } from './series.service';
export { seriesRoutes } from './series.routes';

/**
 * The next value of a per-organisation document counter (document_counters), for documents
 * numbered outside the invoice series (estimates, sales orders). Taken inside the caller's
 * transaction: the row stays locked until it ends, and a rollback gives the number back.
 */
export const takeCounter = (tx: Tx, orgId: string, counterKey: string): Promise<number> => seriesRepository.take(tx, orgId, counterKey);
