export { paymentsService, type PaymentsService } from './payments.service';
export { paymentsRoutes } from './payments.routes';
