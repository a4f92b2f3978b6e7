export { imsActionsService, type ImsActionsService } from './ims-actions.service';
export { imsActionsRoutes } from './ims-actions.routes';
export { imsActionsOf, type ImsActionRow } from './ims-actions.store';
export { gstr2bService } from './gstr2b.service';
export { gstr2bRoutes } from './gstr2b.routes';
export { currentGstr2bDocuments, lastGstr1Filings } from './gstr2b.reader';
