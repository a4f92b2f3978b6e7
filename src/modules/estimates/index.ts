export { estimatesService, type EstimatesService } from './estimates.service';
export { estimatesRoutes } from './estimates.routes';
