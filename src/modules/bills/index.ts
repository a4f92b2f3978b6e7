export { billsService, type BillsService } from './bills.service';
export { billsRoutes } from './bills.routes';
export { billsLedgerCheck } from './bills.ledger-check';
export { CreateBillBody } from './bills.schemas';
export type { BillRow } from './bills.repository';
export { billCreditTarget, billNoteParent, presentBillCredited } from './bills.note-target';
