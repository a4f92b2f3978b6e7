export { financialStatements, type FinancialStatements } from './statements.service';
export { financialStatementsRoutes } from './statements.routes';
export { statementRange } from './report-periods.rules';
export { accountOpening, yearOpenings } from './year-openings';
export { accountMovements } from './statements.repository';
