export { billsOfEntryService, type BillsOfEntryService } from './bills-of-entry.service';
export { billsOfEntryRoutes } from './bills-of-entry.routes';
