export { creditNotesService, type CreditNotesService } from './credit-notes.service';
export { creditNotesRoutes } from './credit-notes.routes';
export { creditNotesLedgerCheck } from './credit-notes.ledger-check';
export { applyNoteInTx, unapplyNoteInTx } from './note-application';
