export { recurringService, type RecurringService, type Generator } from './recurring.service';
export { recurringRoutes } from './recurring.routes';
