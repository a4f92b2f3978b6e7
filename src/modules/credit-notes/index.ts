export { creditNotesRoutes } from './credit-notes.routes';
