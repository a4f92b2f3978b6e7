export { ageingService, type AgeingService } from './ageing.service';
export { ageingRoutes } from './ageing.routes';
