export { debitNotesRoutes } from './debit-notes.routes';
