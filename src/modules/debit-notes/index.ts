export { debitNotesService, type DebitNotesService } from './debit-notes.service';
export { debitNotesRoutes } from './debit-notes.routes';
export { debitNotesLedgerCheck } from './debit-notes.ledger-check';
