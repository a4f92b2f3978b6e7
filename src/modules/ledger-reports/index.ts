import type { Db } from '../../db/database';
import type { Clock } from '../../kernel/clock';
import type { CursorCodec } from '../../kernel/cursor';
import type { RouteDef } from '../../http/route';
import { dayBookService } from './day-book.service';
import { generalLedgerService } from './general-ledger.service';
import { ledgerReportRoutes } from './ledger-reports.routes';
import { reportRange } from './report-range';

/** The books an accountant reads line by line: the general ledger, the cash book and the day book. */
export function ledgerBooksRoutes(deps: { db: Db; clock: Clock; cursors: CursorCodec }): RouteDef[] {
  const books = { db: deps.db, cursors: deps.cursors, rangeOf: reportRange(deps.clock) };
  return ledgerReportRoutes(generalLedgerService(books), dayBookService(books));
}
export { journalPage, linesOf } from './day-book.repository';
