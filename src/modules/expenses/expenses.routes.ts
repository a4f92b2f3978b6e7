import { Type } from '@sinclair/typebox';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { RECONCILED } from '../../platform/banking/reconciled';
import { PERIOD_CLOSED } from '../../platform/orgs/period-lock.rules';
import { CreateExpenseBody, Expense, ListExpensesQuery, UpdateExpenseBody } from './expenses.schemas';
import type { ExpensesService } from './expenses.service';

const tags = ['Expenses'];
const ExpenseIdParam = IdParam('expense_id');
const response = { expense: Expense };

export function expensesRoutes(expenses: ExpensesService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/expenses', operationId: 'listExpenses', summary: 'List expenses, newest first', tags,
      access: 'Svc.expenses.READ', query: ListExpensesQuery, response: { expenses: Type.Array(Expense), page_context: PageContext },
      handle: ({ ctx, query }) => expenses.listExpenses(ctx, query),
    }),
    route({
      method: 'GET', url: '/expenses/:expense_id', operationId: 'getExpense', summary: 'Get an expense with its lines and taxes', tags,
      access: 'Svc.expenses.READ', params: ExpenseIdParam, response,
      handle: ({ ctx, params }) => expenses.getExpense(ctx, params.expense_id),
    }),
    route({
      method: 'POST', url: '/expenses', operationId: 'createExpense', failsWithCodes: PERIOD_CLOSED,
      summary: 'Record an expense: Dr expense account(s) and GST input, Cr the paid-through account (reverse charge and blocked credit included)', tags,
      access: 'Svc.expenses.CREATE', body: CreateExpenseBody, status: 201, message: 'The expense has been recorded.', response,
      handle: ({ ctx, body }) => expenses.createExpense(ctx, body),
    }),
    route({
      method: 'PUT', url: '/expenses/:expense_id', operationId: 'updateExpense', failsWithCodes: [...PERIOD_CLOSED, ...RECONCILED], summary: 'Update an expense: its journal is reversed and posted again', tags,
      access: 'Svc.expenses.UPDATE', params: ExpenseIdParam, body: UpdateExpenseBody, message: 'The expense has been updated.', response,
      handle: ({ ctx, params, body }) => expenses.updateExpense(ctx, params.expense_id, body),
    }),
    route({
      method: 'DELETE', url: '/expenses/:expense_id', operationId: 'deleteExpense', failsWithCodes: [...PERIOD_CLOSED, ...RECONCILED], summary: 'Delete an expense: its journal is reversed', tags,
      access: 'Svc.expenses.DELETE', params: ExpenseIdParam, message: 'The expense has been deleted.', response: { expense_id: Type.String() },
      handle: ({ ctx, params }) => expenses.deleteExpense(ctx, params.expense_id),
    }),
  ];
}
