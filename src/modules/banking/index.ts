export { statementImportService, type AfterImport, type StatementImportService } from './statement-import.service';
export { statementsRoutes } from './statements.routes';
export { bankLinesService, type BankLinesService } from './bank-lines.service';
export { bankLinesRoutes } from './bank-lines.routes';
