export { imsActionsService, type ImsActionsService } from './ims-actions.service';
export { imsActionsRoutes } from './ims-actions.routes';
export { imsActionsOf, type ImsActionRow } from './ims-actions.store';
