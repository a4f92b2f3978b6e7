export { imsActionsService, type ImsActionsService } from './ims-actions.service';
export { imsActionsRoutes } from './ims-actions.routes';
export { imsActionsOf, type ImsActionRow } from './ims-actions.store';
export { gstr2bService } from './gstr2b.service';
export { gstr2bRoutes } from './gstr2b.routes';
export { reconciliationService, type ReconciliationService } from './reconciliation.service';
export { reconciliationRoutes } from './reconciliation.routes';
export { gstr2bItcBasis } from './gstr3b-gstr2b.basis';
export { currentGstr2bDocuments } from './gstr2b.reader';
