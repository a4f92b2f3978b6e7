export { bankReconciliationService, type BankReconciliationService } from './reconciliation.service';
export { bankReconciliationRoutes } from './reconciliation.routes';
export { createFromLineService, type CreateFromLineService } from './create-from-line.service';
export { createFromLineRoutes } from './create-from-line.routes';
export { bankRulesService, type BankRulesService, type ImportedLines } from './rule.service';
export { bankRulesRoutes } from './rule.routes';
