export { ledgerService, type LedgerService, type Entry } from './ledger.service';
export type { JournalSource } from './ledger.posting';
export { ledgerReports, branchOfOrg, type LedgerReports, type DocumentLedgerCheck } from './ledger.reports';
export { ledgerRoutes } from './ledger.routes';
export { CreateJournalBody, Journal } from './ledger.schemas';
export type { PostingLine } from './ledger.posting';
export { entryDateOf, reversalRemedy } from './entry-dates.rules';
export { ledgerRepository } from './ledger.repository';
export { byAccountCode } from './account-order.rules';
