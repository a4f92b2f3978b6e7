export { purchaseTaxRoutes } from './blocked-credit.routes';
