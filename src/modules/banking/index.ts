export { bankReconciliationService, type BankReconciliationService } from './reconciliation.service';
export { bankReconciliationRoutes } from './reconciliation.routes';
