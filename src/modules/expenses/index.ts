export { expensesService, type ExpensesService } from './expenses.service';
export { expensesRoutes } from './expenses.routes';
export { CreateExpenseBody, Expense } from './expenses.schemas';
export { expensesLedgerCheck } from './expenses.ledger-check';
