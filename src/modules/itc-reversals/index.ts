export { itcReversalsService, type ItcReversalsService } from './itc-reversals.service';
export { itcReversalsRoutes } from './itc-reversals.routes';
