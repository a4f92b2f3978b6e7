export { financialStatements, type FinancialStatements } from './statements.service';
export { financialStatementsRoutes } from './statements.routes';
